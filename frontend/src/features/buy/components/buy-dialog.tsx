import { useCallback, useId, useMemo, useState } from 'react';
import { AsyncButton } from '@/components/ui/async-button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Modal } from '@/components/ui/modal';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { explorerTxUrl } from '@/config/explorer';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { removeFromCart, useCart, useCartDispatch } from '@/lib/cart';
import { CURRENCY_SYMBOLS, useCurrency } from '@/lib/currency';
import { useFees, usePrices } from '@/lib/fees-api';
import type { FeeRecord } from '@/lib/market-records';
import { useSession, walletTypeOf } from '@/lib/session';
import { useCurrentUser } from '@/lib/user-api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { formatFiat } from '@/utils/fiat';
import { formatBtc } from '@/utils/money';
import { useGetBuyItemsQuery } from '../api';
import { buyEstimate, type BuyEstimate } from '../estimate';
import { desiredFeeRate, FEE_CHOICES, feeRateOf, formatRate, type FeeChoice } from '../fees';
import { isBuyable, itemName } from '../items';
import { MESSAGES, walletNotInstalled } from '../messages';
import { isSigningWallet, providerOf, SIGNING_WALLETS, type PsbtWindow, type SigningWallet } from '../psbt-wallets';
import { amountFor, formatQuantity, maxQuantity, normalizeQuantity, parseQuantity, quantityLocked } from '../quantity';
import type { BuyItem } from '../types';
import { useBuy } from '../use-buy';

/** How long the estimate waits for the quantities and the fee option to settle (spec: 500 ms in wallet dialogs). */
export const ESTIMATE_DEBOUNCE_MS = 500;

/** The text of a listing the server did not return. */
const NOT_FOUND = 'Dispenser not found';

/** Satoshis in BTC, and in the chosen currency when its price is known. */
function Money({ sats }: { sats: bigint | number }) {
  const currency = useCurrency();
  const price = usePrices()?.rates[currency];
  return (
    <>
      {formatBtc(sats.toString())}
      {price !== undefined && (
        <span className="buy-money__fiat"> ≈ {formatFiat(sats, price, CURRENCY_SYMBOLS[currency])}</span>
      )}
    </>
  );
}

type ItemRowProps = {
  item: BuyItem;
  /** The quantity typed, and its change. */
  typed: string;
  onType: (text: string) => void;
  /** The quantity the rules make of the typed one, in base units. */
  quantity: bigint;
  onRemove: () => void;
};

/** A listing of the cart: picture, name, price per lot, quantity with 'Max', or the reason it cannot be bought. */
function ItemRow({ item, typed, onType, quantity, onRemove }: ItemRowProps) {
  const id = useId();
  const name = itemName(item);
  const buyable = isBuyable(item);
  const lot = BigInt(item.give_quantity);
  const remaining = BigInt(item.give_remaining);
  const locked = quantityLocked(lot, remaining);
  return (
    <li className="buy-item">
      <FallbackImage
        sources={[item.url]}
        alt={name}
        className="buy-item__image"
        placeholderClassName="buy-item__image buy-item__image--none"
        loading="eager"
      />
      <div className="buy-item__body">
        <p className="buy-item__name">
          {name}
          {item.tx_hash.includes(':') && <span className="badge">Atomic swap</span>}
        </p>
        {buyable ? (
          <>
            <p className="buy-item__price">
              <Money sats={item.price} /> per {formatQuantity(lot, item.divisible)}
            </p>
            <div className="field__row buy-item__quantity">
              <label className="visually-hidden" htmlFor={id}>
                Quantity of {name}
              </label>
              <input
                id={id}
                className="field__input"
                inputMode={item.divisible ? 'decimal' : 'numeric'}
                autoComplete="off"
                value={typed}
                disabled={locked}
                onChange={(event) => {
                  onType(event.target.value);
                }}
                onBlur={() => {
                  onType(formatQuantity(quantity, item.divisible));
                }}
              />
              <button
                type="button"
                className="button button--ghost buy-item__max"
                disabled={locked}
                onClick={() => {
                  onType(formatQuantity(maxQuantity(lot, remaining), item.divisible));
                }}
              >
                Max
              </button>
            </div>
            <p className="buy-item__remaining">
              Remaining: {formatQuantity(remaining, item.divisible)} ·{' '}
              <Money sats={amountFor(item.price, quantity, lot)} />
            </p>
          </>
        ) : (
          <p className="buy-item__error">{item.error ?? NOT_FOUND}</p>
        )}
      </div>
      <button type="button" className="buy-item__remove" aria-label={`Remove ${name} from the cart`} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}

/** The fee options with their rates. */
function FeeOptions({
  choice,
  onChoose,
  fees,
}: {
  choice: FeeChoice;
  onChoose: (c: FeeChoice) => void;
  fees?: FeeRecord;
}) {
  const name = useId();
  return (
    <fieldset className="buy-fees">
      <legend className="field__label">Fee</legend>
      {FEE_CHOICES.map((option) => (
        <label key={option.id} className="buy-fees__option">
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={choice === option.id}
            onChange={() => {
              onChoose(option.id);
            }}
          />
          {option.label}
          {fees && <span className="buy-fees__rate">{formatRate(feeRateOf(option.id, fees))}</span>}
        </label>
      ))}
      {!fees && (
        <p className="buy-fees__loading" role="status">
          {MESSAGES.feeLoading}
        </p>
      )}
    </fieldset>
  );
}

/** The estimate: items, network fee, service fee, royalties and the total, in BTC and the chosen currency. */
function EstimateList({ estimate, pending }: { estimate: BuyEstimate; pending: boolean }) {
  return (
    <dl className="buy-estimate info-list" aria-label="Estimate" aria-busy={pending}>
      <div className="info-list__row">
        <dt>Items</dt>
        <dd>
          <Money sats={estimate.items} />
        </dd>
      </div>
      <div className="info-list__row">
        <dt>Network fee (~{estimate.vsize} vB)</dt>
        <dd>
          <Money sats={estimate.networkFee} />
        </dd>
      </div>
      <div className="info-list__row">
        <dt>Service fee</dt>
        <dd>
          <Money sats={estimate.walletFee} />
        </dd>
      </div>
      {estimate.royalties > BigInt(0) && (
        <div className="info-list__row">
          <dt>Royalties</dt>
          <dd>
            <Money sats={estimate.royalties} />
          </dd>
        </div>
      )}
      <div className="info-list__row buy-estimate__total">
        <dt>Total</dt>
        <dd>
          <Money sats={estimate.total} />
        </dd>
      </div>
    </dl>
  );
}

/** The transactions sent, each linking to the block explorer. */
function BuySuccess({ txids, notices, onClose }: { txids: string[]; notices: string[]; onClose: () => void }) {
  return (
    <div className="buy-success">
      <Notices notices={notices} />
      <p role="status">{txids.length > 1 ? 'Transactions sent' : 'Transaction sent'}</p>
      <ul className="buy-success__list" aria-label="Transactions">
        {txids.map((txid) => (
          <li key={txid}>
            <a className="mono" href={explorerTxUrl(txid)} target="_blank" rel="noopener noreferrer">
              {txid}
            </a>
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

function Notices({ notices }: { notices: string[] }) {
  if (notices.length === 0) return null;
  return (
    <ul className="buy-notices" role="alert">
      {notices.map((notice) => (
        <li key={notice}>{notice}</li>
      ))}
    </ul>
  );
}

/** The failure text of the listings' call: 'API Error' without an answer, the server's reason, else the generic one. */
function itemsFailure(error: Parameters<typeof errorStatus>[0]): string {
  if (error && 'status' in error && error.status === 'FETCH_ERROR') return MESSAGES.apiError;
  return errorMessage(error) ?? GENERIC_ERROR;
}

type BuyFormProps = {
  hashes: string[];
  wallet: SigningWallet;
  onRefused: (message: string) => void;
  onSent: (txids: string[], notices: string[]) => void;
  page: PsbtWindow;
};

function BuyForm({ hashes, wallet, onRefused, onSent, page }: BuyFormProps) {
  const dispatch = useCartDispatch();
  const { data, error, isLoading } = useGetBuyItemsQuery(hashes);
  const fees = useFees();
  const { user, failed: userFailed } = useCurrentUser();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [choice, setChoice] = useState<FeeChoice>('optimal');
  const [submitting, setSubmitting] = useState(false);

  // The cart's listings in its order; one the server did not return shows as not found.
  const items = useMemo(
    () =>
      hashes.map(
        (hash): BuyItem =>
          data?.find((item) => item.tx_hash === hash) ?? {
            tx_hash: hash,
            source: '',
            owner: '',
            origin: '',
            cpid: '',
            asset_longname: null,
            divisible: false,
            give_quantity: '0',
            give_remaining: '0',
            price: 0,
            url: '',
            error: NOT_FOUND,
          },
      ),
    [data, hashes],
  );
  const names = useMemo(() => new Map(items.map((item) => [item.tx_hash, itemName(item)])), [items]);
  const buy = useBuy({ names, onRefused, onSent, page });

  const typedOf = (item: BuyItem) => typed[item.tx_hash] ?? formatQuantity(BigInt(item.give_quantity), item.divisible);
  const quantities = new Map(
    items
      .filter(isBuyable)
      .map((item) => [
        item.tx_hash,
        normalizeQuantity(
          parseQuantity(typedOf(item), item.divisible),
          BigInt(item.give_quantity),
          BigInt(item.give_remaining),
        ),
      ]),
  );
  const lines = items.flatMap((item) => {
    const quantity = quantities.get(item.tx_hash);
    return quantity === undefined
      ? []
      : [{ item, quantity, amount: amountFor(item.price, quantity, BigInt(item.give_quantity)) }];
  });
  const source = user?.currentAddress ?? '';

  // The estimate follows the quantities and the fee option once they have settled for 500 ms.
  const key = JSON.stringify([choice, lines.map((line) => [line.item.tx_hash, line.quantity.toString()])]);
  const settledKey = useDebouncedValue(key, ESTIMATE_DEBOUNCE_MS);
  const estimate = useMemo(() => {
    if (!fees) return null;
    const [settledChoice, settled] = JSON.parse(settledKey) as [FeeChoice, [string, string][]];
    const settledLines = settled.flatMap(([hash, quantity]) => {
      const item = items.find((candidate) => candidate.tx_hash === hash);
      if (!item || !isBuyable(item)) return [];
      const amount = amountFor(item.price, BigInt(quantity), BigInt(item.give_quantity));
      return [{ amount, owner: item.owner, origin: item.origin }];
    });
    return buyEstimate(settledLines, source, feeRateOf(settledChoice, fees));
  }, [fees, items, settledKey, source]);

  const submit = useCallback(async () => {
    if (!fees) return;
    setSubmitting(true);
    try {
      // The inputs show what is bought.
      setTyped((shown) => {
        const next = { ...shown };
        for (const line of lines) next[line.item.tx_hash] = formatQuantity(line.quantity, line.item.divisible);
        return next;
      });
      const now = buyEstimate(
        lines.map((line) => ({ amount: line.amount, owner: line.item.owner, origin: line.item.origin })),
        source,
        feeRateOf(choice, fees),
      );
      // Without a line the button is disabled.
      if (!now) return;
      await buy.submit({
        source,
        lines: lines.map((line) => ({ txHash: line.item.tx_hash, seller: line.item.source, amount: line.amount })),
        estimate: now,
        desiredFeeRate: desiredFeeRate(choice, fees),
        wallet,
      });
    } finally {
      setSubmitting(false);
    }
  }, [buy, choice, fees, lines, source, wallet]);

  if (isLoading) return <Loading />;
  if (error && !data) return <ErrorNotice message={itemsFailure(error)} />;

  const installed = providerOf(wallet, page) !== null;
  return (
    <form
      className="buy"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <Notices notices={buy.notices} />
      {!installed && (
        <p className="buy__warning" role="status">
          {walletNotInstalled(SIGNING_WALLETS[wallet])}
        </p>
      )}
      <fieldset className="buy__fields" disabled={submitting}>
        <ul className="buy-items" aria-label="Cart">
          {items.map((item) => (
            <ItemRow
              key={item.tx_hash}
              item={item}
              typed={typedOf(item)}
              quantity={quantities.get(item.tx_hash) ?? BigInt(0)}
              onType={(text) => {
                setTyped((shown) => ({ ...shown, [item.tx_hash]: text }));
              }}
              onRemove={() => {
                dispatch(removeFromCart([item.tx_hash]));
              }}
            />
          ))}
        </ul>
        <FeeOptions choice={choice} onChoose={setChoice} fees={fees} />
        {estimate && <EstimateList estimate={estimate} pending={settledKey !== key} />}
        {userFailed && !source && <p className="buy__error">{MESSAGES.sourceRequired}</p>}
        <p className="buy__error" role="alert">
          {buy.error ?? ''}
        </p>
        <div className="modal__actions">
          <AsyncButton
            type="submit"
            className="button buy__submit"
            disabled={!fees || lines.length === 0 || !source}
            onClick={submit}
          >
            Buy
          </AsyncButton>
        </div>
      </fieldset>
    </form>
  );
}

type BuyDialogProps = {
  onClose: () => void;
  /** Every listing failed: the dialog closes and the page shows `message`. */
  onRefused: (message: string) => void;
  /** Where the wallets are injected (the window by default; tests pass their own). */
  page?: PsbtWindow;
};

/**
 * The buy dialog (spec §4, §8, §9): the cart's listings with their quantities (the spec's rules on blur, 'Max'),
 * the fee options, the estimate in BTC and the chosen currency, then 'Buy': the server builds the PSBT, the
 * signed-in wallet signs it, the server broadcasts it, and the transaction ids link to the block explorer.
 */
export function BuyDialog({ onClose, onRefused, page = window as PsbtWindow }: BuyDialogProps) {
  const { hashes } = useCart();
  const wallet = walletTypeOf(useSession().logged);
  // Once sent, the dialog shows the transactions, though the listings bought have left the cart.
  const [sent, setSent] = useState<{ txids: string[]; notices: string[] } | null>(null);
  const onSent = useCallback((txids: string[], notices: string[]) => {
    setSent({ txids, notices });
  }, []);
  return (
    <Modal title="Buy" onClose={onClose}>
      {sent ? (
        <BuySuccess txids={sent.txids} notices={sent.notices} onClose={onClose} />
      ) : !isSigningWallet(wallet) ? null : hashes.length === 0 ? (
        <ErrorNotice message={MESSAGES.noHashes} />
      ) : (
        <BuyForm hashes={hashes} wallet={wallet} onRefused={onRefused} onSent={onSent} page={page} />
      )}
    </Modal>
  );
}

import { useCallback, useId, useMemo, useState } from 'react';
import { AsyncButton } from '@/components/ui/async-button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Modal } from '@/components/ui/modal';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { EstimateList } from '@/components/wallet/estimate-list';
import { FeeOptions } from '@/components/wallet/fee-options';
import { Money } from '@/components/wallet/money';
import { TxSuccess } from '@/components/wallet/tx-success';
import { WalletInstalledNotice } from '@/components/wallet/wallet-installed';
import { errorMessage, errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { removeFromCart, useCart, useCartDispatch } from '@/lib/cart';
import { useFees } from '@/lib/fees-api';
import { useSession, walletTypeOf } from '@/lib/session';
import { useCurrentUser } from '@/lib/user-api';
import { desiredFeeRate, feeRateOf, type FeeChoice } from '@/lib/wallet/fees';
import { isSigningWallet, type PsbtWindow, type SigningWallet } from '@/lib/wallet/psbt-wallets';
import { quotedBuild, quoteRows, settledAnswer, useQuote } from '@/lib/wallet/quote';
import { formatQuantity, maxQuantity, normalizeQuantity, parseQuantity } from '@/utils/quantity';
import { useCreateBuyMutation, useGetBuyItemsQuery } from '../api';
import { buyEstimate } from '../estimate';
import { isBuyable, itemName } from '../items';
import { MESSAGES } from '../messages';
import { failureLine, outcomeOf } from '../outcome';
import { amountFor, quantityLocked } from '../quantity';
import type { BuyItem, CreateBuyBody } from '../types';
import { useBuy } from '../use-buy';

/** How long a quote waits for the quantities and the fee option to settle (spec: 500 ms in wallet dialogs). */
export const ESTIMATE_DEBOUNCE_MS = 500;

/** The text of a listing the server did not return. */
const NOT_FOUND = 'Dispenser not found';

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

function toNumber(sats: bigint): number {
  if (sats > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount out of range');
  return Number(sats);
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

  // The quote: what the server builds for the quantities and the fee option once they have settled for 500 ms, shown
  // line by line and signed as it is. The call carries the fee and royalties the spec's estimate gives (the server
  // charges its own, which the quote shows).
  const [create] = useCreateBuyMutation();
  const rate = fees ? desiredFeeRate(choice, fees) : 0;
  const key =
    fees && source && lines.length > 0
      ? JSON.stringify([source, rate, lines.map((line) => [line.item.tx_hash, line.quantity.toString()])])
      : null;
  const quote = useQuote(
    key,
    () => {
      const estimate = buyEstimate(
        lines.map((line) => ({ amount: line.amount, owner: line.item.owner, origin: line.item.origin })),
        source,
        fees ? feeRateOf(choice, fees) : 0,
      );
      const body: CreateBuyBody = {
        source,
        tx_hashes: lines.map((line) => line.item.tx_hash),
        destinations: lines.map((line) => [line.item.source, toNumber(line.amount)]),
        fee: toNumber(estimate?.walletFee ?? BigInt(0)),
        royalties: toNumber(estimate?.royalties ?? BigInt(0)),
        isPsbt: true,
        desiredFeeRate: rate,
      };
      return create(body);
    },
    ESTIMATE_DEBOUNCE_MS,
  );
  const build = quotedBuild(quote);
  const shown = build ? quoteRows(build, { rest: 'Items', royalties: 'Royalties' }) : null;
  const settled = settledAnswer(quote);
  const outcome = settled ? outcomeOf(settled) : null;
  // What the quote leaves out, before anything is signed: the listings that fail, or the reason nothing was built.
  const quoteNotices =
    outcome?.kind === 'built' || outcome?.kind === 'refused'
      ? outcome.failures.map((failure) => failureLine(failure, names))
      : [];
  const refusal = outcome?.kind === 'failed' ? outcome.message : null;

  const submit = useCallback(async () => {
    if (!outcome) return;
    setSubmitting(true);
    try {
      // The inputs show what is bought.
      setTyped((shown) => {
        const next = { ...shown };
        for (const line of lines) next[line.item.tx_hash] = formatQuantity(line.quantity, line.item.divisible);
        return next;
      });
      await buy.submit({ source, hashes: lines.map((line) => line.item.tx_hash), created: outcome, wallet });
    } finally {
      setSubmitting(false);
    }
  }, [buy, lines, outcome, source, wallet]);

  if (isLoading) return <Loading />;
  if (error && !data) return <ErrorNotice message={itemsFailure(error)} />;

  return (
    <form
      className="buy"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <Notices notices={buy.notices.length > 0 ? buy.notices : quoteNotices} />
      <WalletInstalledNotice wallet={wallet} page={page} />
      <fieldset className="wallet-form__fields" disabled={submitting}>
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
        {shown && <EstimateList rows={shown.rows} total={shown.total} pending={quote.state === 'building'} />}
        {userFailed && !source && <p className="wallet-form__error">{MESSAGES.sourceRequired}</p>}
        <p className="wallet-form__error" role="alert">
          {buy.error ?? refusal ?? ''}
        </p>
        <div className="modal__actions">
          <AsyncButton
            type="submit"
            className="button wallet-form__submit"
            disabled={!fees || lines.length === 0 || !source || outcome === null || outcome.kind === 'failed'}
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
 * the fee options, the quote in BTC and the chosen currency (each line and the total read off the PSBTs the server
 * built for the cart as it is, built again on every change), then 'Buy': the signed-in wallet signs that very build,
 * the server broadcasts it, and the transaction ids link to the block explorer.
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
        <TxSuccess txids={sent.txids} onClose={onClose}>
          <Notices notices={sent.notices} />
        </TxSuccess>
      ) : !isSigningWallet(wallet) ? null : hashes.length === 0 ? (
        <ErrorNotice message={MESSAGES.noHashes} />
      ) : (
        <BuyForm hashes={hashes} wallet={wallet} onRefused={onRefused} onSent={onSent} page={page} />
      )}
    </Modal>
  );
}

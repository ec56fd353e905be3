import { useId, useMemo, useState } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { desiredFeeRate } from '@/lib/wallet/fees';
import type { PsbtWindow, SigningWallet } from '@/lib/wallet/psbt-wallets';
import { settledAnswer, useQuote } from '@/lib/wallet/quote';
import { formatDecimal } from '@/utils/format';
import { formatBtc } from '@/utils/money';
import { useCreateSrc20MintMutation, useGetPromoQuery } from '../api';
import {
  normalizeAmount,
  SRC20_PROMO_PRICE,
  src20AmountProblem,
  src20Urgent,
  src20Warning,
  src20Warns,
  type Src20Mint,
} from '../src20-rules';
import type { PromoAnswer } from '../types';
import { useMint } from '../use-mint';
import { ESTIMATE_DEBOUNCE_MS, MintDialog, MintForm, useMintInputs } from './mint-form';

/** 'Only n/1000 left' (spec §9): the promo's mints left. */
export function promoLeftText(promo: Pick<PromoAnswer, 'left' | 'limit'>): string {
  return `Only ${String(promo.left)}/${String(promo.limit)} left`;
}

/** The promo when it has mints left, read defensively; null otherwise. */
function openPromo(value: unknown): PromoAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { left, limit, price } = value as Partial<Record<keyof PromoAnswer, unknown>>;
  if (typeof left !== 'number' || !Number.isSafeInteger(left) || left <= 0) return null;
  return {
    left,
    limit: typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 ? limit : 1000,
    price: typeof price === 'number' && Number.isSafeInteger(price) && price >= 0 ? price : SRC20_PROMO_PRICE,
  };
}

type Src20MintDialogProps = {
  src20: Src20Mint;
  wallet: SigningWallet;
  page: PsbtWindow;
  onClose: () => void;
};

/**
 * The SRC-20 mint dialog (spec §4, §9): the tick's progress, a warning past 20%, the amount (its limit by default),
 * the promo while it has mints left ('Only n/1000 left'), the fee options (Ninja Optimized at the buy fee past 50%),
 * what the server builds for them line by line (its service fee, at the promo's price when chosen, the data outputs,
 * the network fee), then 'Mint': the wallet signs that build.
 */
export function Src20MintDialog({ src20, wallet, page, onClose }: Src20MintDialogProps) {
  const request = useMemo(() => ({ action: 'mint-src20' as const, src20 }), [src20]);
  const mint = useMint(request, wallet, page);
  const [create] = useCreateSrc20MintMutation();
  const promoAnswer = useGetPromoQuery(undefined);
  const promo = openPromo(promoAnswer.data);
  const { fees, source, sourceMissing, choice, setChoice } = useMintInputs();
  const [amount, setAmount] = useState(src20.limit);
  const [promoChosen, setPromoChosen] = useState(false);
  const urgent = src20Urgent(src20.progress);
  const problem = src20AmountProblem(amount, src20.limit, src20.decimals);
  const withPromo = promoChosen && promo !== null;
  const amountId = useId();

  const rate = fees ? desiredFeeRate(choice, fees, urgent) : 0;
  const key =
    fees && source && problem === null ? JSON.stringify([source, normalizeAmount(amount), rate, withPromo]) : null;
  const build = () =>
    create({
      source,
      type: 'mint',
      tick: src20.tick,
      amount: normalizeAmount(amount),
      desiredFeeRate: rate,
      promo: withPromo,
      isPsbt: true,
    });
  const quote = useQuote(key, build, ESTIMATE_DEBOUNCE_MS);

  const terms = (
    <div className="mint-terms">
      <dl className="info-list" aria-label="Terms">
        <div className="info-list__row">
          <dt>Per mint</dt>
          <dd>{formatDecimal(src20.limit)}</dd>
        </div>
        {src20.max && (
          <div className="info-list__row">
            <dt>Max</dt>
            <dd>{formatDecimal(src20.max)}</dd>
          </div>
        )}
      </dl>
      {src20.progress && <ProgressBar value={src20.progress} label={`${src20.tick} minted`} />}
      {src20Warns(src20.progress) && (
        <p className="wallet-form__warning" role="note">
          {src20Warning(src20.tick, src20.progress)}
        </p>
      )}
    </div>
  );

  return (
    <MintDialog title={`Mint ${src20.tick}`} onClose={onClose} txids={mint.txids} error={mint.error}>
      <MintForm
        wallet={wallet}
        page={page}
        terms={terms}
        fees={fees}
        choice={choice}
        onChoose={setChoice}
        urgent={urgent}
        quote={quote}
        sourceMissing={sourceMissing}
        error={mint.error}
        submitLabel="Mint"
        canSubmit={problem === null}
        source={source}
        onSubmit={async () => {
          const answer = settledAnswer(quote);
          if (answer) await mint.submit(source, answer);
        }}
      >
        <div className="mint-field">
          <label className="field__label" htmlFor={amountId}>
            Amount
          </label>
          <input
            id={amountId}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={problem !== null}
            onChange={(event) => {
              setAmount(event.target.value);
            }}
          />
          {problem && <p className="wallet-form__error">{problem}</p>}
        </div>
        {promo && (
          <div className="mint-field">
            <label className="mint-field__check">
              <input
                type="checkbox"
                checked={promoChosen}
                onChange={(event) => {
                  setPromoChosen(event.target.checked);
                }}
              />
              Promo: 90% off ({formatBtc(promo.price)})
            </label>
            <p className="mint-field__hint">{promoLeftText(promo)}</p>
          </div>
        )}
      </MintForm>
    </MintDialog>
  );
}

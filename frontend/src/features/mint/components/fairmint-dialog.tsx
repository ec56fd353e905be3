import { useId, useMemo, useState } from 'react';
import type { FairmintTerms } from '@/lib/mint-request';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { desiredFeeRate, feeRateOf } from '@/lib/wallet/fees';
import type { PsbtWindow, SigningWallet } from '@/lib/wallet/psbt-wallets';
import { formatSupply } from '@/utils/format';
import { formatQuantity, parseQuantity } from '@/utils/quantity';
import { isZero } from '@/utils/units';
import { useCreateFairmintMutation } from '../api';
import { fairmintEstimate } from '../estimates';
import { canFairmint, fairmintCost, fairmintLot, fairmintQuantity, isPaidFairminter } from '../fairmint-rules';
import { useMint } from '../use-mint';
import { ESTIMATE_DEBOUNCE_MS, MintDialog, MintForm, useMintInputs } from './mint-form';

/** Said when the fairminter is no longer open. */
export const FAIRMINTER_NOT_OPEN = 'This fairminter is not open';

/** An XCP amount in base units, for display. */
function xcp(units: bigint | string): string {
  return `${formatSupply(units.toString(), true)} XCP`;
}

/** The fairminter's terms: price per lot (or free), the most per mint, the hard cap and what is issued. */
function FairmintTermsList({ terms }: { terms: FairmintTerms }) {
  const quantity = (value: string) => formatSupply(value, terms.divisible);
  const rows: [string, string][] = [
    ['Status', terms.status],
    ['Price', isPaidFairminter(terms) ? `${xcp(terms.price)} per ${quantity(terms.quantity_by_price)}` : 'Free'],
    ['Max per mint', isZero(terms.max_mint_per_tx) ? 'None' : quantity(terms.max_mint_per_tx)],
    ['Hard cap', isZero(terms.hard_cap) ? 'None' : quantity(terms.hard_cap)],
    ['Minted', quantity(terms.earned_quantity)],
  ];
  return (
    <dl className="info-list mint-terms" aria-label="Terms">
      {rows.map(([label, value]) => (
        <div key={label} className="info-list__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type FairmintDialogProps = {
  terms: FairmintTerms;
  wallet: SigningWallet;
  page: PsbtWindow;
  onClose: () => void;
};

/**
 * The fairmint dialog (spec §4, §9): the fairminter's terms; for a paid one the quantity, a multiple of its lot
 * (applied on blur) and its price in XCP; the fee options; the estimate (2,230 satoshis plus 264 vB, 170 for bc1, at
 * the rate); then 'Mint': the server builds, the wallet signs, the transactions are sent and linked.
 */
export function FairmintDialog({ terms, wallet, page, onClose }: FairmintDialogProps) {
  const request = useMemo(() => ({ action: 'fairmint' as const, fairminter: terms }), [terms]);
  const mint = useMint(request, wallet, page);
  const [create] = useCreateFairmintMutation();
  const { fees, source, sourceMissing, choice, setChoice } = useMintInputs();
  const paid = isPaidFairminter(terms);
  const lot = fairmintLot(terms);
  const [typed, setTyped] = useState(() => formatQuantity(lot, terms.divisible));
  const quantity = paid ? fairmintQuantity(parseQuantity(typed, terms.divisible), terms) : BigInt(0);
  const inputId = useId();
  const name = terms.asset_longname ?? terms.cpid;

  const key = JSON.stringify([choice, source]);
  const settledKey = useDebouncedValue(key, ESTIMATE_DEBOUNCE_MS);
  const estimate = useMemo(() => {
    if (!fees) return null;
    const [settledChoice, settledSource] = JSON.parse(settledKey) as [typeof choice, string];
    return fairmintEstimate(settledSource, feeRateOf(settledChoice, fees));
  }, [fees, settledKey]);

  const open = canFairmint(terms);
  return (
    <MintDialog title={`Fairmint ${name}`} onClose={onClose} txids={mint.txids} error={mint.error}>
      <MintForm
        wallet={wallet}
        page={page}
        terms={<FairmintTermsList terms={terms} />}
        fees={fees}
        choice={choice}
        onChoose={setChoice}
        estimate={estimate}
        pending={settledKey !== key}
        sourceMissing={sourceMissing}
        error={mint.error ?? (open ? null : FAIRMINTER_NOT_OPEN)}
        submitLabel="Mint"
        canSubmit={open && (!paid || quantity > BigInt(0))}
        source={source}
        onSubmit={async () => {
          if (!fees) return;
          if (paid) setTyped(formatQuantity(quantity, terms.divisible));
          await mint.submit(source, () =>
            create({
              source,
              asset: terms.cpid,
              quantity: quantity.toString(),
              desiredFeeRate: desiredFeeRate(choice, fees),
              isPsbt: true,
            }),
          );
        }}
      >
        {paid && (
          <div className="mint-field">
            <label className="field__label" htmlFor={inputId}>
              Quantity
            </label>
            <input
              id={inputId}
              className="field__input"
              inputMode={terms.divisible ? 'decimal' : 'numeric'}
              autoComplete="off"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
              }}
              onBlur={() => {
                setTyped(formatQuantity(quantity, terms.divisible));
              }}
            />
            <p className="mint-field__hint">
              A multiple of {formatQuantity(lot, terms.divisible)} · Price: {xcp(fairmintCost(quantity, terms))}
            </p>
          </div>
        )}
      </MintForm>
    </MintDialog>
  );
}

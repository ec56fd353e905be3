import { useId, useMemo, useState } from 'react';
import type { FairmintTerms } from '@/lib/mint-request';
import { desiredFeeRate } from '@/lib/wallet/fees';
import type { PsbtWindow, SigningWallet } from '@/lib/wallet/psbt-wallets';
import { settledAnswer, useQuote } from '@/lib/wallet/quote';
import { formatSupply } from '@/utils/format';
import { formatQuantity, parseQuantity } from '@/utils/quantity';
import { isZero } from '@/utils/units';
import { useCreateFairmintMutation } from '../api';
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
 * (applied on blur) and its price in XCP; the fee options; what the server builds for them, line by line; then 'Mint':
 * the wallet signs that build, the transactions are sent and linked.
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

  const open = canFairmint(terms);
  const buildable = fees !== undefined && source !== '' && open && (!paid || quantity > BigInt(0));
  const rate = fees ? desiredFeeRate(choice, fees) : 0;
  const key = buildable ? JSON.stringify([source, quantity.toString(), rate]) : null;
  const build = () =>
    create({ source, asset: terms.cpid, quantity: quantity.toString(), desiredFeeRate: rate, isPsbt: true });
  const quote = useQuote(key, build, ESTIMATE_DEBOUNCE_MS);
  return (
    <MintDialog title={`Fairmint ${name}`} onClose={onClose} txids={mint.txids} error={mint.error}>
      <MintForm
        wallet={wallet}
        page={page}
        terms={<FairmintTermsList terms={terms} />}
        fees={fees}
        choice={choice}
        onChoose={setChoice}
        quote={quote}
        sourceMissing={sourceMissing}
        error={mint.error ?? (open ? null : FAIRMINTER_NOT_OPEN)}
        submitLabel="Mint"
        canSubmit={open && (!paid || quantity > BigInt(0))}
        source={source}
        onSubmit={async () => {
          const answer = settledAnswer(quote);
          if (!answer) return;
          if (paid) setTyped(formatQuantity(quantity, terms.divisible));
          await mint.submit(source, answer);
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

import { useState, type ReactNode } from 'react';
import { AsyncButton } from '@/components/ui/async-button';
import { Modal } from '@/components/ui/modal';
import { EstimateList } from '@/components/wallet/estimate-list';
import { FeeOptions } from '@/components/wallet/fee-options';
import { TxSuccess } from '@/components/wallet/tx-success';
import { WalletInstalledNotice } from '@/components/wallet/wallet-installed';
import { useFees } from '@/lib/fees-api';
import type { FeeRecord } from '@/lib/market-records';
import { useCurrentUser } from '@/lib/user-api';
import type { FeeChoice } from '@/lib/wallet/fees';
import { WALLET_MESSAGES } from '@/lib/wallet/messages';
import type { PsbtWindow, SigningWallet } from '@/lib/wallet/psbt-wallets';
import { quotedBuild, quoteRows, settledAnswer, type Quote } from '@/lib/wallet/quote';

/** How long a quote waits for the inputs and the fee option to settle (spec: 500 ms in wallet dialogs). */
export const ESTIMATE_DEBOUNCE_MS = 500;

/** What every mint form reads: the fee record, the minter's address and the chosen fee option. */
export function useMintInputs() {
  const fees = useFees();
  const { user, failed } = useCurrentUser();
  const [choice, setChoice] = useState<FeeChoice>('optimal');
  const source = user?.currentAddress ?? '';
  return { fees, source, sourceMissing: failed && !source, choice, setChoice };
}

type MintFormProps = {
  wallet: SigningWallet;
  page: PsbtWindow;
  /** The terms, shown above the inputs. */
  terms: ReactNode;
  /** The mint's own inputs. */
  children?: ReactNode;
  fees: FeeRecord | undefined;
  choice: FeeChoice;
  onChoose: (choice: FeeChoice) => void;
  urgent?: boolean;
  /** What the server built for the inputs as they are: shown, then signed. */
  quote: Quote;
  /** What the build's royalties are called (the launchpad owner's fee, the deployer's royalty). */
  royaltiesLabel?: string;
  sourceMissing: boolean;
  error: string | null;
  /** The submit button's text and whether the inputs allow it (the fee record and the source are checked here). */
  submitLabel: string;
  canSubmit: boolean;
  source: string;
  onSubmit: () => Promise<void>;
};

/**
 * A mint dialog's form (spec §4): the terms and inputs, the fee options, what the server built for them (every line
 * and the total read off the build it will sign, never the dialog's own arithmetic), the failure to show and the
 * submit button, enabled once a build is there; while submitting, the inputs are disabled.
 */
export function MintForm(props: MintFormProps) {
  const { wallet, page, terms, children, fees, choice, onChoose, urgent, quote, error } = props;
  const [submitting, setSubmitting] = useState(false);
  const build = quotedBuild(quote);
  const shown = build
    ? quoteRows(build, { rest: 'Data outputs', royalties: props.royaltiesLabel ?? 'Royalties' })
    : null;
  const answer = settledAnswer(quote);
  const refusal = answer?.kind === 'failed' ? answer.message : null;
  return (
    <form
      className="mint-form"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <WalletInstalledNotice wallet={wallet} page={page} />
      {terms}
      <fieldset className="wallet-form__fields" disabled={submitting}>
        {children}
        <FeeOptions choice={choice} onChoose={onChoose} fees={fees} urgent={urgent} />
        {shown && <EstimateList rows={shown.rows} total={shown.total} pending={quote.state === 'building'} />}
        {props.sourceMissing && <p className="wallet-form__error">{WALLET_MESSAGES.sourceRequired}</p>}
        <p className="wallet-form__error" role="alert">
          {error ?? refusal ?? ''}
        </p>
        <div className="modal__actions">
          <AsyncButton
            type="submit"
            className="button wallet-form__submit"
            disabled={!fees || !props.source || !props.canSubmit || answer === null || answer.kind === 'failed'}
            onClick={async () => {
              setSubmitting(true);
              try {
                await props.onSubmit();
              } finally {
                setSubmitting(false);
              }
            }}
          >
            {props.submitLabel}
          </AsyncButton>
        </div>
      </fieldset>
    </form>
  );
}

type MintDialogProps = {
  title: string;
  onClose: () => void;
  /** The transactions sent, once they are. */
  txids: string[] | null;
  /** A failure after some were sent shows with them. */
  error: string | null;
  children: ReactNode;
};

/** A mint dialog: its form until the transactions are sent, then their ids linking to the block explorer. */
export function MintDialog({ title, onClose, txids, error, children }: MintDialogProps) {
  return (
    <Modal title={title} onClose={onClose}>
      {txids ? (
        <TxSuccess txids={txids} onClose={onClose}>
          {error && (
            <p className="wallet-form__error" role="alert">
              {error}
            </p>
          )}
        </TxSuccess>
      ) : (
        children
      )}
    </Modal>
  );
}

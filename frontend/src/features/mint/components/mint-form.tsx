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
import type { MintEstimate } from '../estimates';

/** How long an estimate waits for the inputs and the fee option to settle (spec: 500 ms in wallet dialogs). */
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
  estimate: MintEstimate | null;
  /** While the estimate's inputs have not settled. */
  pending: boolean;
  sourceMissing: boolean;
  error: string | null;
  /** The submit button's text and whether the inputs allow it (the fee record and the source are checked here). */
  submitLabel: string;
  canSubmit: boolean;
  source: string;
  onSubmit: () => Promise<void>;
};

/**
 * A mint dialog's form (spec §4): the terms and inputs, the fee options, the estimate, the failure to show and the
 * submit button; while submitting, the inputs are disabled.
 */
export function MintForm(props: MintFormProps) {
  const { wallet, page, terms, children, fees, choice, onChoose, urgent, estimate, pending, error } = props;
  const [submitting, setSubmitting] = useState(false);
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
        {estimate && <EstimateList rows={estimate.rows} total={estimate.total} pending={pending} />}
        {props.sourceMissing && <p className="wallet-form__error">{WALLET_MESSAGES.sourceRequired}</p>}
        <p className="wallet-form__error" role="alert">
          {error ?? ''}
        </p>
        <div className="modal__actions">
          <AsyncButton
            type="submit"
            className="button wallet-form__submit"
            disabled={!fees || !props.source || !props.canSubmit}
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

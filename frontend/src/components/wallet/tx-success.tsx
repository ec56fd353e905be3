import type { ReactNode } from 'react';
import { explorerTxUrl } from '@/config/explorer';

type TxSuccessProps = {
  txids: readonly string[];
  onClose: () => void;
  /** Shown above the list (a buy's notices about listings left out). */
  children?: ReactNode;
};

/** The success of a wallet dialog (spec §4): the transactions sent, each linking to the block explorer. */
export function TxSuccess({ txids, onClose, children }: TxSuccessProps) {
  return (
    <div className="wallet-success">
      {children}
      <p role="status">{txids.length > 1 ? 'Transactions sent' : 'Transaction sent'}</p>
      <ul className="wallet-success__list" aria-label="Transactions">
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

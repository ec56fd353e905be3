import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { formatSats } from '../amount';
import { EXPLORER_TX_URL } from '../config';
import type { Built } from '../built';
import { signInWith } from '../panel/account';
import { acceptSigned, broadcast, fetchFees, psbtBase64, type Review } from '../send';
import { useLoad } from '../use-load';
import { CopyButton } from './copy-button';
import { FeeSelect, feeRateOf, type FeeChoice } from './fee-select';
import { FiatAmount } from './fiat-context';
import { FormError } from './form-error';
import { QrCode } from './qr-code';
import { ReviewDetails } from './review-details';

/**
 * Signs a reviewed transaction with the key held, after checking it against its review; the raw transaction. With
 * `signMessage`, the wallet signs itself in when a broadcast needs a session and none is open.
 */
export type Signer = {
  address: string;
  sign: (review: Review) => string;
  signMessage?: (message: string) => string;
};

type Step =
  | { name: 'edit' }
  | { name: 'building' }
  | { name: 'review'; built: Built; sent: string[] }
  | { name: 'sending'; built: Built; sent: string[] }
  | { name: 'sent'; built: Built; txids: string[] };

/** The largest PSBT drawn as a QR code (the code's capacity at medium correction, in base64 characters). */
const QR_MAX = 2000;

/** How `signer` signs the wallet in when a broadcast needs a session: with its own key, when it can sign messages. */
function signInOf(signer: Signer | null): (() => Promise<void>) | undefined {
  if (!signer?.signMessage) return undefined;
  const { address, signMessage } = signer;
  return () => signInWith(address, signMessage);
}

function message(failure: unknown): string {
  return failure instanceof Error ? failure.message : 'It failed.';
}

/**
 * One transactional action of the panel, from its fee to its transaction ids: the fee option, then the transactions
 * the wallet service built for `source` (each output, the network fee, the service fees and royalties, the total),
 * then either 'Sign and send' with the key held (`signer`, when it is `source`'s), or, for an address whose key is
 * elsewhere, each PSBT to copy or scan and its signed form pasted back; each is broadcast in order, and the sent
 * transactions are shown with their explorer links.
 */
export function TxFlow({
  source,
  signer,
  build,
  onSent,
  onDone,
  children,
}: {
  source: string;
  signer: Signer | null;
  build: (source: string, feeRate: number) => Promise<Built>;
  onSent: (built: Built, txids: string[]) => void;
  onDone: () => void;
  /** What is done, shown above the fee (`editing`) and above the review; a function of whether it is editable. */
  children?: ReactNode | ((editing: boolean) => ReactNode);
}) {
  const id = useId();
  const [choice, setChoice] = useState<FeeChoice>('optimal');
  const [step, setStep] = useState<Step>({ name: 'edit' });
  const [error, setError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const busy = useRef(false);
  const fees = useLoad(useCallback((signal: AbortSignal) => fetchFees(signal), []));
  const rates = fees.load.status === 'done' ? fees.load.data : null;
  const byKey = signer !== null && signer.address === source;

  const review = () => {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    setStep({ name: 'building' });
    build(source, feeRateOf(choice, rates)).then(
      (built) => {
        busy.current = false;
        setStep({ name: 'review', built, sent: [] });
      },
      (failure: unknown) => {
        busy.current = false;
        setError(message(failure));
        setStep({ name: 'edit' });
      },
    );
  };

  /** Broadcasts `raws` (the next transactions to send, in order) after `sent`. */
  const send = async (built: Built, sent: string[], raws: string[]) => {
    busy.current = true;
    setError(null);
    setStep({ name: 'sending', built, sent });
    const txids = [...sent];
    try {
      for (const raw of raws) txids.push(await broadcast(raw, signInOf(signer)));
    } catch (failure) {
      busy.current = false;
      setError(message(failure));
      setStep({ name: 'review', built, sent: txids });
      return;
    }
    busy.current = false;
    setPasted('');
    if (txids.length === built.txs.length) {
      setStep({ name: 'sent', built, txids });
      onSent(built, txids);
    } else {
      setStep({ name: 'review', built, sent: txids });
    }
  };

  const signAndSend = (built: Built, sent: string[]) => {
    if (busy.current || !signer) return;
    let raws: string[];
    try {
      raws = built.txs.slice(sent.length).map((tx) => signer.sign(tx.review));
    } catch (failure) {
      setError(message(failure));
      return;
    }
    void send(built, sent, raws);
  };

  const sendPasted = (built: Built, sent: string[], next: Review) => {
    if (busy.current) return;
    let raw: string;
    try {
      raw = acceptSigned(pasted, next);
    } catch (failure) {
      setError(message(failure));
      return;
    }
    void send(built, sent, [raw]);
  };

  if (step.name === 'sent') {
    return (
      <>
        <p role="status">{step.txids.length === 1 ? 'Sent. Its transaction:' : 'Sent. Its transactions:'}</p>
        <ul className="list" aria-label="Transactions sent">
          {step.txids.map((txid) => (
            <li key={txid} className="list__item">
              <a
                className="address"
                href={`${EXPLORER_TX_URL}${txid}`}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="txid"
              >
                {txid}
              </a>
              <CopyButton text={txid} label="Copy transaction id" />
            </li>
          ))}
        </ul>
        <div className="actions">
          <button type="button" className="button button--primary" onClick={onDone}>
            Done
          </button>
        </div>
      </>
    );
  }

  if (step.name === 'review' || step.name === 'sending') {
    const { built, sent } = step;
    const sending = step.name === 'sending';
    const walletFee = built.txs.reduce((sum, tx) => sum + tx.walletFee, 0n);
    const royalties = built.txs.reduce((sum, tx) => sum + tx.royalties, 0n);
    const total = built.txs.reduce((sum, tx) => sum + tx.review.total, 0n);
    const next = built.txs[sent.length];
    return (
      <>
        {typeof children === 'function' ? children(false) : children}
        {built.errors.length > 0 && (
          <ul className="list" aria-label="Left out">
            {built.errors.map((item) => (
              <li key={item.hash} className="list__item error">
                {item.hash}: {item.error}
              </li>
            ))}
          </ul>
        )}
        {built.txs.map((tx, index) => (
          <section key={index} aria-label={`Transaction ${String(index + 1)}`}>
            {built.txs.length > 1 && <p className="label">Transaction {index + 1}</p>}
            <ReviewDetails
              review={tx.review}
              label={built.txs.length > 1 ? `Outputs of transaction ${String(index + 1)}` : 'Outputs'}
            />
          </section>
        ))}
        <dl className="totals">
          {walletFee > 0n && (
            <>
              <dt>Service fee</dt>
              <dd>
                {formatSats(walletFee)} BTC
                <FiatAmount sats={walletFee} />
              </dd>
            </>
          )}
          {royalties > 0n && (
            <>
              <dt>Royalties</dt>
              <dd>
                {formatSats(royalties)} BTC
                <FiatAmount sats={royalties} />
              </dd>
            </>
          )}
          <dt>In all</dt>
          <dd>
            <span data-testid="grand-total">{formatSats(total)} BTC</span>
            <FiatAmount sats={total} />
          </dd>
        </dl>
        <FormError error={error} />
        {byKey ? (
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                signAndSend(built, sent);
              }}
              disabled={sending}
              aria-busy={sending}
            >
              {sending ? 'Sending...' : 'Sign and send'}
            </button>
          </div>
        ) : (
          next && (
            <section className="hand" aria-labelledby={`${id}-hand`}>
              <h3 id={`${id}-hand`}>
                Sign with your wallet
                {built.txs.length > 1 ? ` (transaction ${String(sent.length + 1)} of ${String(built.txs.length)})` : ''}
              </h3>
              <p className="muted">
                This transaction spends the coins of {source}, whose key is not in this wallet. Sign this PSBT with the
                wallet that holds it (a hardware wallet, Sparrow, Electrum), then paste the signed PSBT or transaction.
              </p>
              <p className="address" data-testid="psbt">
                {psbtBase64(next.review)}
              </p>
              <div className="actions">
                <CopyButton text={psbtBase64(next.review)} label="Copy PSBT" />
              </div>
              {psbtBase64(next.review).length <= QR_MAX && (
                <QrCode text={psbtBase64(next.review)} label="QR code of the PSBT" />
              )}
              <label className="field" htmlFor={`${id}-signed`}>
                Signed PSBT or transaction
                <textarea
                  id={`${id}-signed`}
                  rows={4}
                  value={pasted}
                  spellCheck={false}
                  disabled={sending}
                  onChange={(event) => {
                    setPasted(event.target.value);
                  }}
                />
              </label>
              <div className="actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={sending}
                  aria-busy={sending}
                  onClick={() => {
                    sendPasted(built, sent, next.review);
                  }}
                >
                  {sending ? 'Sending...' : 'Send'}
                </button>
              </div>
            </section>
          )
        )}
        {sent.length === 0 && (
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={sending}
              onClick={() => {
                setError(null);
                setStep({ name: 'edit' });
              }}
            >
              Back
            </button>
          </div>
        )}
      </>
    );
  }

  const building = step.name === 'building';
  return (
    <>
      {typeof children === 'function' ? children(!building) : children}
      <FeeSelect id={`${id}-fee`} value={choice} rates={rates} disabled={building} onChange={setChoice} />
      <FormError error={error} />
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          onClick={review}
          disabled={building}
          aria-busy={building}
        >
          {building ? 'Building...' : 'Review'}
        </button>
      </div>
    </>
  );
}

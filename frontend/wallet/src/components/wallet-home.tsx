import { useCallback, useId } from 'react';
import { formatSats } from '../amount';
import { fetchActivity, fetchBalance, fetchSrc20, fetchStamps } from '../api';
import { useLoad, type Load } from '../use-load';
import { ActivityList } from './activity-list';
import { CopyButton } from './copy-button';
import { QrCode } from './qr-code';
import { SendForm, type SignReviewed } from './send-form';
import { Src20TransferForm } from './src20-transfer';

/** What a section shows while its read is pending or failed; null once it has an answer. */
function pending<T>(load: Load<T>, what: string) {
  if (load.status === 'loading') return <p className="muted">Loading...</p>;
  if (load.status === 'error') {
    return (
      <p className="error" role="alert">
        The {what} could not be loaded.
      </p>
    );
  }
  return null;
}

/**
 * The unlocked wallet: its receiving address (copy, QR code of `bitcoin:<address>`), its BTC balance (confirmed, and
 * unconfirmed when not zero), the stamps and SRC-20 tokens it holds and its recent Counterparty activity, with one
 * Refresh for all of them; the Send form (bitcoin or a stamp held), after which all of them are read again.
 */
export function WalletHome({
  address,
  sign,
  signMessage,
}: {
  address: string;
  sign: SignReviewed;
  /** Signs the wallet in to the site when a broadcast needs a session. */
  signMessage?: (message: string) => string;
}) {
  const id = useId();
  const balance = useLoad(useCallback((signal: AbortSignal) => fetchBalance(address, signal), [address]));
  const stamps = useLoad(useCallback((signal: AbortSignal) => fetchStamps(address, signal), [address]));
  const src20 = useLoad(useCallback((signal: AbortSignal) => fetchSrc20(address, signal), [address]));
  const activity = useLoad(useCallback((signal: AbortSignal) => fetchActivity(address, signal), [address]));
  const refreshing = balance.reloading || stamps.reloading || src20.reloading || activity.reloading;
  const refresh = () => {
    balance.reload();
    stamps.reload();
    src20.reload();
    activity.reload();
  };

  return (
    <>
      <section className="card" aria-labelledby={`${id}-receive`}>
        <h2 id={`${id}-receive`}>Receive</h2>
        <div className="receive">
          <QrCode text={`bitcoin:${address}`} label={`QR code of bitcoin:${address}`} />
          <div className="receive__address">
            <p className="label" id={`${id}-address`}>
              Your address
            </p>
            <p className="address" aria-labelledby={`${id}-address`} data-testid="address">
              {address}
            </p>
            <CopyButton text={address} />
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby={`${id}-balance`}>
        <div className="card__head">
          <h2 id={`${id}-balance`}>Balance</h2>
          <button type="button" className="button" onClick={refresh} disabled={refreshing} aria-busy={refreshing}>
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
        {pending(balance.load, 'balance') ??
          (balance.load.status === 'done' && (
            <>
              <p className="amount" data-testid="confirmed-balance">
                {formatSats(balance.load.data.confirmed)} BTC
              </p>
              {balance.load.data.unconfirmed !== 0n && (
                <p className="muted" data-testid="unconfirmed-balance">
                  Unconfirmed: {balance.load.data.unconfirmed > 0n ? '+' : ''}
                  {formatSats(balance.load.data.unconfirmed)} BTC
                </p>
              )}
            </>
          ))}
      </section>

      <SendForm
        address={address}
        stamps={stamps.load.status === 'done' ? stamps.load.data.hits : []}
        sign={sign}
        signMessage={signMessage}
        onSent={refresh}
      />

      <section className="card" aria-labelledby={`${id}-stamps`}>
        <h2 id={`${id}-stamps`}>Stamps</h2>
        {pending(stamps.load, 'stamps') ??
          (stamps.load.status === 'done' &&
            (stamps.load.data.hits.length === 0 ? (
              <p className="empty">This address holds no stamps.</p>
            ) : (
              <>
                {stamps.load.data.total > stamps.load.data.hits.length && (
                  <p className="muted">
                    The first {stamps.load.data.hits.length} of {stamps.load.data.total} stamps.
                  </p>
                )}
                <ul className="list" aria-label="Stamps held">
                  {stamps.load.data.hits.map((stamp) => (
                    <li key={stamp.cpid} className="list__item">
                      <span className="list__main">#{stamp.stamp}</span>
                      <span className="list__detail">{stamp.cpid}</span>
                    </li>
                  ))}
                </ul>
              </>
            )))}
      </section>

      <section className="card" aria-labelledby={`${id}-src20`}>
        <h2 id={`${id}-src20`}>SRC-20 tokens</h2>
        {pending(src20.load, 'SRC-20 balances') ??
          (src20.load.status === 'done' &&
            (src20.load.data.length === 0 ? (
              <p className="empty">This address holds no SRC-20 tokens.</p>
            ) : (
              <ul className="list" aria-label="SRC-20 balances">
                {src20.load.data.map((holding) => (
                  <li key={holding.tick} className="list__item">
                    <span className="list__main">{holding.tick}</span>
                    <span className="list__detail">{holding.balance}</span>
                  </li>
                ))}
              </ul>
            )))}
      </section>

      {src20.load.status === 'done' && src20.load.data.length > 0 && (
        <Src20TransferForm holdings={src20.load.data} signer={{ address, sign, signMessage }} onSent={refresh} />
      )}

      <section className="card" aria-labelledby={`${id}-activity`}>
        <h2 id={`${id}-activity`}>Recent activity</h2>
        {pending(activity.load, 'activity') ??
          (activity.load.status === 'done' && <ActivityList events={activity.load.data} />)}
      </section>
    </>
  );
}

import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { formatSats } from '../amount';
import { fetchChallenge, fetchSiteUser, type SiteUser } from '../panel/account';
import { build } from '../built';
import { buyBody, checkPays, fetchCartItems, type CartItem } from '../panel/items';
import { askingSite, fetchSiteOrigins, framingOrigin, postToSite, type PanelMessage } from '../panel/parent';
import type { PanelRequest } from '../panel/request';
import { readMintPayload, type MintPayload } from '../panel/mint';
import { useLoad } from '../use-load';
import { fetchFiat, type Currency } from '../fiat';
import { FiatAmount, FiatContext } from './fiat-context';
import { FormError } from './form-error';
import { FairmintMint, LaunchpadMint, Src20Mint } from './panel-mints';
import { TxFlow, type Signer } from './tx-flow';

/** The key the panel holds while the wallet is unlocked: its address, and how it signs. */
export type PanelKey = Signer & { signMessage: (message: string) => string };

type Props = {
  request: PanelRequest | { error: string };
  /** The site's display currency, shown beside BTC. */
  currency?: Currency;
  /** The key, while the wallet is unlocked. */
  keyHolder: PanelKey | null;
  /** What unlocks, creates or imports the wallet, shown while no key is held. */
  keySlot: ReactNode;
};

/** Which site asked: the framing page's origin, when it is one of the gateway's site origins. */
function useAskingSite(): { status: 'loading' } | { status: 'done'; site: string | null } {
  const origins = useLoad(useCallback((signal: AbortSignal) => fetchSiteOrigins(signal), []));
  if (origins.load.status === 'loading') return { status: 'loading' };
  const allowed = origins.load.status === 'done' ? origins.load.data : [];
  return { status: 'done', site: askingSite(framingOrigin(), allowed) };
}

/**
 * The wallet panel: the wallet app as the site frames it, for one request (spec §2): a sign-in, a purchase of the
 * cart, a mint. It names the site that asked, acts only for the gateway's site origins, posts to that site only
 * ('close', 'remove:{hashes}', a signed sign-in) and reads only that site's messages.
 */
export function Panel({ request, currency = 'USD', keyHolder, keySlot }: Props) {
  const asking = useAskingSite();
  const fiat = useLoad(useCallback((signal: AbortSignal) => fetchFiat(currency, signal), [currency]));
  if (asking.status === 'loading') return <p className="muted">Loading...</p>;
  const site = asking.site;
  if (site === null) {
    return (
      <section className="card">
        <h2>Not for this page</h2>
        <p className="error" role="alert">
          This wallet panel acts only for the sites it serves, inside their pages. Nothing was done.
        </p>
      </section>
    );
  }
  const post = (message: PanelMessage) => {
    postToSite(site, message);
  };
  const close = () => {
    post('close');
  };
  let body: ReactNode;
  if ('error' in request) {
    body = (
      <p className="error" role="alert">
        {request.error}
      </p>
    );
  } else if (request.action === 'sign-in') {
    body = keyHolder ? (
      <SignIn purpose={request.purpose} keyHolder={keyHolder} post={post} close={close} />
    ) : (
      <>
        <p>Unlock, create or import your wallet to sign in with it.</p>
        {keySlot}
      </>
    );
  } else {
    body = (
      <WithUser>
        {(user) => (
          <>
            {(!keyHolder || !user.addresses.includes(keyHolder.address)) && (
              <KeyNotice user={user} keyHolder={keyHolder} keySlot={keySlot} />
            )}
            <Action request={request} user={user} keyHolder={keyHolder} site={site} post={post} close={close} />
          </>
        )}
      </WithUser>
    );
  }
  return (
    <FiatContext.Provider value={fiat.load.status === 'done' ? fiat.load.data : null}>
      <section className="card panel" aria-labelledby="panel-title">
        <div className="panel__head">
          <h2 id="panel-title">{titleOf(request)}</h2>
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        </div>
        <p className="muted">
          Asked by <strong data-testid="asking-site">{site}</strong>
        </p>
        {body}
      </section>
    </FiatContext.Provider>
  );
}

function titleOf(request: PanelRequest | { error: string }): string {
  if ('error' in request) return 'Request refused';
  switch (request.action) {
    case 'sign-in':
      return request.purpose === 'link' ? 'Link this wallet' : 'Sign in with this wallet';
    case 'buy':
      return 'Buy';
    case 'mint':
      return 'Mint a stamp';
    case 'fairmint':
      return 'Fairmint';
    case 'mint-src20':
      return 'Mint SRC-20';
    case 'mint-launchpad':
      return 'Mint from a launchpad';
  }
}

/** Why the wallet's own key does not sign here, and what would make it. */
function KeyNotice({ user, keyHolder, keySlot }: { user: SiteUser; keyHolder: PanelKey | null; keySlot: ReactNode }) {
  if (keyHolder) {
    return (
      <p className="muted">
        You are signed in on the site as {user.current}, not with this wallet ({keyHolder.address}): sign with the
        wallet that holds that address, as below.
      </p>
    );
  }
  return (
    <>
      <p className="muted">
        Signed in on the site as {user.current}: unlock this wallet if it holds that address, or sign with the wallet
        that does, below.
      </p>
      {keySlot}
    </>
  );
}

/** The site's signed-in user, or the advice to sign in first. */
function WithUser({ children }: { children: (user: SiteUser) => ReactNode }) {
  const user = useLoad(useCallback((signal: AbortSignal) => fetchSiteUser(signal), []));
  if (user.load.status === 'loading') return <p className="muted">Loading...</p>;
  if (user.load.status === 'error') {
    return (
      <p className="error" role="alert">
        Your account could not be read: close the panel and try again.
      </p>
    );
  }
  if (user.load.data === null) {
    return (
      <p className="error" role="alert">
        Sign in on the site first, then try again.
      </p>
    );
  }
  return <>{children(user.load.data)}</>;
}

type ActionProps = {
  request: Exclude<PanelRequest, { action: 'sign-in' }>;
  user: SiteUser;
  keyHolder: PanelKey | null;
  site: string;
  post: (message: PanelMessage) => void;
  close: () => void;
};

function Action({ request, user, keyHolder, site, post, close }: ActionProps) {
  // The wallet's own address when the site's user holds it, else the address the session signed in with.
  const source = keyHolder && user.addresses.includes(keyHolder.address) ? keyHolder.address : user.current;
  switch (request.action) {
    case 'buy':
      return <Buy hashes={request.hashes} source={source} keyHolder={keyHolder} post={post} close={close} />;
    case 'mint':
      return <Mint site={site} source={source} keyHolder={keyHolder} close={close} />;
    case 'fairmint':
      return <FairmintMint id={request.cpid} source={source} signer={keyHolder} onDone={close} />;
    case 'mint-src20':
      return <Src20Mint id={request.cpid} source={source} signer={keyHolder} onDone={close} />;
    case 'mint-launchpad':
      return <LaunchpadMint id={request.cpid} source={source} signer={keyHolder} onDone={close} />;
  }
}

function Buy({
  hashes,
  source,
  keyHolder,
  post,
  close,
}: {
  hashes: string[];
  source: string;
  keyHolder: PanelKey | null;
  post: (message: PanelMessage) => void;
  close: () => void;
}) {
  const items = useLoad(useCallback((signal: AbortSignal) => fetchCartItems(hashes, signal), [hashes]));
  if (items.load.status === 'loading') return <p className="muted">Loading the cart...</p>;
  if (items.load.status === 'error') {
    return (
      <p className="error" role="alert">
        The cart could not be read.
      </p>
    );
  }
  const cart = items.load.data;
  const buyable = cart.filter((item) => item.error === null);
  return (
    <TxFlow
      source={source}
      signer={keyHolder}
      build={async (from, feeRate) => {
        const built = await build('/api/wallet/create/buy', buyBody(from, cart, feeRate), from);
        checkPays(built, cart);
        return built;
      }}
      onSent={(built) => {
        const bought = built.txs.flatMap((tx) => tx.hashes);
        if (bought.length > 0) post(`remove:${bought.join(',')}`);
      }}
      onDone={close}
    >
      <CartList items={cart} />
      {buyable.length === 0 && (
        <p className="error" role="alert">
          Nothing in the cart can be bought.
        </p>
      )}
    </TxFlow>
  );
}

function CartList({ items }: { items: CartItem[] }) {
  return (
    <ul className="list" aria-label="Bought">
      {items.map((item) => (
        <li key={item.hash} className="list__item">
          <span className="list__detail list__detail--left">
            1 lot of {item.name}
            {item.error && <span className="error"> ({item.error})</span>}
          </span>
          <span className="list__main list__amount">
            {formatSats(item.price)} BTC
            <FiatAmount sats={item.price} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A stamp minted from a file the site hands over by message (the site's creator tools). */
function Mint({
  site,
  source,
  keyHolder,
  close,
}: {
  site: string;
  source: string;
  keyHolder: PanelKey | null;
  close: () => void;
}) {
  const [payload, setPayload] = useState<MintPayload | { error: string } | null>(null);
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      // Only the asking site's page, the frame's parent, hands over what to mint.
      if (event.origin !== site || event.source !== window.parent) return;
      const read = readMintPayload(event.data);
      if (read) setPayload(read);
    };
    window.addEventListener('message', receive);
    postToSite(site, 'ready');
    return () => {
      window.removeEventListener('message', receive);
    };
  }, [site]);
  if (!payload) return <p className="muted">Waiting for the stamp from the site...</p>;
  if ('error' in payload) {
    return (
      <p className="error" role="alert">
        {payload.error}
      </p>
    );
  }
  return (
    <TxFlow
      source={source}
      signer={keyHolder}
      build={(from, feeRate) =>
        build(
          '/api/wallet/create/stamp',
          {
            source: from,
            file: payload.file,
            quantity: payload.quantity,
            locked: payload.locked,
            divisible: payload.divisible,
            isPsbt: true,
            desiredFeeRate: feeRate,
          },
          from,
        )
      }
      onSent={() => undefined}
      onDone={close}
    >
      <p>
        A new stamp of {payload.bytes.toLocaleString('en-US')} bytes ({payload.mime}), {payload.quantity} unit
        {payload.quantity === 1 ? '' : 's'}, {payload.locked ? 'locked' : 'unlocked'}.
      </p>
      {payload.mime.startsWith('image/') && payload.mime !== 'image/svg+xml' && (
        <img className="mint-preview" src={`data:${payload.mime};base64,${payload.file}`} alt="The stamp to mint" />
      )}
    </TxFlow>
  );
}

/** The sign-in: the site's message for this wallet's address, signed (BIP-322) once the user approves. */
function SignIn({
  purpose,
  keyHolder,
  post,
  close,
}: {
  purpose: 'connect' | 'link';
  keyHolder: PanelKey;
  post: (message: PanelMessage) => void;
  close: () => void;
}) {
  const id = useId();
  const [state, setState] = useState<'ask' | 'signing' | 'signed'>('ask');
  const [error, setError] = useState<string | null>(null);
  const approve = () => {
    if (state !== 'ask') return;
    setState('signing');
    setError(null);
    fetchChallenge(keyHolder.address, purpose).then(
      (message) => {
        let signature: string;
        try {
          signature = keyHolder.signMessage(message);
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : 'The message could not be signed.');
          setState('ask');
          return;
        }
        post({ type: 'ninja:signed', address: keyHolder.address, message, signature });
        setState('signed');
      },
      (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : 'The site gave no message to sign.');
        setState('ask');
      },
    );
  };
  if (state === 'signed') return <p role="status">Signed. The site is signing you in...</p>;
  return (
    <>
      <p id={`${id}-ask`}>
        {purpose === 'link'
          ? 'The site asks to add this wallet’s address to your account:'
          : 'The site asks you to sign in with this wallet’s address:'}
      </p>
      <p className="address" data-testid="sign-in-address">
        {keyHolder.address}
      </p>
      <p className="muted">Signing proves the address is yours. It moves no coins.</p>
      <FormError error={error} />
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          onClick={approve}
          disabled={state === 'signing'}
          aria-busy={state === 'signing'}
        >
          {state === 'signing' ? 'Signing...' : purpose === 'link' ? 'Sign and link' : 'Sign in'}
        </button>
        <button type="button" className="button" onClick={close} disabled={state === 'signing'}>
          Cancel
        </button>
      </div>
    </>
  );
}

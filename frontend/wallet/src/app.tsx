import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { signBip322 } from './bip322';
import { CreateWallet } from './components/create-wallet';
import { ForgetWallet } from './components/forget-wallet';
import { ImportWallet } from './components/import-wallet';
import { Panel, type PanelKey } from './components/panel';
import { UnlockForm } from './components/unlock-form';
import { WalletHome } from './components/wallet-home';
import { IDLE_TIMEOUT_MS, VAULT_STORAGE_KEY } from './config';
import { accountOf, wipeAccount, type Account, type Secret } from './keys';
import type { Currency } from './fiat';
import type { PanelRequest } from './panel/request';
import { signReviewed, type Review } from './send';
import { useIdleTimeout } from './use-idle-timeout';
import { decryptSecret, encryptSecret, forgetVault, hasStoredVault, loadVault, saveVault } from './vault';

/** What the wallet shows: no wallet yet (and making one), a stored wallet locked or unlocked, or a damaged one. */
type Screen =
  | { name: 'welcome' }
  | { name: 'create' }
  | { name: 'import' }
  | { name: 'locked' }
  | { name: 'damaged' }
  | { name: 'unlocked'; address: string };

function storedScreen(): Screen {
  if (loadVault()) return { name: 'locked' };
  return hasStoredVault() ? { name: 'damaged' } : { name: 'welcome' };
}

/**
 * The wallet: opened with an `action` query, the wallet panel the site frames (see Panel), else the wallet itself.
 * It creates or imports a key, keeps it encrypted in this origin's storage, and while unlocked holds only
 * the derived signing key in memory (never in React state), dropped on Lock, on the idle timeout and on Forget.
 */
export function App({
  request = null,
  currency = 'USD',
}: {
  request?: PanelRequest | { error: string } | null;
  currency?: Currency;
}) {
  const [screen, setScreen] = useState<Screen>(storedScreen);
  const account = useRef<Account | null>(null);

  /** Overwrites and drops the signing key held. */
  const dropKey = useCallback(() => {
    if (account.current) wipeAccount(account.current);
    account.current = null;
  }, []);

  const open = useCallback(
    (unlocked: Account) => {
      dropKey();
      account.current = unlocked;
      setScreen({ name: 'unlocked', address: unlocked.address });
    },
    [dropKey],
  );

  const lock = useCallback(() => {
    dropKey();
    setScreen(storedScreen());
  }, [dropKey]);

  const forget = useCallback(() => {
    dropKey();
    forgetVault();
    setScreen({ name: 'welcome' });
  }, [dropKey]);

  /** Signs a reviewed send with the key held, once checked against its review (see signReviewed). */
  const sign = useCallback((review: Review) => {
    const current = account.current;
    if (!current) throw new Error('The wallet is locked.');
    return signReviewed(review, current.address, current.privateKey);
  }, []);

  /** Signs a message (BIP-322) with the key held. */
  const signMessage = useCallback((message: string) => {
    const current = account.current;
    if (!current) throw new Error('The wallet is locked.');
    return signBip322(message, current.address, current.privateKey);
  }, []);

  const unlockedAddress = screen.name === 'unlocked' ? screen.address : null;
  const keyHolder = useMemo<PanelKey | null>(
    () => (unlockedAddress ? { address: unlockedAddress, sign, signMessage } : null),
    [unlockedAddress, sign, signMessage],
  );

  // The key leaves memory with the app.
  useEffect(() => dropKey, [dropKey]);

  // Another tab stored, replaced or forgot the wallet: this one locks (or shows what is stored now).
  useEffect(() => {
    const changed = (event: StorageEvent) => {
      if (event.key === VAULT_STORAGE_KEY || event.key === null) lock();
    };
    window.addEventListener('storage', changed);
    return () => {
      window.removeEventListener('storage', changed);
    };
  }, [lock]);

  useIdleTimeout(screen.name === 'unlocked', IDLE_TIMEOUT_MS, lock);

  /** Keeps a new wallet (created or imported) encrypted under its password, then opens it. */
  const keep = useCallback(
    async (secret: Secret, password: string) => {
      const unlocked = await accountOf(secret);
      const vault = await encryptSecret(secret, password);
      // Never overwrite a wallet stored meanwhile (in another tab).
      if (hasStoredVault()) {
        wipeAccount(unlocked);
        throw new Error('A wallet is already stored in this browser: forget it before creating or importing one.');
      }
      saveVault(vault);
      open(unlocked);
    },
    [open],
  );

  /** Unlocks the stored wallet; a wrong password throws, and nothing changes. */
  const unlock = useCallback(
    async (password: string) => {
      const vault = loadVault();
      if (!vault) {
        setScreen(storedScreen());
        return;
      }
      const unlocked = await accountOf(await decryptSecret(vault, password));
      // Forgotten while the password was checked: nothing to open.
      if (!hasStoredVault()) {
        wipeAccount(unlocked);
        setScreen(storedScreen());
        return;
      }
      open(unlocked);
    },
    [open],
  );

  let body;
  switch (screen.name) {
    case 'welcome':
      body = (
        <section className="card" aria-labelledby="welcome-title">
          <h2 id="welcome-title">Your Bitcoin wallet, kept in this browser</h2>
          <p>
            Create a new wallet, or import one from its recovery phrase or key. It is encrypted with your password and
            never leaves this browser.
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setScreen({ name: 'create' });
              }}
            >
              Create a wallet
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setScreen({ name: 'import' });
              }}
            >
              Import a wallet
            </button>
          </div>
        </section>
      );
      break;
    case 'create':
      body = (
        <CreateWallet
          onCreate={keep}
          onCancel={() => {
            setScreen({ name: 'welcome' });
          }}
        />
      );
      break;
    case 'import':
      body = (
        <ImportWallet
          onImport={keep}
          onCancel={() => {
            setScreen({ name: 'welcome' });
          }}
        />
      );
      break;
    case 'locked':
      body = (
        <>
          <UnlockForm onUnlock={unlock} />
          <ForgetWallet onForget={forget} />
        </>
      );
      break;
    case 'damaged':
      body = (
        <>
          <section className="card" aria-labelledby="damaged-title">
            <h2 id="damaged-title">The wallet stored here cannot be read</h2>
            <p className="error" role="alert">
              Its data is damaged. Forget it, then import the wallet again from its recovery phrase or key.
            </p>
          </section>
          <ForgetWallet onForget={forget} />
        </>
      );
      break;
    case 'unlocked':
      body = request ? null : (
        <>
          <WalletHome address={screen.address} sign={sign} signMessage={signMessage} />
          <ForgetWallet onForget={forget} />
        </>
      );
      break;
  }
  if (request) body = <Panel request={request} currency={currency} keyHolder={keyHolder} keySlot={body} />;

  return (
    <div className="shell">
      <header className="header">
        <h1 className="brand">Ninja wallet</h1>
        {screen.name === 'unlocked' && (
          <button type="button" className="button" onClick={lock}>
            Lock
          </button>
        )}
      </header>
      <main className="main">{body}</main>
    </div>
  );
}

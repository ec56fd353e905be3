import { walletNotInstalled } from '@/lib/wallet/messages';
import { providerOf, SIGNING_WALLETS, type PsbtWindow, type SigningWallet } from '@/lib/wallet/psbt-wallets';

/** "Logged with {provider} but it doesn't look installed" (spec) when the signed-in wallet is not on the page. */
export function WalletInstalledNotice({ wallet, page }: { wallet: SigningWallet; page: PsbtWindow }) {
  if (providerOf(wallet, page) !== null) return null;
  return (
    <p className="wallet-form__warning" role="status">
      {walletNotInstalled(SIGNING_WALLETS[wallet])}
    </p>
  );
}

import { useCallback } from 'react';
import { Modal } from '@/components/ui/modal';
import { ErrorNotice } from '@/components/ui/status';
import { mintClosed, useMintDispatch, useOpenMintRequest } from '@/lib/mint-request';
import { useSession, walletTypeOf } from '@/lib/session';
import { isSigningWallet, type PsbtWindow } from '@/lib/wallet/psbt-wallets';
import { launchpadMintOf, MISSING_COLLECTION } from '../launchpad-rules';
import { MISSING_SRC20, src20MintOf } from '../src20-rules';
import { FairmintDialog } from './fairmint-dialog';
import { LaunchpadMintDialog } from './launchpad-mint-dialog';
import { Src20MintDialog } from './src20-mint-dialog';

/**
 * The mint dialogs the pages open (spec §2, 'Wallet opening logic'): signed in with a wallet that signs, the
 * fairmint, SRC-20 mint or launchpad mint dialog of the request; a request without its data says so ('Missing
 * collection data...', 'Missing src20 data...'), whatever the wallet. Signed in otherwise, the mint happens in the
 * Ninja wallet's frame; signed out, the page's request opened the sign-in panel instead, and the dialog or the frame
 * follows the sign-in.
 */
export function MintControls({ page = window as PsbtWindow }: { page?: PsbtWindow }) {
  const dispatch = useMintDispatch();
  const request = useOpenMintRequest();
  const wallet = walletTypeOf(useSession().logged);
  const close = useCallback(() => {
    dispatch(mintClosed());
  }, [dispatch]);
  if (!request || !wallet) return null;
  const signing = isSigningWallet(wallet) ? wallet : null;

  switch (request.action) {
    case 'fairmint':
      return signing && <FairmintDialog terms={request.fairminter} wallet={signing} page={page} onClose={close} />;
    case 'mint-src20': {
      const src20 = src20MintOf(request.src20);
      if (!src20) return <Missing message={MISSING_SRC20} onClose={close} />;
      return signing && <Src20MintDialog src20={src20} wallet={signing} page={page} onClose={close} />;
    }
    case 'mint-launchpad': {
      const collection = launchpadMintOf(request.collection);
      if (!collection) return <Missing message={MISSING_COLLECTION} onClose={close} />;
      return signing && <LaunchpadMintDialog collection={collection} wallet={signing} page={page} onClose={close} />;
    }
  }
}

function Missing({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Modal title="Mint" onClose={onClose}>
      <ErrorNotice message={message} />
    </Modal>
  );
}

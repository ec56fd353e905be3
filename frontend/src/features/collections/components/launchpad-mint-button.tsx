import { openMint, useMintDispatch } from '@/lib/mint-request';
import { useNow } from '@/lib/use-now';
import { mintButton } from '../launchpad-rules';
import type { Collection } from '../types';

/**
 * The launchpad's mint button (catalogue): 'Mint Closed', 'Preview', 'Free Mint' or 'Mint Now', enabled while the
 * public mint is open and there is something to preview (`ready`). It opens the launchpad mint of the collection
 * (spec §2: the dialog when signed in with a wallet that signs, else the sign-in panel first).
 */
export function LaunchpadMintButton({ collection, ready }: { collection: Collection; ready: boolean }) {
  const dispatch = useMintDispatch();
  const now = useNow(1000);
  const button = mintButton(collection, now, ready);
  return (
    <button
      type="button"
      className="button launchpad__mint-button"
      aria-haspopup="dialog"
      disabled={button.disabled}
      onClick={() => {
        dispatch(openMint({ action: 'mint-launchpad', collection }));
      }}
    >
      {button.label}
    </button>
  );
}

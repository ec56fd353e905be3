import { StampMixer } from '@/features/mixer/components/stamp-mixer';
import { openStampMint, useWalletFrameDispatch } from '@/lib/wallet-frame';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * The mint page's Stamp Mixer tab: Mint mints the composed meme as a stamp whose file is the canvas's PNG, through
 * the wallet frame (the `mint` action, the file in base64).
 */
export function Component() {
  const dispatch = useWalletFrameDispatch();
  return (
    <StampMixer
      onMint={(png) => {
        dispatch(openStampMint(png));
      }}
    />
  );
}

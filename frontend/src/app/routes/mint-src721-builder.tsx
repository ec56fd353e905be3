import { Src721Builder } from '@/features/src721/components/src721-builder';
import { openStampMint, useWalletFrameDispatch } from '@/lib/wallet-frame';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * The mint page's Src721 Builder tab: Mint deploys the collection as a stamp whose file is the checked deploy JSON,
 * through the wallet frame (the `mint` action).
 */
export function Component() {
  const dispatch = useWalletFrameDispatch();
  return (
    <Src721Builder
      onMint={(file) => {
        dispatch(openStampMint(new TextEncoder().encode(file)));
      }}
    />
  );
}

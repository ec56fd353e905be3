import { BitMelody } from '@/features/bit-melody/components/bit-melody';
import { openStampMint, useWalletFrameDispatch } from '@/lib/wallet-frame';

export { RouteErrorBoundary as ErrorBoundary } from '@/components/errors/route-error-boundary';

/**
 * The mint page's Bit Melody tab: Mint mints the melody as a stamp whose file is its BMN bytes, through the wallet
 * frame (the `mint` action).
 */
export function Component() {
  const dispatch = useWalletFrameDispatch();
  return (
    <BitMelody
      onMint={(bytes) => {
        dispatch(openStampMint(bytes));
      }}
    />
  );
}

import { ProgressBar } from '@/components/ui/progress-bar';
import { formatInteger } from '@/utils/format';
import { formatBtc } from '@/utils/money';
import { percentOf } from '@/utils/units';
import { quantityPerMint } from '../launchpad-rules';
import type { Collection } from '../types';

/**
 * A launchpad's terms: price (a fee of 0 is a free mint), stamps minted of the max with a progress bar, quantity
 * per mint. Shown by the launchpad tool and by the mint page's list of launchpads.
 */
export function MintTerms({ collection, minted }: { collection: Collection; minted: number }) {
  const max = collection.max ?? null;
  const fee = collection.fee ?? null;
  const progress = max ? percentOf(Math.min(minted, max), max) : null;
  return (
    <>
      <dl className="launchpad__terms">
        <div>
          <dt>Price</dt>
          <dd>{fee === null ? '-' : fee === 0 ? 'Free' : formatBtc(fee)}</dd>
        </div>
        <div>
          <dt>Minted</dt>
          <dd>
            {formatInteger(minted)}
            {max ? ` / ${formatInteger(max)}` : ''}
          </dd>
        </div>
        <div>
          <dt>Per mint</dt>
          <dd>{quantityPerMint(collection.quantity_per_mint)}</dd>
        </div>
      </dl>
      {progress && <ProgressBar value={progress} label={`${collection.name || collection.collection_id} minted`} />}
    </>
  );
}

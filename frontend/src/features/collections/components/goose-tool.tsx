import { useState } from 'react';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { useGetLaunchpadQuery } from '../api';
import { pickGoose, randomGooseNumber, type GooseData, type GoosePick } from '../goose';
import type { Collection } from '../types';
import { useGooseData } from '../use-goose-data';
import { LaunchpadMintButton } from './launchpad-mint-button';
import { LaunchpadStats } from './launchpad-stats';

/** Said while the goose data script loads (the spec: data can take up to 2 minutes). */
export const GOOSE_LOADING_NOTICE = 'Goose data can take up to 2 minutes to load.';
/** Said when the script failed to load or gave no usable data. */
export const GOOSE_LOAD_ERROR = "Couldn't load the goose data, try again later.";

/**
 * A random goose: its image (a data URL, drawn from the data's layers) and its number, and a button to pick another.
 * The pick keeps the goose's cpid for the mint; the cpid's prefix is not shown (spec).
 */
function GooseFigure({ data }: { data: GooseData }) {
  const [pick, setPick] = useState<GoosePick>(() => pickGoose(data, randomGooseNumber()));
  return (
    <figure className="goose__figure">
      <img
        className="goose__image"
        src={pick.image}
        alt={`Goose #${pick.digits}`}
        width={240}
        height={240}
        decoding="async"
      />
      <figcaption className="goose__caption">
        <span className="goose__number">#{pick.digits}</span>
        <button
          type="button"
          className="sort-button"
          onClick={() => {
            setPick(pickGoose(data, randomGooseNumber()));
          }}
        >
          Pick another
        </button>
      </figcaption>
    </figure>
  );
}

/**
 * The goose launchpad's tool (spec: 'Goose tool'): the goose data script loads first, with a notice that this can take
 * up to 2 minutes; then a random goose of the 1,000,000 shows. Beside it, the launchpad's stats from
 * `GET /api/launchpad/goose`, as the generic tool shows them, and the mint button: the launchpad mint of collection
 * goose, enabled once the data has loaded while the public mint is open.
 */
export function GooseTool({ collection }: { collection: Collection }) {
  const launchpad = useGetLaunchpadQuery(collection.collection_id);
  const { state, retry } = useGooseData();
  return (
    <div className="launchpad">
      <section className="panel" aria-labelledby="goose-title" aria-busy={state.status === 'loading'}>
        <h2 id="goose-title" className="panel__title">
          Random goose
        </h2>
        <div className="goose__body">
          {state.status === 'ready' ? (
            <GooseFigure data={state.data} />
          ) : state.status === 'error' ? (
            <div className="goose__failure">
              <ErrorNotice message={GOOSE_LOAD_ERROR} />
              <button type="button" className="button button--ghost" onClick={retry}>
                Try again
              </button>
            </div>
          ) : (
            <div className="goose__loading">
              <Loading label="Loading goose data..." />
              <p className="goose__notice">{GOOSE_LOADING_NOTICE}</p>
            </div>
          )}
        </div>
        <div className="goose__mint">
          <LaunchpadMintButton collection={collection} ready={state.status === 'ready'} />
        </div>
      </section>
      {launchpad.data && <LaunchpadStats info={launchpad.data} />}
    </div>
  );
}

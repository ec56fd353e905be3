import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { ErrorNotice, Loading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorStatus, GENERIC_ERROR } from '@/lib/api-error';
import { useSite } from '@/lib/site-variant';
import { formatInteger, stampLabel } from '@/utils/format';
import { useGetSrc721Query } from '../api';
import { isSrc721, layerLabel, shortCpid } from '../rules';
import type { Src721Data, Src721LayerStamp } from '../types';
import { StampGrid } from '@/components/stamp/stamp-grid';
import { DetailPanel } from '@/components/stamp-detail/detail-blocks';

/** A layer stamp's thumbnail, linked to its page. */
function LayerStamp({ stamp, layer }: { stamp: Src721LayerStamp; layer: number }) {
  const site = useSite();
  return (
    <li className="src721-layer__item">
      <Link className="src721-layer__link" to={site.stampHref(stamp.cpid)} title={stamp.cpid}>
        <span className="src721-layer__thumb">
          <FallbackImage sources={[stamp.url]} alt={`${layerLabel(layer)}: ${stamp.cpid}`} />
        </span>
        <span className="src721-layer__cpid mono" aria-hidden="true">
          {shortCpid(stamp.cpid)}
        </span>
      </Link>
    </li>
  );
}

/** A mint's layers: the one stamp it chose in each layer. */
function MintLayers({ layers }: { layers: Src721LayerStamp[][] }) {
  return (
    <ol className="src721-layers src721-layers--mint" aria-label="Layers">
      {layers.map((stamps, index) =>
        stamps.slice(0, 1).map((stamp) => (
          <li key={`${String(index)}-${stamp.cpid}`} className="src721-layer">
            <p className="src721-layer__title">{layerLabel(index)}</p>
            <ul className="src721-layer__stamps">
              <LayerStamp stamp={stamp} layer={index} />
            </ul>
          </li>
        )),
      )}
    </ol>
  );
}

/** A deploy's layers: every stamp of each layer, as thumbnails. */
function DeployLayers({ layers }: { layers: Src721LayerStamp[][] }) {
  return (
    <ol className="src721-layers" aria-label="Layers">
      {layers.map((stamps, index) => (
        // Layers are positional: the index is their identity.
        <li key={index} className="src721-layer">
          <p className="src721-layer__title">
            {layerLabel(index)} <span className="src721-layer__count">({formatInteger(stamps.length)})</span>
          </p>
          <ul className="src721-layer__stamps">
            {stamps.map((stamp) => (
              <LayerStamp key={stamp.cpid} stamp={stamp} layer={index} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function collectionName(data: Src721Data): string {
  return data.name ? `SRC-721 ${data.name}` : (data.collection_id ?? '');
}

function MintBody({ data }: { data: Src721Data }) {
  const site = useSite();
  const { parent } = data;
  return (
    <>
      <h3 className="src721__heading">Layers</h3>
      <MintLayers layers={data.layers} />
      <h3 className="src721__heading">Parent collection</h3>
      <ul className="detail-links">
        {data.collection_id && (
          <li>
            Collection{' '}
            <Link className="text-link" to={paths.collection.getHref(data.collection_id)}>
              {collectionName(data)}
            </Link>
          </li>
        )}
        {parent && (
          <li>
            Deploy{' '}
            <Link className="text-link" to={site.stampHref(parent.cpid)}>
              {site.stampWord} {stampLabel(parent.stamp)} <span className="mono">{parent.cpid}</span>
            </Link>
          </li>
        )}
      </ul>
    </>
  );
}

function DeployBody({ data }: { data: Src721Data }) {
  const total = data.mints.estimatedTotalHits;
  return (
    <>
      <h3 className="src721__heading">Layers</h3>
      <DeployLayers layers={data.layers} />
      <h3 className="src721__heading">
        Mints <span className="src721-layer__count">({formatInteger(total)})</span>
      </h3>
      {data.mints.hits.length === 0 ? (
        <p className="detail-panel__empty">NO RESULTS</p>
      ) : (
        <StampGrid hits={data.mints.hits} label="Mints" />
      )}
      {data.collection_id && (
        <p className="src721__more">
          <Link className="text-link" to={paths.collection.getHref(data.collection_id)}>
            {total > data.mints.hits.length
              ? `See all ${formatInteger(total)} mints in the collection`
              : `Open the collection ${collectionName(data)}`}
          </Link>
        </p>
      )}
    </>
  );
}

/**
 * The detail page's 'SRC-721' block (`GET /api/stamp/src721/{cpid}`): a mint's layers (the stamp it chose in each,
 * linked to its page) and parent collection (the collection page and the deploy stamp); a deploy's layers (every
 * stamp as a thumbnail) and its newest mints with the total and a link to the collection. Nothing on 404.
 */
export function Src721Block({ cpid }: { cpid: string }) {
  const { currentData: data, error, isFetching } = useGetSrc721Query(cpid);
  if (!data) {
    if (isFetching) {
      return (
        <DetailPanel title="SRC-721">
          <Loading />
        </DetailPanel>
      );
    }
    if (!error || errorStatus(error) === 404) return null;
    return (
      <DetailPanel title="SRC-721">
        <ErrorNotice message={GENERIC_ERROR} />
      </DetailPanel>
    );
  }
  return (
    <DetailPanel title="SRC-721">
      <div className="src721">{data.op === 'mint' ? <MintBody data={data} /> : <DeployBody data={data} />}</div>
    </DetailPanel>
  );
}

/** The SRC-721 block of a stamp that is an SRC-721 deploy or mint; nothing (and no call) for other stamps. */
export function Src721BlockOf({ stamp }: { stamp: { cpid: string; ident: string } }) {
  return isSrc721(stamp.ident) ? <Src721Block cpid={stamp.cpid} /> : null;
}

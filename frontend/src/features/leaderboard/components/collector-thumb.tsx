import { useState } from 'react';
import { AssetNameTile } from '@/components/stamp/asset-name-tile';

type CollectorThumbProps = {
  cpid: string;
  /** The image; null when the asset has none. */
  url: string | null;
  /** The thumbnail's name (its image's alt text). */
  alt: string;
  /**
   * Without an image (none, or it fails to load), the asset's name shows as a text tile (the XCP ranking's assets,
   * many of which have no image); otherwise the thumbnail stays an empty tile.
   */
  nameTile?: boolean;
};

/** A thumbnail of a stamp or asset a collector holds or destroyed, on a ranking's card. */
export function CollectorThumb({ cpid, url, alt, nameTile = false }: CollectorThumbProps) {
  const [failed, setFailed] = useState(false);
  if (url === null || failed) {
    return nameTile ? (
      <div className="collector__thumb collector__thumb--name" role="img" aria-label={alt} title={cpid}>
        <AssetNameTile name={cpid} compact />
      </div>
    ) : (
      <span className="collector__thumb collector__thumb--none" role="img" aria-label={alt} />
    );
  }
  return (
    <img
      className="collector__thumb"
      src={url}
      alt={alt}
      title={cpid}
      loading="lazy"
      decoding="async"
      onError={() => {
        setFailed(true);
      }}
    />
  );
}

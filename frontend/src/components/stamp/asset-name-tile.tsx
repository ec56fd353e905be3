/**
 * An asset that is no stamp, or has no image, shows its name where a stamp has its image (never a stand-in picture):
 * on a card and a detail page with its 'XCP' kind, as a thumbnail (`compact`) with its name alone.
 */
export function AssetNameTile({ name, compact = false }: { name: string; compact?: boolean }) {
  return (
    <div className={compact ? 'asset-tile asset-tile--compact' : 'asset-tile'} aria-hidden="true">
      {!compact && <span className="asset-tile__kind">XCP</span>}
      <span className="asset-tile__name">{name}</span>
    </div>
  );
}

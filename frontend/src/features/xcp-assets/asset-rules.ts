import type { AssetHit } from './asset-types';

/** An asset's name as people read it: its long name (a subasset's `PARENT.child`), else its cpid. */
export function assetName(asset: Pick<AssetHit, 'cpid' | 'asset_longname'>): string {
  return asset.asset_longname ?? asset.cpid;
}

/** Whether the asset is a stamp (the API gives its number and file then). */
export function isStampAsset(
  asset: Pick<AssetHit, 'stamp' | 'stamp_url'>,
): asset is { stamp: number; stamp_url: string } {
  return asset.stamp !== null && asset.stamp_url !== null;
}

/**
 * The description worth showing as text: none for a stamp (its description carries the file, `STAMP:...`), none
 * when it is the enhanced information's URL (shown as a link), else the text, trimmed.
 */
export function assetDescription(asset: Pick<AssetHit, 'stamp' | 'description' | 'xcp_json_url'>): string | null {
  const text = asset.description.trim();
  if (!text || asset.stamp !== null || /^stamp:/i.test(text)) return null;
  if (asset.xcp_json_url && text === asset.xcp_json_url.trim()) return null;
  return text;
}

/** The enhanced asset information's URL as a link, when it is an http(s) URL; null otherwise. */
export function enhancedInfoHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

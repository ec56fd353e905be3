/**
 * The stamp filters and sorts the finders share: the Stamps site's stamp finder and the XCP site's asset finder, which
 * offers them for the assets that are stamps. The API spells them as the URL does.
 */
import type { SiteVariant } from '@/config/site';
import type { SortDirection } from '@/utils/list-params';

/** The type filters (`types`): stamps of any of these kinds. */
export const STAMP_TYPES = ['src-721', 'bmn', 'png', 'gif', 'svg', 'jpeg', 'html', 'other', 'cursed_stamp'] as const;
export type StampType = (typeof STAMP_TYPES)[number];

export const STAMP_TYPE_LABELS: Readonly<Record<StampType, string>> = {
  'src-721': 'SRC-721',
  bmn: 'Music (BMN)',
  png: 'PNG',
  gif: 'GIF',
  svg: 'SVG',
  jpeg: 'JPEG',
  html: 'HTML',
  other: 'Other',
  cursed_stamp: 'Cursed',
};

/** The type filters each site offers: the cursed-stamp filter is the alt (XCP) site's. */
export function stampTypesFor(variant: SiteVariant): readonly StampType[] {
  return variant === 'xcp' ? STAMP_TYPES : STAMP_TYPES.filter((type) => type !== 'cursed_stamp');
}

/** The stamp sort fields (the API's). `rarity_rank` is an SRC-721 mint's rank in its collection, 1 the rarest. */
export const STAMP_SORT_FIELDS = [
  'stamp',
  'floor_price',
  'total_volume',
  'supply',
  'last_sale',
  'last_sale_price',
  'last_dispenser',
  'stamp_base64_size',
  'dividend_count',
  'rarity_rank',
] as const;
export type StampSortField = (typeof STAMP_SORT_FIELDS)[number];

/** The sort buttons' labels; `stampLabel` names the stamp number's sort. */
export function stampSortLabels(stampLabel: string): Record<StampSortField, string> {
  return {
    stamp: stampLabel,
    floor_price: 'Floor price',
    total_volume: 'Total volume',
    supply: 'Supply',
    last_sale: 'Last sale',
    last_sale_price: 'Last sale price',
    last_dispenser: 'Last dispenser',
    stamp_base64_size: 'File size',
    dividend_count: 'Dividends',
    rarity_rank: 'Rarity',
  };
}

/**
 * The direction a stamp sort starts in when chosen: the stamp number from the oldest, the rarity rank from the
 * rarest (rank 1), every other figure most first.
 */
export function firstStampSortDirection(field: StampSortField): SortDirection {
  return field === 'stamp' || field === 'rarity_rank' ? 'asc' : 'desc';
}

import type { StampDetailBlocks } from '@/lib/stamp-detail';
import type { StampDetail, StampListFields } from '@/lib/stamp';

/** One Counterparty asset of `GET /api/xcp/search` (the XCP site's finder); a stamp or not. */
export type AssetHit = {
  cpid: string;
  asset_longname: string | null;
  /** The stamp number when the asset is a stamp, else null. */
  stamp: number | null;
  /** The stamp's file (`/s/{cpid}`) when the asset is a stamp, else null. */
  stamp_url: string | null;
  /** The stamp's MIME type when the asset is a stamp (its card shows a non-image file's kind, not a broken image). */
  stamp_mimetype?: string | null;
  /** The stamp's file kind (png, svg, html, bmn, ...) when the asset is a stamp. */
  file_suffix?: string | null;
  /** The address of its first issuance. */
  creator: string;
  /** The address that issues it now. */
  issuer: string;
  /** Base units, exact (1e-8 of a unit when divisible). */
  supply: string;
  divisible: boolean;
  locked: boolean;
  description: string;
  /** The description, when it is an http(s) URL of a JSON file of enhanced asset information. */
  xcp_json_url: string | null;
  /**
   * The picture of its enhanced asset information, served by the API (`/api/asset/{cpid}/image`), when it is no
   * stamp and has that information; else null. It may still fail to load (no picture, or one that could not be read).
   */
  xcp_image_url: string | null;
  /** Its first issuance. */
  block_index: number;
  /** Unix seconds. */
  block_time: number;
  holders: number;
  /** Destroyed, base units. */
  destructions: string;
  /** The cheapest buyable dispenser's price per whole unit, integer satoshis; null when none is open. */
  floor_price: number | null;
  /** The last sale's price per whole unit, integer satoshis; null before any sale. */
  last_sale_price: number | null;
  /** The last sale's time (unix seconds); null before any sale. */
  last_sale: number | null;
  /** Satoshis paid in every sale. */
  total_volume: number;
  dividend_count: number;
  /** An SRC-721 mint's rank in its collection, 1 the rarest; null otherwise. */
  rarity_rank: number | null;
  /** What puts it on sale: a buyable dispenser's txid, or an atomic swap's `txid:vout`; null when not on sale. */
  on_sale: string | null;
};

/**
 * `GET /api/asset/{cpid}`: any Counterparty asset with the stamp page's blocks; `stamp` is the stamp (with its list
 * figures) when the asset is one.
 */
export type AssetDetailData = {
  cpid: string;
  asset_longname: string | null;
  description: string;
  xcp_json_url: string | null;
  /** As in the finder: the picture of its enhanced asset information (`/api/asset/{cpid}/image`), else null. */
  xcp_image_url: string | null;
  supply: string;
  divisible: boolean;
  locked: boolean;
  owner: string | null;
  destructions: string;
  /** Its first issuance. */
  block_index: number;
  /** Its first issuance's block time (unix seconds). */
  block_time?: number;
  /** Its first issuer. */
  creator?: string;
  /** The display name of the creator's profile, when it has one. */
  creator_name?: string | null;
  stamp: (StampDetail & StampListFields) | null;
} & Omit<StampDetailBlocks, 'owner' | 'trusted' | 'creator_name'>;

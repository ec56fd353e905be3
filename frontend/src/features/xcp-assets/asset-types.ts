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
  /** Its first issuance. */
  block_index: number;
  /** Unix seconds. */
  block_time: number;
  holders: number;
  /** Destroyed, base units. */
  destructions: string;
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

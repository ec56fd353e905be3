import type { StampHit } from '@/lib/stamp';

/** A layer stamp of an SRC-721 deploy or mint: its cpid and its image's URL. */
export type Src721LayerStamp = { cpid: string; url: string };

/** The first page of a deploy's mints, newest first. */
export type Src721Mints = { hits: StampHit[]; estimatedTotalHits: number; offset: number; limit: number };

/**
 * `GET /api/stamp/src721/{cpid}`: a deploy (every layer's stamps, its newest mints) or a mint (the stamp it chose
 * in each layer, and its deploy as `parent`). 404 when the stamp is no SRC-721 deploy or mint.
 */
export type Src721Data = {
  cpid: string;
  op: 'deploy' | 'mint';
  collection_id: string | null;
  name: string;
  layers: Src721LayerStamp[][];
  mints: Src721Mints;
  parent: StampHit | null;
};

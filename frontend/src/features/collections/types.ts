export type { Collection, PeriodVolume } from '@/lib/collection';

/** A page of a list endpoint; `estimatedTotalHits` is the total. */
export type Paged<T> = { hits: T[]; estimatedTotalHits: number; offset: number; limit: number };

/** A stamp as a collector or burned entry lists it. */
export type StampThumb = { cpid: string; url: string };

/** A layer stamp of the Traits filter, with its share of the collection's mints ("33.33%") when the API counts it. */
export type TraitStamp = StampThumb & { share?: string | undefined };

/** One entry of `GET /api/collection/{id}/collectors`. */
export type Collector = {
  rank: number;
  address: string;
  user_id: string | null;
  display_name: string | null;
  stamp_count: number;
  stamps: StampThumb[];
};

/** One entry of `GET /api/collection/{id}/burned`: the first 10 destroyed stamps. */
export type Burner = {
  rank: number;
  address: string;
  user_id: string | null;
  display_name: string | null;
  destroyed_count: number;
  stamps: StampThumb[];
};

/** A stamp of a collection, as the finder (`GET /api/search?collection=`) lists it. */
export type CollectionStamp = {
  cpid: string;
  stamp: number;
  stamp_url: string;
  stamp_mimetype: string | null;
  ident: string;
  creator: string;
  block_index: number;
  supply: string;
  is_cursed: boolean;
};

/** A staff directory as the XCP site's navigation lists it (`GET /api/xcp/projects`). */
export type XcpProject = { collection_id: string; name: string; count: number };

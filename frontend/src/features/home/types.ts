import type { Collection } from '@/lib/collection';

/** A stamp sale of the home page's `lastSales`. */
export type HomeSale = {
  cpid: string;
  stamp: number;
  stamp_url: string;
  tx_hash: string;
  /** Unix seconds. */
  timestamp: number;
  destination: string;
  /** Base units, exact. */
  quantity: string;
  /** Satoshis paid. */
  btc_amount: number;
};

/** A dispenser still selling a stamp (`newDispenser`, the home page's recent listings). */
export type HomeListing = {
  cpid: string;
  stamp: number;
  stamp_url: string;
  tx_hash: string;
  timestamp: number;
  source: string;
  give_quantity: string;
  give_remaining: string;
  /** Satoshis per dispense of `give_quantity`. */
  satoshi_price: number;
};

/** A stamp of the home page's `src721` and `classic` lists (the finder's stamp shape). */
export type HomeStamp = {
  cpid: string;
  stamp: number;
  block_index: number;
  block_time: number;
  creator: string;
  supply: string;
  ident: string;
  is_cursed: boolean;
  stamp_mimetype: string | null;
  stamp_url: string;
};

/** A staff-curated banner of the home page's top carousel (`mainBanner`). */
export type Banner = {
  collection_id: string;
  name: string;
  description: string;
  /** A site path (`/collection/X`) or an https URL. */
  link: string;
  /** The banner's image URL. */
  image: string;
  /** An image URL. */
  icon: string | null;
  user_id: string;
  stamp_count: number;
  collector_count: number;
  stamp_images: string[];
};

/**
 * `GET /api/home`: the staff-curated banners and featured collections (in curated order), the launchpad collections
 * (highest stamp numbers first), the SRC-721 collections (trending first, at most 11: more than 10 means there are
 * more to see), and the chain lists, 20 each, newest first.
 */
export type HomeData = {
  mainBanner: Banner[];
  featured: Collection[];
  launchpads: Collection[];
  lastSales: HomeSale[];
  newDispenser: HomeListing[];
  src721Collections: Collection[];
  src721: HomeStamp[];
  classic: HomeStamp[];
};

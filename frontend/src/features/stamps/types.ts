/** Arguments of a stamp search: `q` empty lists every stamp, newest first. */
export type StampSearchArgs = {
  q: string;
  offset: number;
  limit: number;
  /** Comma-separated type filters. */
  types?: string;
  /** Comma-separated show-only filters. */
  only?: string;
  /** `field:direction`; absent is the API's default (newest first). */
  sort?: string;
  /** One rarity filter (`top10` ... `sub100000`). */
  rarity?: string;
};

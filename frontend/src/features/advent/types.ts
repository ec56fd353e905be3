/** One door of `GET /api/advent`: day 1..25, and 31 for the bonus New Year stamp. */
export type AdventDay = {
  day: number;
  presale_cpid: string | null;
  presale_dispenser: string | null;
  cpid: string | null;
  dispenser: string | null;
  author: string | null;
  /** The stamp's image URL, once it is minted. */
  src: string | null;
};

/** `GET /api/advent`: the curated calendar of a year (404 when none is curated). */
export type AdventCalendar = { year: number; days: AdventDay[] };

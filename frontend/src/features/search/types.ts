/** A stamp hit of `GET /api/autocomplete/{text}`. */
export type AutocompleteStamp = {
  stamp: number;
  cpid: string;
  asset_longname: string | null;
};

/**
 * The part of `GET /api/autocomplete/{text}` the overlay shows: the stamp group, exact matches first.
 * The response's other groups (`src20Hits`, `collectionHits`, `leaderboardHits`) link to pages this app does
 * not have yet, so they are not read.
 */
export type Autocomplete = {
  stampHits: AutocompleteStamp[];
};

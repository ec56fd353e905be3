/** A stamp hit of `GET /api/autocomplete/{text}`. */
export type AutocompleteStamp = {
  stamp: number;
  cpid: string;
  asset_longname: string | null;
};

/** An SRC-20 hit: a deployed tick. */
export type AutocompleteSrc20 = { tick: string };

/** A collection hit. */
export type AutocompleteCollection = { collection_id: string; name: string };

/** A user hit (the leaderboard's users): an id, and a display name when the user chose one. */
export type AutocompleteUser = { user_id: string; display_name: string | null };

/** `GET /api/autocomplete/{text}`, each group read defensively (a missing one is empty). */
export type Autocomplete = {
  stampHits: AutocompleteStamp[];
  src20Hits: AutocompleteSrc20[];
  collectionHits: AutocompleteCollection[];
  leaderboardHits: AutocompleteUser[];
};

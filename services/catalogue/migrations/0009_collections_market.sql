-- Collections from the chain (SRC-721 deploys and their mints) beside the users' own, and every collection's
-- market figures, derived on the projection side.

-- An SRC-721 stamp's JSON (keys lower-cased, `symbol` as `tick`), else empty.
ALTER TABLE stamps ADD COLUMN src_data TEXT NOT NULL DEFAULT '';

-- An SRC-721 deploy is a collection whose id is the deploy's cpid. `layers` holds, per layer t0..t9, the cpids
-- of the stamps its images come from. Reverted with the deploy's block.
CREATE TABLE src721_collections (
    collection_id TEXT PRIMARY KEY,
    block_index BIGINT NOT NULL,
    name TEXT NOT NULL,
    tick TEXT NOT NULL,
    description TEXT NOT NULL,
    website TEXT NOT NULL,
    creator TEXT NOT NULL,
    icon TEXT NOT NULL,
    layers JSONB NOT NULL
);
CREATE INDEX src721_collections_block ON src721_collections (block_index);
CREATE INDEX src721_collections_name_prefix ON src721_collections (lower(name) text_pattern_ops);
CREATE INDEX src721_collections_creator ON src721_collections (creator);

-- A mint naming a known deploy: its collection, and the stamp it chose in each layer.
CREATE TABLE src721_mints (
    cpid TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL,
    block_index BIGINT NOT NULL,
    stamp BIGINT NOT NULL,
    traits JSONB NOT NULL
);
CREATE INDEX src721_mints_collection ON src721_mints (collection_id, stamp DESC);
CREATE INDEX src721_mints_block ON src721_mints (block_index);

-- Every collection as a card, users' and the chain's.
CREATE VIEW collection_cards AS
    SELECT collection_id, name, 'other'::TEXT AS type, user_id, twitter, website, description,
           COALESCE((SELECT cpid FROM collection_stamps s WHERE s.collection_id = c.collection_id
                     ORDER BY position LIMIT 1), '') AS icon_id
    FROM collections c WHERE NOT deleted
    UNION ALL
    SELECT collection_id, name, 'src721'::TEXT, creator, '', website, description,
           CASE WHEN icon <> '' THEN icon ELSE collection_id END
    FROM src721_collections;

-- Every collection's stamps, in the collection's order (an SRC-721 collection's newest mint first).
CREATE VIEW collection_members AS
    SELECT collection_id, cpid, position::BIGINT AS position FROM collection_stamps
    UNION ALL
    SELECT collection_id, cpid, -stamp FROM src721_mints;

-- A collection's market figures. Volumes are satoshis of dispenses in windows ending with the hour of the
-- latest block (`collection_stats_anchor`), each beside the window before it; prices are per whole unit; the
-- market cap values each stamp's current supply at its floor.
CREATE TABLE collection_stats (
    collection_id TEXT PRIMARY KEY,
    stamp_count BIGINT NOT NULL,
    collector_count BIGINT NOT NULL,
    lowest_stamp BIGINT,
    highest_stamp BIGINT,
    lowest_time BIGINT,
    highest_time BIGINT,
    floor_price BIGINT,
    total_volume BIGINT NOT NULL,
    market_cap BIGINT,
    day_volume BIGINT NOT NULL,
    prev_day_volume BIGINT NOT NULL,
    week_volume BIGINT NOT NULL,
    prev_week_volume BIGINT NOT NULL,
    month_volume BIGINT NOT NULL,
    prev_month_volume BIGINT NOT NULL
);
CREATE INDEX collection_stats_trending ON collection_stats (week_volume, total_volume, collection_id);
CREATE INDEX collection_stats_lowest ON collection_stats (lowest_stamp, collection_id);
CREATE INDEX collection_stats_highest ON collection_stats (highest_stamp, collection_id);
CREATE INDEX collection_stats_floor ON collection_stats (floor_price, collection_id);
CREATE INDEX collection_stats_volume ON collection_stats (total_volume, collection_id);
CREATE INDEX collection_stats_cap ON collection_stats (market_cap, collection_id);
CREATE INDEX collection_stats_stamps ON collection_stats (stamp_count, collection_id);
CREATE INDEX collection_stats_collectors ON collection_stats (collector_count, collection_id);

-- The end of the windows the volumes were computed for (unix seconds): when the latest block's hour changes,
-- every collection is computed again.
CREATE TABLE collection_stats_anchor (
    id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
    anchor BIGINT NOT NULL
);

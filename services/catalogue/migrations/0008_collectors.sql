-- The collectors leaderboard: one row per address holding, having created or having destroyed a stamp, derived
-- from `balances`, `stamps` and `destructions` for the addresses a block touched (holders of a stamp whose price
-- moved included), after it is applied or reverted. Valuations are satoshis, rounded down.
CREATE TABLE collectors (
    address TEXT PRIMARY KEY,
    stamp_count BIGINT NOT NULL,
    stamp_created_count BIGINT NOT NULL,
    -- Units held times each stamp's floor price, and times its latest sale price.
    floor_valuation BIGINT NOT NULL,
    last_sale_valuation BIGINT NOT NULL,
    -- Stamps destroyed, and what they were worth (floor price, else latest sale price).
    destroyed_count BIGINT NOT NULL,
    destruction_valuation BIGINT NOT NULL
);
CREATE INDEX collectors_stamps ON collectors (stamp_count, address);
CREATE INDEX collectors_created ON collectors (stamp_created_count, address);
CREATE INDEX collectors_floor ON collectors (floor_valuation, address);
CREATE INDEX collectors_last_sale ON collectors (last_sale_valuation, address);
CREATE INDEX collectors_destruction ON collectors (destruction_valuation, address);

-- The home page's latest stamps of a kind.
CREATE INDEX stamps_ident ON stamps (ident, stamp DESC) WHERE NOT is_cursed;
CREATE INDEX dispensers_recent ON dispensers (block_index DESC) WHERE status NOT IN (10, 11);

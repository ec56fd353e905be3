-- The fairminter list's figures, one row per fairminter, derived from `fairminters`, `fairmints`, `balances` and
-- `blocks` for the fairminters a block touched, after it is applied or reverted.
CREATE TABLE fairminter_stats (
    tx_hash TEXT PRIMARY KEY,
    asset TEXT NOT NULL,
    -- When the fairminter was created (block time).
    block_time BIGINT NOT NULL,
    minted_count BIGINT NOT NULL,
    minters_count BIGINT NOT NULL,
    -- Units earned by valid fairmints.
    earned NUMERIC(20, 0) NOT NULL,
    -- Block time of the latest valid fairmint.
    last_mint BIGINT,
    holders_count BIGINT NOT NULL,
    -- (premint + earned) / hard cap in percent, 2 decimals; 0 without a hard cap.
    progress NUMERIC(6, 2) NOT NULL
);
CREATE INDEX fairminter_stats_time ON fairminter_stats (block_time, tx_hash);
CREATE INDEX fairminter_stats_progress ON fairminter_stats (progress, tx_hash);
CREATE INDEX fairminter_stats_holders ON fairminter_stats (holders_count, tx_hash);
CREATE INDEX fairminter_stats_minted ON fairminter_stats (minted_count, tx_hash);
CREATE INDEX fairminter_stats_minters ON fairminter_stats (minters_count, tx_hash);
CREATE INDEX fairminter_stats_last_mint ON fairminter_stats (last_mint, tx_hash);
CREATE INDEX fairmints_block ON fairmints (block_index);
CREATE INDEX balance_versions_changed ON balance_versions (changed_at, asset);

-- SRC-20 read side: each operation's stamp number, and one row per deployed tick with the figures the finder
-- sorts and filters on. `src20_ticks` is derived from `src20_ops` and `src20_balances`: after a block is applied
-- or reverted, the rows of the ticks it touched are computed again from those tables.

ALTER TABLE src20_ops ADD COLUMN stamp BIGINT;
CREATE INDEX src20_ops_op_stamp ON src20_ops (op, stamp DESC);
CREATE INDEX src20_ops_stamp ON src20_ops (stamp DESC);
CREATE INDEX src20_ops_valid_time ON src20_ops (op, block_index DESC, seq DESC) WHERE valid;

CREATE TABLE src20_ticks (
    tick TEXT PRIMARY KEY,
    -- The valid deploy.
    tx_hash TEXT NOT NULL,
    block_index BIGINT NOT NULL,
    block_time BIGINT NOT NULL,
    stamp BIGINT,
    creator TEXT NOT NULL,
    max NUMERIC NOT NULL,
    lim NUMERIC NOT NULL,
    dec INTEGER,
    -- Valid mints so far.
    minted NUMERIC NOT NULL,
    mint_count BIGINT NOT NULL,
    minters_count BIGINT NOT NULL,
    last_mint_block BIGINT,
    -- Addresses holding a positive balance.
    holders_count BIGINT NOT NULL,
    -- minted / max in percent, rounded down to 2 decimals (100 when minted out).
    progress NUMERIC(6, 2) NOT NULL
);
CREATE INDEX src20_ticks_stamp ON src20_ticks (stamp DESC NULLS LAST, tick);
CREATE INDEX src20_ticks_progress ON src20_ticks (progress DESC, tick);
CREATE INDEX src20_ticks_holders ON src20_ticks (holders_count DESC, tick);
CREATE INDEX src20_ticks_minted ON src20_ticks (mint_count DESC, tick);
CREATE INDEX src20_ticks_minters ON src20_ticks (minters_count DESC, tick);
CREATE INDEX src20_balances_tick_positive ON src20_balances (tick, balance DESC) WHERE balance > 0;
CREATE UNIQUE INDEX src20_ticks_tx ON src20_ticks (tx_hash);

-- Read models projected from the CHAIN stream. Every row carries the height of the block it came from, so a
-- BlockReverted undoes it by height.

CREATE TABLE blocks (
    height BIGINT PRIMARY KEY,
    hash TEXT NOT NULL,
    time BIGINT NOT NULL
);

CREATE TABLE stamps (
    cpid TEXT PRIMARY KEY,
    stamp BIGINT NOT NULL UNIQUE,
    block_index BIGINT NOT NULL,
    block_time BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    tx_index INTEGER NOT NULL,
    creator TEXT NOT NULL,
    supply NUMERIC(20, 0) NOT NULL,
    divisible BOOLEAN NOT NULL,
    locked BOOLEAN NOT NULL,
    keyburn BOOLEAN NOT NULL,
    ident TEXT NOT NULL,
    is_cursed BOOLEAN NOT NULL,
    mimetype TEXT NOT NULL,
    file_sha256 TEXT NOT NULL,
    file_size BIGINT NOT NULL,
    stamp_hash TEXT NOT NULL,
    asset_longname TEXT NOT NULL
);
CREATE INDEX stamps_block ON stamps (block_index);
CREATE INDEX stamps_creator ON stamps (creator, stamp DESC);
CREATE INDEX stamps_tx ON stamps (tx_hash);
CREATE INDEX stamps_cpid_prefix ON stamps (cpid text_pattern_ops);

-- Every fact row carries the height of the block that created it, so a reorg unwinds by deleting by height.

CREATE TABLE blocks (
    height BIGINT PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    prev_hash TEXT NOT NULL,
    time BIGINT NOT NULL
);

-- Counterparty issuances, valid or not, in block order.
CREATE TABLE issuances (
    tx_hash TEXT PRIMARY KEY,
    block_index BIGINT NOT NULL,
    tx_index INTEGER NOT NULL,
    asset TEXT NOT NULL,
    asset_longname TEXT,
    source TEXT NOT NULL,
    quantity NUMERIC(20, 0) NOT NULL,
    divisible BOOLEAN NOT NULL,
    locked BOOLEAN NOT NULL,
    reset BOOLEAN NOT NULL,
    description TEXT,
    status TEXT NOT NULL
);
CREATE INDEX issuances_asset ON issuances (asset, block_index, tx_index);
CREATE INDEX issuances_block ON issuances (block_index);

-- Stamps with their numbers: blessed count up from 0, cursed down from -1.
CREATE TABLE stamps (
    stamp BIGINT PRIMARY KEY,
    cpid TEXT NOT NULL UNIQUE,
    tx_hash TEXT NOT NULL UNIQUE,
    block_index BIGINT NOT NULL,
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
    asset_longname TEXT
);
CREATE INDEX stamps_block ON stamps (block_index);

-- Consensus hashes per block (btc_stamps' txlist, messages and ledger hashes).
ALTER TABLE blocks ADD COLUMN txlist_hash TEXT, ADD COLUMN messages_hash TEXT, ADD COLUMN ledger_hash TEXT;

-- SRC-20 operations, valid or not, in block order. Amounts are exact decimal text, as the reference writes them.
CREATE TABLE src20_ops (
    tx_hash TEXT PRIMARY KEY,
    block_index BIGINT NOT NULL,
    tx_index INTEGER NOT NULL,
    op TEXT,
    tick TEXT,
    amt TEXT,
    max TEXT,
    lim TEXT,
    dec INTEGER,
    creator TEXT,
    destination TEXT,
    valid BOOLEAN NOT NULL,
    status TEXT
);
CREATE INDEX src20_ops_block ON src20_ops (block_index);
CREATE INDEX src20_ops_tick ON src20_ops (tick, block_index, tx_index);

-- Current SRC-20 balances, and per block the balances it replaced (NULL: none before), to unwind by height.
CREATE TABLE src20_balances (
    tick TEXT NOT NULL,
    address TEXT NOT NULL,
    balance TEXT NOT NULL,
    PRIMARY KEY (tick, address)
);
CREATE TABLE src20_balance_undo (
    block_index BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    tick TEXT NOT NULL,
    address TEXT NOT NULL,
    previous TEXT,
    PRIMARY KEY (block_index, seq)
);

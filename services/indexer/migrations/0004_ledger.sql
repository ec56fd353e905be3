-- The Counterparty ledger. The snapshot it started from; every effect in order (the in-memory ledger is rebuilt
-- from them at start and after an unwind); each transaction's status; the current balances with the values each
-- block replaced, to unwind by height.
CREATE TABLE ledger_bootstrap (
    id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
    height BIGINT NOT NULL,
    snapshot JSONB NOT NULL
);
CREATE TABLE ledger_effects (
    block_index BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    effect JSONB NOT NULL,
    PRIMARY KEY (block_index, seq)
);
CREATE TABLE cp_transactions (
    tx_hash TEXT PRIMARY KEY,
    block_index BIGINT NOT NULL,
    tx_index INTEGER NOT NULL,
    message_type TEXT,
    status TEXT NOT NULL,
    supported BOOLEAN NOT NULL
);
CREATE INDEX cp_transactions_block ON cp_transactions (block_index);
CREATE TABLE balances (
    holder TEXT NOT NULL,
    asset TEXT NOT NULL,
    quantity NUMERIC(20, 0) NOT NULL,
    PRIMARY KEY (holder, asset)
);
CREATE TABLE balance_undo (
    block_index BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    holder TEXT NOT NULL,
    asset TEXT NOT NULL,
    previous NUMERIC(20, 0),
    PRIMARY KEY (block_index, seq)
);

-- Issuance rows now come from the ledger, several per transaction at times (fairmints, ownership sweeps).
ALTER TABLE issuances DROP CONSTRAINT issuances_pkey;
ALTER TABLE issuances ADD COLUMN msg_index INTEGER NOT NULL DEFAULT 0;
ALTER TABLE issuances ADD PRIMARY KEY (tx_hash, msg_index);

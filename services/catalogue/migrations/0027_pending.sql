-- The pending view (MEMPOOL): what the transactions waiting in the node's mempool will do once mined, kept apart
-- from the confirmed read models. A transaction's rows go when a block confirms it (the CHAIN projection deletes
-- them with the block) or when the indexer says it left the mempool.
CREATE TABLE pending_txs (
    txid TEXT PRIMARY KEY,
    -- Its place among the waiting transactions: later ones read what earlier ones did.
    seq INTEGER NOT NULL,
    seen_ms BIGINT NOT NULL,
    source TEXT NOT NULL,
    message_type TEXT NOT NULL,
    status TEXT NOT NULL
);

-- Balances a waiting transaction changes: `address` is the holder's address, or a UTXO holder's owner.
CREATE TABLE pending_balances (
    txid TEXT NOT NULL REFERENCES pending_txs ON DELETE CASCADE,
    holder TEXT NOT NULL,
    asset TEXT NOT NULL,
    delta NUMERIC NOT NULL,
    address TEXT NOT NULL
);
CREATE INDEX pending_balances_holder ON pending_balances (holder);
CREATE INDEX pending_balances_address ON pending_balances (address);
CREATE INDEX pending_balances_txid ON pending_balances (txid);

-- Dispensers as a waiting transaction leaves them (the latest by `pending_txs.seq` is the pending state).
CREATE TABLE pending_dispensers (
    txid TEXT NOT NULL REFERENCES pending_txs ON DELETE CASCADE,
    dispenser TEXT NOT NULL,
    source TEXT NOT NULL,
    asset TEXT NOT NULL,
    status INTEGER NOT NULL,
    give_remaining NUMERIC NOT NULL
);
CREATE INDEX pending_dispensers_dispenser ON pending_dispensers (dispenser);
CREATE INDEX pending_dispensers_source ON pending_dispensers (source);
CREATE INDEX pending_dispensers_txid ON pending_dispensers (txid);

-- SRC-20 balances a waiting transaction changes (exact decimals, signed).
CREATE TABLE pending_src20 (
    txid TEXT NOT NULL REFERENCES pending_txs ON DELETE CASCADE,
    tick TEXT NOT NULL,
    address TEXT NOT NULL,
    delta NUMERIC NOT NULL,
    op TEXT NOT NULL
);
CREATE INDEX pending_src20_tick ON pending_src20 (tick, address);
CREATE INDEX pending_src20_txid ON pending_src20 (txid);

-- Assets a waiting transaction issues (fairmints, new stamps, reissues).
CREATE TABLE pending_issuances (
    txid TEXT NOT NULL REFERENCES pending_txs ON DELETE CASCADE,
    asset TEXT NOT NULL,
    quantity NUMERIC NOT NULL,
    source TEXT NOT NULL
);
CREATE INDEX pending_issuances_asset ON pending_issuances (asset);
CREATE INDEX pending_issuances_txid ON pending_issuances (txid);

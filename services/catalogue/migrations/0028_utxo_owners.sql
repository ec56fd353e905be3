-- Whose a UTXO's balances are: the address its output pays, as the transaction that created it (an attach, or the
-- move of a spent UTXO's balances) says. Deleted with its block.
CREATE TABLE utxo_owners (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    holder TEXT PRIMARY KEY,
    address TEXT NOT NULL
);
CREATE INDEX utxo_owners_address ON utxo_owners (address);
CREATE INDEX utxo_owners_block ON utxo_owners (block_index);

-- What an address holds, directly or on the UTXOs it owns.
CREATE VIEW holdings AS
    SELECT holder AS address, asset, quantity FROM balances WHERE holder NOT LIKE '%:%'
    UNION ALL
    SELECT o.address, b.asset, b.quantity FROM balances b JOIN utxo_owners o ON o.holder = b.holder;

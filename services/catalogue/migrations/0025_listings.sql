-- Atomic-swap listings (LISTINGS): a seller's signed offer of what a UTXO holds. A listing is open while it is not
-- cancelled and its UTXO still holds a balance (`balances.holder` = the UTXO): spending the UTXO ends it.
CREATE TABLE listings (
    utxo TEXT PRIMARY KEY,
    seller TEXT NOT NULL,
    price BIGINT NOT NULL,
    psbt TEXT NOT NULL,
    listed_at BIGINT NOT NULL,
    cancelled BOOLEAN NOT NULL DEFAULT false
);

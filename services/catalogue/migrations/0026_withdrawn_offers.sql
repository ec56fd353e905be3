-- A listing's offer is the seller's signature over its UTXO and payout. Whoever received its PSBT can complete it
-- until the UTXO is spent, so an offer its seller cancelled (or replaced by another) is remembered and never
-- listed again.
ALTER TABLE listings ADD COLUMN offer TEXT NOT NULL DEFAULT '';

CREATE TABLE withdrawn_offers (
    offer TEXT PRIMARY KEY,
    utxo TEXT NOT NULL
);

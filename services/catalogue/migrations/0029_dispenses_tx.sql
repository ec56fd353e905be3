-- Whether a transaction's dispenses are projected (the wallet waits for it before another purchase from the same
-- dispenser is checked): by transaction hash.
CREATE INDEX dispenses_tx ON dispenses (tx_hash);

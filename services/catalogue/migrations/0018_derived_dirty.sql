-- Keys whose derived figures wait for the end of the transaction that applied their blocks: one projection
-- transaction may apply many blocks, and each key's figures are computed once for all of them. Empty between
-- transactions, so nothing in it needs to survive a crash.
CREATE UNLOGGED TABLE derived_dirty (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    PRIMARY KEY (kind, key)
);

-- The best chain's headers below the start height (no block is downloaded there): each links to the one below
-- it, so the first indexed block's parent is checked, not trusted.
CREATE TABLE headers (
    height BIGINT PRIMARY KEY,
    hash TEXT NOT NULL,
    header BYTEA NOT NULL
);

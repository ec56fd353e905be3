-- Launchpad collections, as the curation makes them: each collection's launchpad configuration (mint windows,
-- fees, whitelist, cap, layer odds) and its curated position.
CREATE TABLE launchpads (
    collection_id TEXT PRIMARY KEY,
    position INTEGER NOT NULL,
    config JSONB NOT NULL
);

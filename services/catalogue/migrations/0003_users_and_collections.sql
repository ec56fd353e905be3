-- Read models of the USERS and COLLECTIONS streams. Each user and each collection keeps the version of the last
-- event applied to it: an event at or below it was applied already and is skipped. Unique names are the
-- producers' rule (they check before publishing); here names are only indexed for lookups.

CREATE TABLE users (
    user_id TEXT PRIMARY KEY,
    display_name TEXT NOT NULL,
    twitter TEXT NOT NULL,
    version BIGINT NOT NULL
);
CREATE INDEX users_display_name ON users (lower(display_name)) WHERE display_name <> '';

-- The addresses of a profile (the user's own id among them once linked).
CREATE TABLE user_addresses (
    address TEXT PRIMARY KEY,
    user_id TEXT NOT NULL
);
CREATE INDEX user_addresses_user ON user_addresses (user_id);

CREATE TABLE wishlists (
    user_id TEXT NOT NULL,
    cpid TEXT NOT NULL,
    added_version BIGINT NOT NULL,
    PRIMARY KEY (user_id, cpid)
);

CREATE TABLE collections (
    collection_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    user_id TEXT NOT NULL,
    twitter TEXT NOT NULL,
    website TEXT NOT NULL,
    description TEXT NOT NULL,
    version BIGINT NOT NULL,
    -- A deleted collection stays as a tombstone, so that no late event brings it back.
    deleted BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX collections_name ON collections (lower(name));
CREATE INDEX collections_user ON collections (user_id);

-- A collection's stamps in their given order. A stamp is in one collection at most: the latest event naming it
-- wins.
CREATE TABLE collection_stamps (
    cpid TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL,
    position INTEGER NOT NULL
);
CREATE INDEX collection_stamps_collection ON collection_stamps (collection_id, position);

-- Users, their addresses and wishlists; sign-in challenges and sessions. Times are Unix milliseconds.

CREATE TABLE users (
    user_id TEXT PRIMARY KEY,
    display_name TEXT NOT NULL DEFAULT '',
    twitter TEXT NOT NULL DEFAULT '',
    -- One more per change of any kind; events carry it.
    version BIGINT NOT NULL,
    created_ms BIGINT NOT NULL
);
-- Display names are unique whatever their case.
CREATE UNIQUE INDEX users_display_name ON users (lower(display_name)) WHERE display_name <> '';

CREATE TABLE addresses (
    address TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (user_id),
    linked_ms BIGINT NOT NULL
);
CREATE INDEX addresses_user ON addresses (user_id, linked_ms);

CREATE TABLE wishlist (
    user_id TEXT NOT NULL REFERENCES users (user_id),
    cpid TEXT NOT NULL,
    added_ms BIGINT NOT NULL,
    PRIMARY KEY (user_id, cpid)
);

-- A challenge lives minutes: losing the table in a crash only asks visitors to sign a new one.
CREATE UNLOGGED TABLE challenges (
    nonce TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    -- 1: sign-in; 2: link (then issued to one session).
    purpose SMALLINT NOT NULL,
    message TEXT NOT NULL,
    session_hash BYTEA,
    expires_ms BIGINT NOT NULL,
    used BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX challenges_expiry ON challenges (expires_ms);

CREATE TABLE sessions (
    -- SHA-256 of the token; the token itself is never stored.
    token_hash BYTEA PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (user_id),
    address TEXT NOT NULL,
    wallet TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    seen_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id, address);
CREATE INDEX sessions_expiry ON sessions (expires_ms);

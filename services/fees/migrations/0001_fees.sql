-- The fee oracle's records: every fee record whose rates moved (kept a week), and the latest BTC prices. At start
-- the oracle answers from the newest of them until it reads new ones.

-- Rates in sat/kvB.
CREATE TABLE fee_records (
    time_ms BIGINT PRIMARY KEY,
    fastest BIGINT NOT NULL,
    half_hour BIGINT NOT NULL,
    hour BIGINT NOT NULL,
    economy BIGINT NOT NULL,
    minimum BIGINT NOT NULL,
    source TEXT NOT NULL
);

-- Whole units of each currency per BTC.
CREATE TABLE prices (
    currency TEXT PRIMARY KEY,
    per_btc BIGINT NOT NULL,
    time_ms BIGINT NOT NULL
);

-- How many times each UTC day's rollups changed: every transaction that writes a day's rollups moves its version,
-- as do a rebuild and the retention. What a replica keeps of a day (`query::Days`) is current while the version it
-- read before the day's rows stands, whichever replica wrote.
CREATE TABLE day_versions (
    bucket BIGINT PRIMARY KEY,
    version BIGINT NOT NULL
);

-- Requests the gateways served, and their rollups. Times are Unix milliseconds (BIGINT); an origin is its index
-- in `stamps_proto::events::ORIGINS`.

-- Raw requests, one partition per UTC day (`requests_d<days since 1970>`), made as events arrive and dropped
-- whole when the retention passes. Nothing reads them to answer the dashboard.
CREATE TABLE requests (
    time_ms BIGINT NOT NULL,
    origin SMALLINT NOT NULL,
    path TEXT NOT NULL,
    url TEXT NOT NULL,
    status SMALLINT NOT NULL,
    latency_us INTEGER NOT NULL,
    mobile BOOLEAN NOT NULL,
    -- A keyed hash of the client's address (the key changes every day and is not stored here).
    visitor BYTEA NOT NULL
) PARTITION BY RANGE (time_ms);

-- Per origin and hour (bucket: the hour's start) and per origin and day (the day's start): requests, distinct
-- visitors, requests from phones and tablets.
CREATE TABLE hourly (
    origin SMALLINT NOT NULL,
    bucket BIGINT NOT NULL,
    requests BIGINT NOT NULL,
    visitors BIGINT NOT NULL,
    mobile BIGINT NOT NULL,
    PRIMARY KEY (origin, bucket)
);
CREATE TABLE daily (LIKE hourly INCLUDING ALL);

-- The visitors seen in each hour and day: what makes `visitors` exact (a visitor is counted when first seen).
CREATE TABLE hourly_visitors (
    origin SMALLINT NOT NULL,
    bucket BIGINT NOT NULL,
    visitor BYTEA NOT NULL,
    PRIMARY KEY (origin, bucket, visitor)
);
CREATE TABLE daily_visitors (LIKE hourly_visitors INCLUDING ALL);

-- Requests per latency class (`latency::class`), by hour and by day.
CREATE TABLE hourly_latency (
    origin SMALLINT NOT NULL,
    bucket BIGINT NOT NULL,
    class SMALLINT NOT NULL,
    requests BIGINT NOT NULL,
    PRIMARY KEY (origin, bucket, class)
);
CREATE TABLE daily_latency (LIKE hourly_latency INCLUDING ALL);

-- Requests per path and per URL and day: the top lists count the whole days a range touches.
CREATE TABLE daily_paths (
    origin SMALLINT NOT NULL,
    bucket BIGINT NOT NULL,
    key TEXT NOT NULL,
    requests BIGINT NOT NULL,
    PRIMARY KEY (origin, bucket, key)
);
CREATE TABLE daily_urls (LIKE daily_paths INCLUDING ALL);

-- `latency::class` in SQL, for rollups rebuilt from the raw rows (`ingest::rebuild_rollups`).
CREATE FUNCTION latency_class(us INTEGER) RETURNS SMALLINT LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT (CASE WHEN us < 4 THEN GREATEST(us, 0) ELSE 4 * e + ((us >> (e - 2)) & 3) - 4 END)::SMALLINT
    FROM (SELECT 32 - position('1' IN us::BIT(32)::TEXT) AS e) AS exponent
$$;

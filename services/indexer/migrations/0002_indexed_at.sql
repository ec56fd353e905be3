-- When each block was indexed: `stamps indexer status` reports the rate from it.
ALTER TABLE blocks ADD COLUMN indexed_at TIMESTAMPTZ NOT NULL DEFAULT now();
CREATE INDEX blocks_indexed_at ON blocks (indexed_at);

-- The ledger's effects, one row per block (a JSON array in order) instead of one row per effect: a block of
-- stamps writes one row, not thousands. Compressed with lz4 where the server has it.
CREATE TABLE ledger_blocks (
    block_index BIGINT PRIMARY KEY,
    effects BYTEA NOT NULL
);

DO $$
BEGIN
    ALTER TABLE ledger_blocks ALTER COLUMN effects SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
    NULL;
END
$$;

INSERT INTO ledger_blocks (block_index, effects)
SELECT block_index, convert_to(jsonb_agg(effect ORDER BY seq)::TEXT, 'UTF8')
FROM ledger_effects
GROUP BY block_index;

DROP TABLE ledger_effects;

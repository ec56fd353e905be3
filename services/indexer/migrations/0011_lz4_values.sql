-- Values large enough to be stored out of line are compressed with lz4 instead of pglz: a block's effects
-- (hundreds of KiB of JSON, much of it stamps' base64 text) and long issuance descriptions. lz4 compresses
-- at a fraction of pglz's CPU, and the replay writes every block's effects once. A server built without lz4
-- keeps pglz.
DO $$
BEGIN
    ALTER TABLE ledger_blocks ALTER COLUMN effects SET COMPRESSION lz4;
    ALTER TABLE issuances ALTER COLUMN description SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'lz4 is not available on this server: large values stay compressed with pglz';
END
$$;

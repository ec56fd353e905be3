-- The text keys of the indexer's indexes compare byte by byte, as the reference ledgers (SQLite's BINARY
-- collation) order them, whatever locale the database was created with. Under a language collation every
-- comparison in these B-trees went through the locale's strcoll; these keys are addresses, asset names, ticks
-- and hashes, which no reader sorts as words. Parameters compared with them (UNNEST of text arrays) take the
-- columns' collation.
ALTER TABLE balances
    ALTER COLUMN holder TYPE TEXT COLLATE "C",
    ALTER COLUMN asset TYPE TEXT COLLATE "C";
ALTER TABLE balance_undo
    ALTER COLUMN holder TYPE TEXT COLLATE "C",
    ALTER COLUMN asset TYPE TEXT COLLATE "C";
ALTER TABLE src20_balances
    ALTER COLUMN tick TYPE TEXT COLLATE "C",
    ALTER COLUMN address TYPE TEXT COLLATE "C";
ALTER TABLE src20_balance_undo
    ALTER COLUMN tick TYPE TEXT COLLATE "C",
    ALTER COLUMN address TYPE TEXT COLLATE "C";
ALTER TABLE blocks
    ALTER COLUMN hash TYPE TEXT COLLATE "C";

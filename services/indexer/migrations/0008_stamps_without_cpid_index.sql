-- A CPID has one stamp: the indexer's numbering checks it in memory (a CPID already stamped is not stamped again)
-- before a row is written, and nothing looks a stamp up by CPID here. The unique index on it was the only
-- index of these tables with random keys: every stamp's insert touched a random page of an index of millions of
-- entries.
ALTER TABLE stamps DROP CONSTRAINT stamps_cpid_key;

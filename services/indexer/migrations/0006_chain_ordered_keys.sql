-- Facts are found by block (unwinds, replays), never by txid: keys in chain order keep every insert at the end of
-- its index, where random txid keys scattered them over indexes of millions of entries. A CPID still has one
-- stamp.
ALTER TABLE cp_transactions DROP CONSTRAINT cp_transactions_pkey;
ALTER TABLE cp_transactions ADD PRIMARY KEY (block_index, tx_index);
DROP INDEX cp_transactions_block;

ALTER TABLE src20_ops DROP CONSTRAINT src20_ops_pkey;
ALTER TABLE src20_ops ADD PRIMARY KEY (block_index, tx_index);
DROP INDEX src20_ops_block;

ALTER TABLE issuances DROP CONSTRAINT issuances_pkey;
ALTER TABLE issuances ADD PRIMARY KEY (block_index, tx_index, msg_index);
DROP INDEX issuances_block;
DROP INDEX issuances_asset;

ALTER TABLE stamps DROP CONSTRAINT stamps_tx_hash_key;

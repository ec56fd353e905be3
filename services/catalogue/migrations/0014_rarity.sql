-- An SRC-721 mint's rank in its collection by the rarity of its traits (1: the rarest), kept by the collection
-- figures' computation; NULL for every other stamp.
ALTER TABLE stamps ADD COLUMN rarity_rank BIGINT;
CREATE INDEX stamps_rarity ON stamps (rarity_rank, stamp) WHERE rarity_rank IS NOT NULL;

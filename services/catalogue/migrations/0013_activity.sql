-- A profile's activity and wishlist: the events of its addresses found by address, each list newest first.
CREATE INDEX issuances_source ON issuances (source, block_index DESC) WHERE status = 'valid';
CREATE INDEX dispenses_source ON dispenses (source, block_index DESC);
CREATE INDEX dispenses_destination ON dispenses (destination, block_index DESC);
CREATE INDEX fairmints_source ON fairmints (source, block_index DESC) WHERE status = 'valid';
CREATE INDEX wishlists_cpid ON wishlists (cpid);

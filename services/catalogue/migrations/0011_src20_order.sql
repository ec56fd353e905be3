-- The SRC-20 finder's default order (newest stamp first, operations without a stamp last), walked by an index.
CREATE INDEX src20_ops_finder_order ON src20_ops (stamp DESC NULLS LAST, block_index DESC, seq DESC);
-- ... and a tick's history in that order.
CREATE INDEX src20_ops_tick_order ON src20_ops (tick, stamp DESC NULLS LAST, block_index DESC, seq DESC);

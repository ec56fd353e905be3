-- A valid deploy's operation row carries its tick's figures (those the SRC-20 finder sorts and filters deploys
-- on), copied from `src20_ticks` whenever they are computed, so that deploys sorted by a figure are read in
-- index order instead of joining and sorting every deploy. Other operations, and invalid deploys, have none.
ALTER TABLE src20_ops
    ADD COLUMN holders_count BIGINT,
    ADD COLUMN progress NUMERIC(6, 2),
    ADD COLUMN mint_count BIGINT,
    ADD COLUMN minters_count BIGINT;

UPDATE src20_ops o SET holders_count = t.holders_count, progress = t.progress, mint_count = t.mint_count,
                       minters_count = t.minters_count
FROM src20_ticks t WHERE o.tx_hash = t.tx_hash AND o.op = 'DEPLOY';

-- Each figure in both directions, figures absent last, then newest stamp first: the finder's order.
CREATE INDEX src20_deploys_holders_desc ON src20_ops (holders_count DESC NULLS LAST, stamp DESC NULLS LAST)
    WHERE op = 'DEPLOY';
CREATE INDEX src20_deploys_holders_asc ON src20_ops (holders_count ASC NULLS LAST, stamp DESC NULLS LAST)
    WHERE op = 'DEPLOY';
CREATE INDEX src20_deploys_progress_desc ON src20_ops (progress DESC NULLS LAST, stamp DESC NULLS LAST)
    WHERE op = 'DEPLOY';
CREATE INDEX src20_deploys_progress_asc ON src20_ops (progress ASC NULLS LAST, stamp DESC NULLS LAST)
    WHERE op = 'DEPLOY';
CREATE INDEX src20_deploys_mints_desc ON src20_ops (mint_count DESC NULLS LAST, stamp DESC NULLS LAST)
    WHERE op = 'DEPLOY';
CREATE INDEX src20_deploys_mints_asc ON src20_ops (mint_count ASC NULLS LAST, stamp DESC NULLS LAST)
    WHERE op = 'DEPLOY';
CREATE INDEX src20_deploys_minters_desc ON src20_ops (minters_count DESC NULLS LAST, stamp DESC NULLS LAST)
    WHERE op = 'DEPLOY';
CREATE INDEX src20_deploys_minters_asc ON src20_ops (minters_count ASC NULLS LAST, stamp DESC NULLS LAST)
    WHERE op = 'DEPLOY';
-- A tick's deploys, where its figures are copied.
CREATE INDEX src20_deploys_tick ON src20_ops (tick) WHERE op = 'DEPLOY';

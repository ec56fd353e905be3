-- Valid mints per tick and block: how many, and the amount they minted (a malformed amount counts 0), so that a
-- tick's mint history reads one row per block instead of every mint. Written when a block is applied (again
-- for each part of a large block), deleted with the block's other events when it is reverted.
CREATE TABLE src20_mint_blocks (
    tick TEXT NOT NULL,
    block_index BIGINT NOT NULL,
    block_time BIGINT NOT NULL,
    mints BIGINT NOT NULL,
    amount NUMERIC NOT NULL,
    PRIMARY KEY (tick, block_index)
);
CREATE INDEX src20_mint_blocks_block ON src20_mint_blocks (block_index);

INSERT INTO src20_mint_blocks (tick, block_index, block_time, mints, amount)
SELECT tick, block_index, max(block_time), count(*),
       sum(CASE WHEN amt ~ '^[0-9]+(\.[0-9]+)?$' THEN amt::NUMERIC ELSE 0 END)
FROM src20_ops WHERE op = 'MINT' AND valid GROUP BY tick, block_index;

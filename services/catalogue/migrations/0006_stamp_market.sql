-- The stamp card read model: how each file travelled, what kind it is, and the figures the finder sorts and
-- filters on. The market columns are derived from `assets`, `dispensers`, `dispenses`, `dividends` and
-- `destructions`: after a block is applied or reverted, the stamps it touched are computed again.

ALTER TABLE stamps
    ADD COLUMN encoding TEXT NOT NULL DEFAULT '',
    ADD COLUMN file_suffix TEXT NOT NULL DEFAULT '',
    -- Satoshis per whole unit at the cheapest buyable dispenser, and that dispenser.
    ADD COLUMN floor_price BIGINT,
    ADD COLUMN on_sale TEXT,
    -- The latest sale: satoshis per whole unit, and its height.
    ADD COLUMN last_sale_price BIGINT,
    ADD COLUMN last_sale_block BIGINT,
    -- Satoshis paid in every sale, and how many sales.
    ADD COLUMN total_volume BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN sales_count BIGINT NOT NULL DEFAULT 0,
    -- Height of the newest dispenser.
    ADD COLUMN last_dispenser_block BIGINT,
    ADD COLUMN dividend_count BIGINT NOT NULL DEFAULT 0,
    -- Destroyed by valid destructions.
    ADD COLUMN destroyed NUMERIC(20, 0) NOT NULL DEFAULT 0;

CREATE INDEX stamps_floor ON stamps (floor_price, stamp) WHERE floor_price IS NOT NULL;
CREATE INDEX stamps_volume ON stamps (total_volume, stamp);
CREATE INDEX stamps_supply ON stamps (supply, stamp);
CREATE INDEX stamps_last_sale ON stamps (last_sale_block, stamp) WHERE last_sale_block IS NOT NULL;
CREATE INDEX stamps_last_sale_price ON stamps (last_sale_price, stamp) WHERE last_sale_price IS NOT NULL;
CREATE INDEX stamps_last_dispenser ON stamps (last_dispenser_block, stamp) WHERE last_dispenser_block IS NOT NULL;
CREATE INDEX stamps_file_size ON stamps (file_size, stamp);
CREATE INDEX stamps_dividends ON stamps (dividend_count, stamp);
CREATE INDEX dispenses_asset_time ON dispenses (asset, block_index DESC, seq DESC);

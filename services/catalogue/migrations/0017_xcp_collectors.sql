-- The XCP site's collectors: per address, the Counterparty assets (every one but XCP) it holds, created and
-- destroyed, derived with the stamp collectors' figures for the addresses a block touched.
CREATE TABLE xcp_collectors (
    address TEXT PRIMARY KEY,
    asset_count BIGINT NOT NULL,
    created_count BIGINT NOT NULL,
    destroyed_count BIGINT NOT NULL
);
CREATE INDEX xcp_collectors_assets ON xcp_collectors (asset_count, address);
CREATE INDEX xcp_collectors_created ON xcp_collectors (created_count, address);
CREATE INDEX xcp_collectors_destroyed ON xcp_collectors (destroyed_count, address);

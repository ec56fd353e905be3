-- The Counterparty and SRC-20 read models projected from BlockIndexed ops.
--
-- Events (sales, sends, destructions, ...) are rows carrying their block height: a BlockReverted deletes them by
-- height. State (balances, assets, dispensers, fairminters, SRC-20 balances) is kept twice: every version in a
-- `*_versions` table (`changed_at` height, `seq` position of the op in the block) and the latest one in the current
-- table (with its `changed_at`). A revert
-- deletes the block's versions and puts back, for each key it touched, the latest version left (or nothing).

-- Counterparty balances by holder (an address, or a UTXO `txid:vout`).
CREATE TABLE balances (
    holder TEXT NOT NULL,
    asset TEXT NOT NULL,
    quantity NUMERIC(20, 0) NOT NULL,
    changed_at BIGINT NOT NULL,
    PRIMARY KEY (holder, asset)
);
CREATE INDEX balances_asset ON balances (asset, quantity DESC) WHERE quantity > 0;
CREATE TABLE balance_versions (
    changed_at BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    holder TEXT NOT NULL,
    asset TEXT NOT NULL,
    quantity NUMERIC(20, 0) NOT NULL,
    PRIMARY KEY (changed_at, seq)
);
CREATE INDEX balance_versions_key ON balance_versions (holder, asset, changed_at DESC, seq DESC);

-- Counterparty assets as their valid issuances and destructions left them.
CREATE TABLE assets (
    asset TEXT PRIMARY KEY,
    asset_longname TEXT NOT NULL,
    creator TEXT NOT NULL,
    issuer TEXT NOT NULL,
    supply NUMERIC(20, 0) NOT NULL,
    divisible BOOLEAN NOT NULL,
    locked BOOLEAN NOT NULL,
    description TEXT NOT NULL,
    first_block BIGINT NOT NULL,
    changed_at BIGINT NOT NULL
);
CREATE INDEX assets_creator ON assets (creator);
CREATE INDEX assets_longname ON assets (asset_longname) WHERE asset_longname <> '';
CREATE TABLE asset_versions (
    changed_at BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    asset TEXT NOT NULL,
    asset_longname TEXT NOT NULL,
    creator TEXT NOT NULL,
    issuer TEXT NOT NULL,
    supply NUMERIC(20, 0) NOT NULL,
    divisible BOOLEAN NOT NULL,
    locked BOOLEAN NOT NULL,
    description TEXT NOT NULL,
    first_block BIGINT NOT NULL,
    PRIMARY KEY (changed_at, seq)
);
CREATE INDEX asset_versions_key ON asset_versions (asset, changed_at DESC, seq DESC);

-- Every issuance, valid or not, in chain order.
CREATE TABLE issuances (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    msg_index INTEGER NOT NULL,
    asset TEXT NOT NULL,
    asset_longname TEXT NOT NULL,
    quantity NUMERIC(20, 0) NOT NULL,
    divisible BOOLEAN NOT NULL,
    source TEXT NOT NULL,
    issuer TEXT NOT NULL,
    transfer BOOLEAN NOT NULL,
    description TEXT NOT NULL,
    locked BOOLEAN NOT NULL,
    reset BOOLEAN NOT NULL,
    fee_paid NUMERIC(20, 0) NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (block_index, seq)
);
CREATE INDEX issuances_asset ON issuances (asset, block_index, seq);

CREATE TABLE destructions (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    source TEXT NOT NULL,
    asset TEXT NOT NULL,
    quantity NUMERIC(20, 0) NOT NULL,
    tag TEXT NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (block_index, seq)
);
CREATE INDEX destructions_asset ON destructions (asset) WHERE status = 'valid';
CREATE INDEX destructions_source ON destructions (source) WHERE status = 'valid';

-- Sends of every kind (send, enhanced_send, mpma, attach, detach, utxo move, ...).
CREATE TABLE moves (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    tx_hash TEXT NOT NULL,
    msg_index INTEGER NOT NULL,
    source TEXT NOT NULL,
    destination TEXT NOT NULL,
    asset TEXT NOT NULL,
    quantity NUMERIC(20, 0) NOT NULL,
    memo TEXT NOT NULL,
    fee_paid NUMERIC(20, 0) NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (block_index, seq)
);
CREATE INDEX moves_asset ON moves (asset, block_index DESC);
CREATE INDEX moves_source ON moves (source, block_index DESC);
CREATE INDEX moves_destination ON moves (destination, block_index DESC);

CREATE TABLE sweeps (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    source TEXT NOT NULL,
    destination TEXT NOT NULL,
    flags INTEGER NOT NULL,
    memo TEXT NOT NULL,
    fee_paid NUMERIC(20, 0) NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (block_index, seq)
);

CREATE TABLE dividends (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    source TEXT NOT NULL,
    asset TEXT NOT NULL,
    dividend_asset TEXT NOT NULL,
    quantity_per_unit NUMERIC(20, 0) NOT NULL,
    fee_paid NUMERIC(20, 0) NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (block_index, seq)
);
CREATE INDEX dividends_asset ON dividends (asset) WHERE status = 'valid';

-- Dispensers in their latest state (status 0 open, 10 closed, 11 closing).
CREATE TABLE dispensers (
    tx_hash TEXT PRIMARY KEY,
    block_index BIGINT NOT NULL,
    source TEXT NOT NULL,
    origin TEXT NOT NULL,
    asset TEXT NOT NULL,
    give_quantity NUMERIC(20, 0) NOT NULL,
    escrow_quantity NUMERIC(20, 0) NOT NULL,
    satoshirate BIGINT NOT NULL,
    status INTEGER NOT NULL,
    give_remaining NUMERIC(20, 0) NOT NULL,
    oracle_address TEXT NOT NULL,
    dispense_count BIGINT NOT NULL,
    close_block_index BIGINT NOT NULL,
    changed_at BIGINT NOT NULL
);
CREATE INDEX dispensers_asset ON dispensers (asset, status);
CREATE INDEX dispensers_source ON dispensers (source, status);
CREATE TABLE dispenser_versions (
    changed_at BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    block_index BIGINT NOT NULL,
    source TEXT NOT NULL,
    origin TEXT NOT NULL,
    asset TEXT NOT NULL,
    give_quantity NUMERIC(20, 0) NOT NULL,
    escrow_quantity NUMERIC(20, 0) NOT NULL,
    satoshirate BIGINT NOT NULL,
    status INTEGER NOT NULL,
    give_remaining NUMERIC(20, 0) NOT NULL,
    oracle_address TEXT NOT NULL,
    dispense_count BIGINT NOT NULL,
    close_block_index BIGINT NOT NULL,
    PRIMARY KEY (changed_at, seq)
);
CREATE INDEX dispenser_versions_key ON dispenser_versions (tx_hash, changed_at DESC, seq DESC);

-- Sales from dispensers.
CREATE TABLE dispenses (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    block_time BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    dispense_index INTEGER NOT NULL,
    source TEXT NOT NULL,
    destination TEXT NOT NULL,
    asset TEXT NOT NULL,
    quantity NUMERIC(20, 0) NOT NULL,
    dispenser_tx_hash TEXT NOT NULL,
    btc_amount BIGINT NOT NULL,
    PRIMARY KEY (block_index, seq)
);
CREATE INDEX dispenses_asset ON dispenses (asset, block_index DESC);
CREATE INDEX dispenses_time ON dispenses (block_time DESC);

-- Fairminters in their latest state.
CREATE TABLE fairminters (
    tx_hash TEXT PRIMARY KEY,
    block_index BIGINT NOT NULL,
    source TEXT NOT NULL,
    asset TEXT NOT NULL,
    asset_parent TEXT NOT NULL,
    asset_longname TEXT NOT NULL,
    description TEXT NOT NULL,
    price NUMERIC(20, 0) NOT NULL,
    quantity_by_price NUMERIC(20, 0) NOT NULL,
    hard_cap NUMERIC(20, 0) NOT NULL,
    burn_payment BOOLEAN NOT NULL,
    max_mint_per_tx NUMERIC(20, 0) NOT NULL,
    max_mint_per_address NUMERIC(20, 0) NOT NULL,
    premint_quantity NUMERIC(20, 0) NOT NULL,
    start_block BIGINT NOT NULL,
    end_block BIGINT NOT NULL,
    minted_asset_commission_int BIGINT NOT NULL,
    soft_cap NUMERIC(20, 0) NOT NULL,
    soft_cap_deadline_block BIGINT NOT NULL,
    lock_description BOOLEAN NOT NULL,
    lock_quantity BOOLEAN NOT NULL,
    divisible BOOLEAN NOT NULL,
    pre_minted BOOLEAN NOT NULL,
    status TEXT NOT NULL,
    changed_at BIGINT NOT NULL
);
CREATE INDEX fairminters_asset ON fairminters (asset);
CREATE TABLE fairminter_versions (
    changed_at BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    block_index BIGINT NOT NULL,
    source TEXT NOT NULL,
    asset TEXT NOT NULL,
    asset_parent TEXT NOT NULL,
    asset_longname TEXT NOT NULL,
    description TEXT NOT NULL,
    price NUMERIC(20, 0) NOT NULL,
    quantity_by_price NUMERIC(20, 0) NOT NULL,
    hard_cap NUMERIC(20, 0) NOT NULL,
    burn_payment BOOLEAN NOT NULL,
    max_mint_per_tx NUMERIC(20, 0) NOT NULL,
    max_mint_per_address NUMERIC(20, 0) NOT NULL,
    premint_quantity NUMERIC(20, 0) NOT NULL,
    start_block BIGINT NOT NULL,
    end_block BIGINT NOT NULL,
    minted_asset_commission_int BIGINT NOT NULL,
    soft_cap NUMERIC(20, 0) NOT NULL,
    soft_cap_deadline_block BIGINT NOT NULL,
    lock_description BOOLEAN NOT NULL,
    lock_quantity BOOLEAN NOT NULL,
    divisible BOOLEAN NOT NULL,
    pre_minted BOOLEAN NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (changed_at, seq)
);
CREATE INDEX fairminter_versions_key ON fairminter_versions (tx_hash, changed_at DESC, seq DESC);

CREATE TABLE fairmints (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    block_time BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    source TEXT NOT NULL,
    fairminter_tx_hash TEXT NOT NULL,
    asset TEXT NOT NULL,
    earn_quantity NUMERIC(20, 0) NOT NULL,
    paid_quantity NUMERIC(20, 0) NOT NULL,
    commission NUMERIC(20, 0) NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (block_index, seq)
);
CREATE INDEX fairmints_fairminter ON fairmints (fairminter_tx_hash, block_index DESC);

-- Counterparty transactions and the ledger's verdict on each.
CREATE TABLE cp_transactions (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    tx_index INTEGER NOT NULL,
    message_type TEXT NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (block_index, seq)
);
CREATE INDEX cp_transactions_tx ON cp_transactions (tx_hash);

-- SRC-20 operations, valid or not, in chain order.
CREATE TABLE src20_ops (
    block_index BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    block_time BIGINT NOT NULL,
    tx_hash TEXT NOT NULL,
    tx_index INTEGER NOT NULL,
    op TEXT NOT NULL,
    tick TEXT NOT NULL,
    amt TEXT NOT NULL,
    max TEXT NOT NULL,
    lim TEXT NOT NULL,
    dec INTEGER,
    creator TEXT NOT NULL,
    destination TEXT NOT NULL,
    valid BOOLEAN NOT NULL,
    status TEXT NOT NULL,
    PRIMARY KEY (block_index, seq)
);
CREATE INDEX src20_ops_tick ON src20_ops (tick, block_index DESC, seq DESC);
CREATE INDEX src20_ops_creator ON src20_ops (creator, block_index DESC);
CREATE INDEX src20_ops_destination ON src20_ops (destination, block_index DESC);

-- SRC-20 balances: exact decimal text, as the reference writes them.
CREATE TABLE src20_balances (
    tick TEXT NOT NULL,
    address TEXT NOT NULL,
    balance NUMERIC NOT NULL,
    changed_at BIGINT NOT NULL,
    PRIMARY KEY (tick, address)
);
CREATE INDEX src20_balances_address ON src20_balances (address);
CREATE TABLE src20_balance_versions (
    changed_at BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    tick TEXT NOT NULL,
    address TEXT NOT NULL,
    balance NUMERIC NOT NULL,
    PRIMARY KEY (changed_at, seq)
);
CREATE INDEX src20_balance_versions_key ON src20_balance_versions (tick, address, changed_at DESC, seq DESC);

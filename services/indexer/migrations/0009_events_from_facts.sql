-- A block's `BlockIndexed` can be built again from these tables alone (the outbox row names the block; the relay
-- asks the indexer for the payload): stamps keep the event's last three fields, and the SRC-20 balance changes
-- keep the balance they set and the block's net change.
ALTER TABLE stamps
    ADD COLUMN encoding TEXT NOT NULL DEFAULT '',
    ADD COLUMN file_suffix TEXT NOT NULL DEFAULT '',
    ADD COLUMN src_data TEXT NOT NULL DEFAULT '';
ALTER TABLE src20_balance_undo
    ADD COLUMN balance TEXT,
    ADD COLUMN change TEXT;

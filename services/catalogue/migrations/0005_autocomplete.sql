-- Prefix lookups for autocomplete (`LIKE 'x%'` needs pattern operator classes under a non-C collation).
CREATE INDEX stamps_longname_prefix ON stamps (lower(asset_longname) text_pattern_ops) WHERE asset_longname <> '';
CREATE INDEX src20_ticks_prefix ON src20_ticks (tick text_pattern_ops);
CREATE INDEX collections_name_prefix ON collections (lower(name) text_pattern_ops) WHERE NOT deleted;
CREATE INDEX users_display_name_prefix ON users (lower(display_name) text_pattern_ops) WHERE display_name <> '';
CREATE INDEX users_id_prefix ON users (user_id text_pattern_ops);

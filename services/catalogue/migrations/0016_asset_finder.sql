-- The XCP site's finder walks every Counterparty asset: newest first, by name prefix or by issuer.
CREATE INDEX assets_first_block ON assets (first_block, asset);
CREATE INDEX assets_name_prefix ON assets (asset text_pattern_ops);
CREATE INDEX assets_issuer ON assets (issuer);

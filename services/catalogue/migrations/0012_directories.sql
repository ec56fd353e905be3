-- Staff directories (curated): collections of stamps owned by the network default (`XCP`), listed beside the
-- users' and the chain's collections.
CREATE TABLE directories (
    collection_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL
);
CREATE INDEX directories_name_prefix ON directories (lower(name) text_pattern_ops);
CREATE TABLE directory_stamps (
    collection_id TEXT NOT NULL,
    cpid TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (collection_id, cpid)
);
CREATE INDEX directory_stamps_cpid ON directory_stamps (cpid);

CREATE OR REPLACE VIEW collection_cards AS
    SELECT collection_id, name, 'other'::TEXT AS type, user_id, twitter, website, description,
           COALESCE((SELECT cpid FROM collection_stamps s WHERE s.collection_id = c.collection_id
                     ORDER BY position LIMIT 1), '') AS icon_id
    FROM collections c WHERE NOT deleted
    UNION ALL
    SELECT collection_id, name, 'src721'::TEXT, creator, '', website, description,
           CASE WHEN icon <> '' THEN icon ELSE collection_id END
    FROM src721_collections
    UNION ALL
    SELECT collection_id, name, 'other'::TEXT, 'XCP', '', '', description,
           COALESCE((SELECT cpid FROM directory_stamps s WHERE s.collection_id = d.collection_id
                     ORDER BY position LIMIT 1), '')
    FROM directories d;

CREATE OR REPLACE VIEW collection_members AS
    SELECT collection_id, cpid, position::BIGINT AS position FROM collection_stamps
    UNION ALL
    SELECT collection_id, cpid, -stamp FROM src721_mints
    UNION ALL
    SELECT collection_id, cpid, position::BIGINT FROM directory_stamps;

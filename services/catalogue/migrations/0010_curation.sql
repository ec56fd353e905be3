-- Staff content from the CURATION stream: the latest document of each kind (announcement, banners, featured,
-- feat, advent) and the import version it came with.
CREATE TABLE curation (
    kind TEXT PRIMARY KEY,
    version BIGINT NOT NULL,
    document JSONB NOT NULL
);

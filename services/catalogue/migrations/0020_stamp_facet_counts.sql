-- Stamps counted by every attribute the finder's file-type, show-only and rarity filters read (and whether a
-- stamp has the value a sort needs), so that the exact total of a finder query made of those filters alone is a
-- sum over a few hundred rows instead of a count over every stamp.
--
-- Each column is the stamp's own column reduced to what the filters can tell apart, under the same name, so
-- that a filter's condition reads the same on `stamps` and here: a file suffix the filters do not name is '',
-- a supply that is not one whole unit is -1, a rarity rank is its bound (10, 100, 1000, else 1001), a stamp
-- number is the lower end of its range (-1 cursed, 0, 100, 1000, 10000, 100000), a price or height is 1 when
-- present. A statement trigger on `stamps` keeps the counts exact whatever writes the stamps (new stamps,
-- market figures, issuances, reverts), from any connection (the functions carry this schema's search path).
CREATE TABLE stamp_facet_counts (
    ident TEXT NOT NULL,
    file_suffix TEXT NOT NULL,
    is_cursed BOOLEAN NOT NULL,
    on_sale BOOLEAN,
    locked BOOLEAN NOT NULL,
    keyburn BOOLEAN NOT NULL,
    encoding TEXT NOT NULL,
    divisible BOOLEAN NOT NULL,
    supply NUMERIC(20, 0) NOT NULL,
    destroyed SMALLINT NOT NULL,
    floor_price SMALLINT,
    last_sale_price SMALLINT,
    last_sale_block SMALLINT,
    last_dispenser_block SMALLINT,
    rarity_rank SMALLINT,
    stamp BIGINT NOT NULL,
    n BIGINT NOT NULL
);
CREATE UNIQUE INDEX stamp_facet_counts_key ON stamp_facet_counts (
    ident, file_suffix, is_cursed, on_sale, locked, keyburn, encoding, divisible, supply, destroyed, floor_price,
    last_sale_price, last_sale_block, last_dispenser_block, rarity_rank, stamp
) NULLS NOT DISTINCT;

-- A stamp's facets, one row shaped like `stamp_facet_counts` without `n`.
CREATE TYPE stamp_facet AS (
    ident TEXT,
    file_suffix TEXT,
    is_cursed BOOLEAN,
    on_sale BOOLEAN,
    locked BOOLEAN,
    keyburn BOOLEAN,
    encoding TEXT,
    divisible BOOLEAN,
    supply NUMERIC(20, 0),
    destroyed SMALLINT,
    floor_price SMALLINT,
    last_sale_price SMALLINT,
    last_sale_block SMALLINT,
    last_dispenser_block SMALLINT,
    rarity_rank SMALLINT,
    stamp BIGINT
);

CREATE FUNCTION stamp_facet(s stamps) RETURNS stamp_facet LANGUAGE sql IMMUTABLE AS $$
    SELECT ROW(
        CASE WHEN s.ident = 'SRC-721' THEN 'SRC-721' ELSE '' END,
        CASE WHEN s.file_suffix IN ('bmn', 'png', 'gif', 'svg', 'jpeg', 'jpg', 'html') THEN s.file_suffix ELSE '' END,
        s.is_cursed,
        CASE WHEN s.on_sale IS NOT NULL THEN TRUE END,
        s.locked,
        s.keyburn,
        CASE WHEN s.encoding = 'olga' THEN 'olga' ELSE '' END,
        s.divisible,
        CASE WHEN s.supply = CASE WHEN s.divisible THEN 100000000 ELSE 1 END THEN s.supply ELSE -1 END,
        CASE WHEN s.destroyed > 0 THEN 1 ELSE 0 END,
        CASE WHEN s.floor_price IS NOT NULL THEN 1 END,
        CASE WHEN s.last_sale_price IS NOT NULL THEN 1 END,
        CASE WHEN s.last_sale_block IS NOT NULL THEN 1 END,
        CASE WHEN s.last_dispenser_block IS NOT NULL THEN 1 END,
        CASE WHEN s.rarity_rank IS NULL THEN NULL WHEN s.rarity_rank <= 10 THEN 10
             WHEN s.rarity_rank <= 100 THEN 100 WHEN s.rarity_rank <= 1000 THEN 1000 ELSE 1001 END,
        CASE WHEN s.stamp < 0 THEN -1 WHEN s.stamp < 100 THEN 0 WHEN s.stamp < 1000 THEN 100
             WHEN s.stamp < 10000 THEN 1000 WHEN s.stamp < 100000 THEN 10000 ELSE 100000 END
    )::stamp_facet
$$;

-- Adds one stamp of each facet in `plus` and takes one of each in `minus`, dropping counts that reach 0. Rows
-- are written in key order, so that two writers never wait on each other's rows in opposite orders.
CREATE FUNCTION stamp_facet_add(plus stamp_facet[], minus stamp_facet[]) RETURNS void LANGUAGE sql
SET search_path FROM CURRENT AS $$
    INSERT INTO stamp_facet_counts
    SELECT (g.f).*, g.n FROM (
        SELECT f, sum(d) AS n FROM (
            SELECT unnest(plus) AS f, 1 AS d UNION ALL SELECT unnest(minus), -1
        ) changes GROUP BY f
    ) g WHERE g.n <> 0 ORDER BY g.f
    ON CONFLICT (ident, file_suffix, is_cursed, on_sale, locked, keyburn, encoding, divisible, supply, destroyed,
                 floor_price, last_sale_price, last_sale_block, last_dispenser_block, rarity_rank, stamp)
    DO UPDATE SET n = stamp_facet_counts.n + excluded.n;
    DELETE FROM stamp_facet_counts WHERE n = 0;
$$;

CREATE FUNCTION stamp_facet_counts_inserted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM stamp_facet_add(ARRAY(SELECT stamp_facet(n) FROM new_rows n), '{}');
    RETURN NULL;
END
$$;
CREATE FUNCTION stamp_facet_counts_updated() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM stamp_facet_add(ARRAY(SELECT stamp_facet(n) FROM new_rows n),
                            ARRAY(SELECT stamp_facet(o) FROM old_rows o));
    RETURN NULL;
END
$$;
CREATE FUNCTION stamp_facet_counts_deleted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM stamp_facet_add('{}', ARRAY(SELECT stamp_facet(o) FROM old_rows o));
    RETURN NULL;
END
$$;
CREATE TRIGGER stamp_facet_counts_inserted AFTER INSERT ON stamps REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION stamp_facet_counts_inserted();
CREATE TRIGGER stamp_facet_counts_updated AFTER UPDATE ON stamps
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION stamp_facet_counts_updated();
CREATE TRIGGER stamp_facet_counts_deleted AFTER DELETE ON stamps REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION stamp_facet_counts_deleted();

INSERT INTO stamp_facet_counts SELECT (g.f).*, g.n FROM (
    SELECT stamp_facet(s) AS f, count(*) AS n FROM stamps s GROUP BY 1
) g;

-- `src20_op_counts` kept by statement triggers on `src20_ops` (as `stamp_facet_counts` is on `stamps`) instead
-- of counted again over every operation when a transaction touched SRC-20: each statement adds what it
-- inserted and takes what it deleted, in key order, and a count that reaches 0 goes.
-- Adds `deltas` to the counts of (`ops`, `valids`), element by element.
CREATE FUNCTION src20_op_counts_add(ops TEXT[], valids BOOLEAN[], deltas BIGINT[])
RETURNS void LANGUAGE sql SET search_path FROM CURRENT AS $$
    INSERT INTO src20_op_counts (op, valid, n)
    SELECT op, valid, sum(d) FROM unnest(ops, valids, deltas) AS c(op, valid, d)
    GROUP BY op, valid HAVING sum(d) <> 0 ORDER BY op, valid
    ON CONFLICT (op, valid) DO UPDATE SET n = src20_op_counts.n + excluded.n;
    DELETE FROM src20_op_counts WHERE n = 0;
$$;

CREATE FUNCTION src20_op_counts_inserted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM src20_op_counts_add(array_agg(op), array_agg(valid), array_agg(n))
    FROM (SELECT op, valid, count(*) AS n FROM new_rows GROUP BY op, valid) g;
    RETURN NULL;
END
$$;
CREATE FUNCTION src20_op_counts_updated() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM src20_op_counts_add(array_agg(op), array_agg(valid), array_agg(n))
    FROM (SELECT op, valid, count(*) AS n FROM new_rows GROUP BY op, valid
          UNION ALL SELECT op, valid, -count(*) FROM old_rows GROUP BY op, valid) g;
    RETURN NULL;
END
$$;
CREATE FUNCTION src20_op_counts_deleted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM src20_op_counts_add(array_agg(op), array_agg(valid), array_agg(n))
    FROM (SELECT op, valid, -count(*) AS n FROM old_rows GROUP BY op, valid) g;
    RETURN NULL;
END
$$;
CREATE TRIGGER src20_op_counts_inserted AFTER INSERT ON src20_ops REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION src20_op_counts_inserted();
CREATE TRIGGER src20_op_counts_updated AFTER UPDATE ON src20_ops
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION src20_op_counts_updated();
CREATE TRIGGER src20_op_counts_deleted AFTER DELETE ON src20_ops REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION src20_op_counts_deleted();

DELETE FROM src20_op_counts;
INSERT INTO src20_op_counts (op, valid, n) SELECT op, valid, count(*) FROM src20_ops GROUP BY op, valid;

-- SRC-20 as people read it.
--
-- Amounts: the ledger writes a valid amount as Python's normalised decimal, which may be in exponent notation
-- (`5E+2`); `src20_amount` reads every such form exactly (NULL for anything else, which counts as nothing).
CREATE FUNCTION src20_amount(amount TEXT) RETURNS NUMERIC
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN amount ~ '^[0-9]+(\.[0-9]+)?([Ee][+-]?[0-9]{1,3})?$' THEN amount::NUMERIC END;

DELETE FROM src20_mint_blocks;
INSERT INTO src20_mint_blocks (tick, block_index, block_time, mints, amount)
SELECT tick, block_index, max(block_time), count(*), COALESCE(sum(src20_amount(amt)), 0)
FROM src20_ops WHERE op = 'MINT' AND valid GROUP BY tick, block_index;

-- Ticks: kept as their characters (`🐸`), not as the reference's escaped form (`\U0001f438`), which events
-- carry; the projection converts each one as `stamps_protocol::src20::tick_text` does, and this converts the
-- rows written before it. An escape that would give a control character leaves the tick as it is.
CREATE FUNCTION pg_temp.tick_text(tick TEXT) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
    out TEXT := '';
    i INT := 1;
    n INT := length(tick);
    c TEXT;
    width INT;
BEGIN
    IF position('\' IN tick) = 0 THEN
        RETURN tick;
    END IF;
    WHILE i <= n LOOP
        c := substr(tick, i, 1);
        IF c <> '\' THEN
            out := out || c;
            i := i + 1;
            CONTINUE;
        END IF;
        c := substr(tick, i + 1, 1);
        width := CASE c WHEN 'x' THEN 2 WHEN 'u' THEN 4 WHEN 'U' THEN 8 ELSE 0 END;
        IF c = '\' THEN
            out := out || '\';
            i := i + 2;
        ELSIF width > 0 AND substr(tick, i + 2, width) ~ ('^[0-9A-Fa-f]{' || width || '}$') THEN
            out := out || chr(('x' || lpad(substr(tick, i + 2, width), 8, '0'))::bit(32)::INT);
            i := i + 2 + width;
        ELSE
            RETURN tick;
        END IF;
    END LOOP;
    IF out ~ '[[:cntrl:]]' THEN
        RETURN tick;
    END IF;
    RETURN out;
EXCEPTION WHEN OTHERS THEN
    RETURN tick;
END
$$;

UPDATE src20_ops SET tick = pg_temp.tick_text(tick) WHERE tick LIKE '%\\%';
UPDATE src20_balances SET tick = pg_temp.tick_text(tick) WHERE tick LIKE '%\\%';
UPDATE src20_balance_versions SET tick = pg_temp.tick_text(tick) WHERE tick LIKE '%\\%';
UPDATE src20_ticks SET tick = pg_temp.tick_text(tick) WHERE tick LIKE '%\\%';
UPDATE src20_mint_blocks SET tick = pg_temp.tick_text(tick) WHERE tick LIKE '%\\%';
UPDATE derived_dirty SET key = pg_temp.tick_text(key) WHERE kind = 'tick' AND key LIKE '%\\%';

-- Deploys whose supply or limit the ledger wrote in exponent notation: their figures again.
UPDATE src20_ticks t
SET max = COALESCE(src20_amount(d.max), 0),
    lim = COALESCE(src20_amount(d.lim), src20_amount(d.max), 0),
    progress = CASE WHEN src20_amount(d.max) > 0
                    THEN LEAST(100, trunc(t.minted * 100 / src20_amount(d.max), 2)) ELSE 0 END
FROM src20_ops d
WHERE d.tx_hash = t.tx_hash AND d.op = 'DEPLOY' AND (d.max ~ '[Ee]' OR d.lim ~ '[Ee]');
UPDATE src20_ops o SET progress = t.progress
FROM src20_ticks t WHERE o.tx_hash = t.tx_hash AND o.op = 'DEPLOY' AND o.progress IS DISTINCT FROM t.progress;

-- The number of SRC-20 operations per kind and validity: the finder's exact total when only those filters are in
-- force, without counting the operations per request. Derived from `src20_ops` when a transaction's blocks
-- touched SRC-20.
CREATE TABLE src20_op_counts (
    op TEXT NOT NULL,
    valid BOOLEAN NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (op, valid)
);
INSERT INTO src20_op_counts (op, valid, n) SELECT op, valid, count(*) FROM src20_ops GROUP BY op, valid;

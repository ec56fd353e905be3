#!/usr/bin/env bash
# Writes the catalogue's build-time query data (services/catalogue/.sqlx): sqlx's macros check each of the
# catalogue's `query!` statements against a fresh database migrated to the catalogue's schema, and keep what they
# learned (parameter and column types, nullability) there. Builds then check those statements offline, with no
# database: a statement whose text changed has no data and fails to build until this runs again. Run it after
# changing such a statement or the catalogue's schema, and commit the directory.
set -euo pipefail
cd "$(dirname "$0")/.."
PG=${STAMPS_PG:-postgres://postgres@127.0.0.1:5432}
DB="stamps_sqlx_prepare_$$"
OUT="$PWD/services/catalogue/.sqlx"
psql -qX "$PG/postgres" -c "CREATE DATABASE $DB"
trap 'psql -qX "$PG/postgres" -c "DROP DATABASE IF EXISTS $DB" >/dev/null' EXIT
# The migrations as the catalogue runs them: each in its own transaction, in order, in its schema.
psql -qX -v ON_ERROR_STOP=1 "$PG/$DB" -c "CREATE SCHEMA catalogue"
for m in services/catalogue/migrations/*.sql; do
  PGOPTIONS="-c search_path=catalogue" psql -qX -v ON_ERROR_STOP=1 -1 "$PG/$DB" -f "$m" >/dev/null
done
rm -rf "$OUT" && mkdir -p "$OUT"
# Every macro expands again (the crate is rebuilt), each writing its statement's data. The build is `make build`'s, so
# that its work is kept.
touch services/catalogue/src/lib.rs
SQLX_OFFLINE_DIR="$OUT" DATABASE_URL="$PG/$DB?options=-c%20search_path%3Dcatalogue" \
  ${CARGO:-cargo} build --workspace --all-targets --locked
echo "sqlx: $(ls "$OUT" | wc -l) statements' data in ${OUT#$PWD/}"

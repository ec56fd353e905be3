#!/usr/bin/env bash
# `make bench-api`: the public API under load. A devnet plays the bench scenario (BENCH_API_SCALE, default 0.05;
# 1 is mainnet-sized), `stamps all` (release build) indexes and projects it on a fresh database and NATS prefix,
# then wrk (64 connections, BENCH_API_SECONDS each, default 5) measures each list, search and detail endpoint
# (after timing its first answer, asked alone),
# page 10,000 against page 1, autocomplete, and nginx serving a static copy of a list answer for comparison.
# The gateway keeps answers until the catalogue changes, so repeated requests measure that path;
# BENCH_API_CACHE_BYTES=0 keeps none, so every request goes through the catalogue and Postgres.
# BENCH_API_BIN names the binary to run (default target/release/stamps, built by `make bench-api`).
# BENCH_API_KEEP=1 keeps the database and NATS stream afterwards (their names are printed), to query them later;
# BENCH_API_REUSE=<name> (a kept run's name, benchapiNNN) skips generation and indexing and measures that kept
# catalogue again with `stamps catalogue` and `stamps gateway` (migrating it first), keeping it afterwards.
# Installs wrk and nginx with apt when missing (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
SCALE=${BENCH_API_SCALE:-0.05}
SECONDS_EACH=${BENCH_API_SECONDS:-5}
CONNECTIONS=64
BIN=$(realpath "${BENCH_API_BIN:-target/release/stamps}")

need() { command -v "$1" >/dev/null || [ -x "/usr/sbin/$1" ]; }
if ! need wrk || ! need nginx; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk nginx-light >/dev/null
  else
    echo "error: wrk and nginx are needed (Debian: apt-get install wrk nginx-light)" >&2; exit 1
  fi
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
RPC=$(free_port); HTTP=$(free_port); API=$(free_port); STATIC=$(free_port)
REUSE=${BENCH_API_REUSE:-}
if [ -n "$REUSE" ]; then
  case "$REUSE" in benchapi[0-9]*) ;; *) echo "error: BENCH_API_REUSE names a kept run (benchapiNNN)" >&2; exit 1 ;; esac
  RUN=$REUSE
  BENCH_API_KEEP=1
else
  RUN="benchapi$$"
fi
export STAMPS_POSTGRES__URL="postgres://postgres@127.0.0.1:5432/stamps_$RUN" STAMPS_NATS__PREFIX="$RUN"
export STAMPS_INDEXER__BOOTSTRAP="http://127.0.0.1:$API/devnet/bootstrap.json" RUST_LOG=warn
CACHE_BYTES=${BENCH_API_CACHE_BYTES:-268435456}
export STAMPS_GATEWAY__CACHE_BYTES="$CACHE_BYTES" STAMPS_AUTH__GRPC_LISTEN=127.0.0.1:0
export STAMPS_FEES__GRPC_LISTEN=127.0.0.1:0 STAMPS_WALLET__GRPC_LISTEN=127.0.0.1:0 STAMPS_ANALYTICS__GRPC_LISTEN=127.0.0.1:0
export STAMPS_WALLET__FEE_ADDRESS=bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4
WORK=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  if [ "${BENCH_API_KEEP:-0}" = 1 ]; then
    echo "bench-api: kept database $STAMPS_POSTGRES__URL and NATS prefix $STAMPS_NATS__PREFIX (BENCH_API_REUSE=$RUN measures it again)" >&2
  else
    "$BIN" purge --yes >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

DB="postgres://postgres@127.0.0.1:5432/stamps_$RUN"
projected() { psql -qtA "$DB" -c "SELECT count(*) FROM catalogue.blocks" 2>/dev/null || echo 0; }
if [ -n "$REUSE" ]; then
  echo "bench-api: measuring the kept catalogue $RUN ($(projected) blocks)"
  GRPC=$(free_port)
  "$BIN" catalogue --grpc-listen "127.0.0.1:$GRPC" >"$WORK/catalogue.log" 2>&1 & pids+=($!)
  "$BIN" gateway --listen "127.0.0.1:$HTTP" --catalogue-url "http://127.0.0.1:$GRPC" --static-dir frontend/dist \
    >"$WORK/gateway.log" 2>&1 & pids+=($!)
  for _ in $(seq 1 6000); do curl -sf "http://127.0.0.1:$HTTP/api/home" >/dev/null 2>&1 && break; sleep 0.1; done
  curl -sf "http://127.0.0.1:$HTTP/api/home" >/dev/null || { echo "error: the gateway does not answer" >&2; tail -n 20 "$WORK/catalogue.log" "$WORK/gateway.log" >&2; exit 1; }
else
  echo "bench-api: generating the bench scenario at scale $SCALE"
  "$BIN" devnet --scenario bench --scale "$SCALE" --rpc-listen "127.0.0.1:$RPC" --api-listen "127.0.0.1:$API" \
    >"$WORK/devnet.log" 2>&1 & pids+=($!)
  for _ in $(seq 1 6000); do (exec 3<>"/dev/tcp/127.0.0.1/$RPC") 2>/dev/null && break; sleep 0.1; done
  rpc() { curl -sf -H 'content-type: application/json' -d "{\"id\":1,\"method\":\"$1\",\"params\":[]}" "http://127.0.0.1:$RPC" | python3 -c 'import json,sys; print(json.load(sys.stdin)["result"])'; }
  TIP=$(rpc getblockcount)
  BLOCKS=$((TIP - 962000 + 1))
  started=$(date +%s)
  "$BIN" all --rpc-url "http://127.0.0.1:$RPC" --api-url "http://127.0.0.1:$API" --start-height 962000 --headers-from 962000 --listen "127.0.0.1:$HTTP" \
    --grpc-listen 127.0.0.1:0 --static-dir frontend/dist >"$WORK/stamps.log" 2>&1 & pids+=($!)
  while [ "$(projected)" != "$BLOCKS" ]; do
    sleep 1
    if ! kill -0 "${pids[1]}" 2>/dev/null; then echo "error: stamps all stopped" >&2; tail -n 20 "$WORK/stamps.log" >&2; exit 1; fi
  done
  echo "bench-api: $BLOCKS blocks indexed and projected in $(( $(date +%s) - started )) s"
fi
BASE="http://127.0.0.1:$HTTP"

# Real values to ask for: a stamp, a tick, an address, a page deep in the finder.
read -r CPID ADDRESS < <(psql -qtA -F ' ' "$DB" -c "SELECT cpid, creator FROM catalogue.stamps ORDER BY stamp DESC LIMIT 1")
TICK=$(psql -qtA "$DB" -c "SELECT tick FROM catalogue.src20_ticks ORDER BY holders_count DESC, tick LIMIT 1")
STAMPS=$(psql -qtA "$DB" -c "SELECT count(*) FROM catalogue.stamps")
DEEP=$(( STAMPS / 24 < 10000 ? STAMPS / 24 : 10000 ))
PREFIX=${CPID:0:4}
COLLECTION=$(psql -qtA "$DB" -c "SELECT collection_id FROM catalogue.collection_stats ORDER BY stamp_count DESC, collection_id LIMIT 1")

# Each endpoint is asked once on its own first: that first answer (made by the catalogue and Postgres, whatever
# the cache) is timed apart, and wrk then measures the steady state under load.
measure() { # name path: one line "name p50 p99 req/s first", kept in $WORK/results
  run_wrk "$@" | tee -a "$WORK/results"
}
run_wrk() {
  local out first
  first=$(curl -s -o /dev/null -w '%{time_total}' "$BASE$2" || echo nan)
  out=$(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" --timeout 10s --latency "$BASE$2" 2>&1)
  python3 - "$1" "$out" "$first" <<'PY'
import re, sys
name, out, first = sys.argv[1], sys.argv[2], float(sys.argv[3]) * 1000
def ms(v):
    m = re.match(r"([\d.]+)(us|ms|s|m)$", v)
    if not m:
        return float("nan")
    n, u = m.groups()
    return float(n) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[u]
def field(pattern):
    m = re.search(pattern, out)
    return m.group(1) if m else ""
p50, p99 = ms(field(r"50%\s+(\S+)")), ms(field(r"99%\s+(\S+)"))
rps = float(field(r"Requests/sec:\s+([\d.]+)") or "nan")
notes = []
if field(r"Non-2xx or 3xx responses: (\d+)"):
    notes.append("non-2xx " + field(r"Non-2xx or 3xx responses: (\d+)"))
if field(r"(Socket errors:.*)"):
    notes.append(field(r"(Socket errors:.*)"))
if p99 != p99:
    notes.append("latency lines: " + " | ".join(l.strip() for l in out.splitlines() if "%" in l))
note = ("   " + "; ".join(notes)) if notes else ""
print(f"{name:<34} p50 {p50:8.2f} ms   p99 {p99:8.2f} ms   {rps:9.0f} req/s   first {first:7.2f} ms{note}")
PY
}
rps_of() { grep "^$1  *p50" "$WORK/results" | grep -o '[0-9]* req/s' | grep -o '[0-9]*'; }

if [ "$CACHE_BYTES" = 0 ]; then
  echo "bench-api: $CONNECTIONS connections, ${SECONDS_EACH}s per endpoint, no answers kept (each request reaches Postgres)"
else
  echo "bench-api: $CONNECTIONS connections, ${SECONDS_EACH}s per endpoint, answers kept until the catalogue changes"
fi
measure "stamp finder, page 1" "/api/search?limit=24"
measure "stamp finder, page $DEEP" "/api/search?limit=24&page=$DEEP"
measure "stamp finder, png by floor price" "/api/search?types=png&sort=floor_price:asc"
measure "stamp finder, by total volume" "/api/search?sort=total_volume"
measure "stamp detail" "/api/stamp/$CPID"
measure "stamps held by an address" "/api/stamps/holders_addresses?addresses=$ADDRESS"
measure "src20 finder, page 1" "/api/src20/search"
measure "src20 finder, deploys by holders" "/api/src20/search?sort=holdersCount"
measure "src20 tick" "/api/src20/tick/$TICK"
measure "src20 tick history" "/api/src20/tick/$TICK/history"
measure "src20 trending" "/api/src20/trending"
measure "leaderboard" "/api/leaderboard"
measure "profile" "/api/profile/$ADDRESS"
measure "home" "/api/home"
measure "fairminters" "/api/fairminter/search"
measure "autocomplete" "/api/autocomplete/$PREFIX"
measure "collections, trending" "/api/collections"
if [ -n "$COLLECTION" ]; then
  measure "collection" "/api/collection/$COLLECTION"
  measure "collection's stamps" "/api/search?collection=$COLLECTION"
  measure "collection's collectors" "/api/collection/$COLLECTION/collectors"
fi

# The same answer as a static file behind nginx: the ceiling a JSON API on this machine could reach.
curl -sf "$BASE/api/search?limit=24" >"$WORK/page.json"
chmod 755 "$WORK" && chmod 644 "$WORK/page.json"  # nginx's workers read it as another user
cat >"$WORK/nginx.conf" <<EOF
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server { listen 127.0.0.1:$STATIC; location = /page.json { root $WORK; default_type application/json; } }
}
EOF
"$NGINX" -c "$WORK/nginx.conf" -p "$WORK"
for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$STATIC") 2>/dev/null && break; sleep 0.1; done
BASE="http://127.0.0.1:$STATIC"
echo "bench-api: nginx serving the page-1 answer ($(wc -c <"$WORK/page.json") bytes) as a static file"
measure "nginx, static copy of page 1" "/page.json"
api=$(rps_of "stamp finder, page 1")
static=$(rps_of "nginx, static copy of page 1")
python3 -c "print(f'bench-api: the API serves page 1 at {$api / $static:.1%} of the static file\'s rate')"

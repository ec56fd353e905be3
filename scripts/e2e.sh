#!/usr/bin/env bash
# Browser test against the real stack: a devnet, `stamps all` on a fresh database and NATS prefix, the built
# frontend, and Playwright driving the system Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${STAMPS_BIN:-target/debug/stamps}")
CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$CHROMIUM_PATH" ] || { echo "error: no Chromium at $CHROMIUM_PATH (Debian: apt-get install chromium)" >&2; exit 1; }
[ -f frontend/dist/index.html ] || { echo "error: frontend/dist is not built (make frontend)" >&2; exit 1; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
RPC=$(free_port); HTTP=$(free_port); API=$(free_port)
RUN="e2e$$"
export STAMPS_POSTGRES__URL="postgres://postgres@127.0.0.1:5432/stamps_$RUN" STAMPS_NATS__PREFIX="$RUN"
export STAMPS_INDEXER__BOOTSTRAP="http://127.0.0.1:$API/devnet/bootstrap.json"
LOGS=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$BIN" purge --yes >/dev/null 2>&1 || true
  rm -rf "$LOGS"
}
trap cleanup EXIT

"$BIN" devnet --scenario minimal --rpc-listen "127.0.0.1:$RPC" --api-listen "127.0.0.1:$API" >"$LOGS/devnet.log" 2>&1 & pids+=($!)
"$BIN" all --rpc-url "http://127.0.0.1:$RPC" --start-height 962000 --listen "127.0.0.1:$HTTP" \
  --grpc-listen 127.0.0.1:0 --static-dir frontend/dist >"$LOGS/stamps.log" 2>&1 & pids+=($!)

BASE="http://127.0.0.1:$HTTP"
first=""
for _ in $(seq 1 300); do
  first=$(curl -sf "$BASE/api/search?limit=1" 2>/dev/null | python3 -c '
import json, sys
hits = json.load(sys.stdin)["hits"]
if hits:
    print(hits[0]["cpid"], hits[0]["stamp"])' 2>/dev/null || true)
  [ -n "$first" ] && break
  sleep 0.2
done
if [ -z "$first" ]; then
  echo "error: the stack served no stamp within 60 s" >&2
  tail -n 30 "$LOGS/devnet.log" "$LOGS/stamps.log" >&2
  exit 1
fi
read -r CPID STAMP <<<"$first"
echo "e2e: stack at $BASE, newest stamp $CPID (#$STAMP)"
cd frontend
E2E_BASE_URL="$BASE" E2E_CPID="$CPID" E2E_STAMP="$STAMP" CHROMIUM_PATH="$CHROMIUM_PATH" npm run --silent e2e

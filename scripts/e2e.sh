#!/usr/bin/env bash
# Browser test against the real stack: a devnet running the demo scenario (a fifth of its size), `stamps all` on
# a fresh database and NATS prefix, the built frontend, and Playwright driving the system Chromium; then
# scripts/schemathesis.sh checks the API against its OpenAPI document on the same stack. Either failing fails it.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${STAMPS_BIN:-target/debug/stamps}")
CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$CHROMIUM_PATH" ] || { echo "error: no Chromium at $CHROMIUM_PATH (Debian: apt-get install chromium)" >&2; exit 1; }
[ -f frontend/dist/index.html ] || { echo "error: frontend/dist is not built (make frontend)" >&2; exit 1; }
[ -f frontend/dist-wallet/index.html ] || { echo "error: frontend/dist-wallet is not built (make frontend)" >&2; exit 1; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
RPC=$(free_port); HTTP=$(free_port); API=$(free_port); WALLET_APP=$(free_port)
RUN="e2e$$"
export STAMPS_POSTGRES__URL="postgres://postgres@127.0.0.1:5432/stamps_$RUN" STAMPS_NATS__PREFIX="$RUN"
export STAMPS_INDEXER__BOOTSTRAP="http://127.0.0.1:$API/devnet/bootstrap.json"
# The devnet serves its assets' enhanced asset information on the loopback address.
export STAMPS_GATEWAY__ASSET_INFO__ALLOW_PRIVATE=true STAMPS_DEVNET__ASSET_INFO_URL="http://127.0.0.1:$API"
# The auth service on a free port; challenges live 15 s (a browser test waits one out); the browser tests sign in
# many times a minute from one address.
export STAMPS_AUTH__GRPC_LISTEN=127.0.0.1:0 STAMPS_AUTH__CHALLENGE_TTL_SECS=15
export STAMPS_GATEWAY__SESSION__CHALLENGES_PER_MINUTE=1000 STAMPS_GATEWAY__SESSION__SUBMITS_PER_MINUTE=1000
export STAMPS_GATEWAY__SESSION__PER_ADDRESS_PER_MINUTE=1000
# The staff: devnet actor 63 of the default seed (the browser tests sign in as it to see the analytics dashboard).
export STAMPS_AUTH__STAFF='["bc1qpj0y3lvjnvssk4ypkfxfv537w7lyqzf9us78pm"]'
# The fee oracle and the wallet on free ports; the oracle reads the devnet's fees every second; the wallet fee goes
# to an address no actor uses.
export STAMPS_FEES__GRPC_LISTEN=127.0.0.1:0 STAMPS_FEES__POLL_INTERVAL_MS=1000 STAMPS_WALLET__GRPC_LISTEN=127.0.0.1:0
export STAMPS_ANALYTICS__GRPC_LISTEN=127.0.0.1:0
export STAMPS_WALLET__FEE_ADDRESS=bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4
export STAMPS_WALLET__PROMO_ADDRESS=bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq
# The wallet app at an origin of its own.
export STAMPS_GATEWAY__WALLET_APP__LISTEN="127.0.0.1:$WALLET_APP"
LOGS=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$BIN" purge --yes >/dev/null 2>&1 || true
  rm -rf "$LOGS"
}
trap cleanup EXIT

"$BIN" devnet --scenario demo --scale 0.2 --rpc-listen "127.0.0.1:$RPC" --api-listen "127.0.0.1:$API" >"$LOGS/devnet.log" 2>&1 & pids+=($!)
"$BIN" all --rpc-url "http://127.0.0.1:$RPC" --start-height 962000 --headers-from 962000 --listen "127.0.0.1:$HTTP" \
  --api-url "http://127.0.0.1:$API" --grpc-listen 127.0.0.1:0 --static-dir frontend/dist >"$LOGS/stamps.log" 2>&1 & pids+=($!)

BASE="http://127.0.0.1:$HTTP"
# Ready when the whole demo chain is indexed and projected, and its market served: stamps, collections, collectors,
# SRC-20 deploys and fairminters.
ready() {
  python3 - "$BASE" "http://127.0.0.1:$RPC" "$STAMPS_POSTGRES__URL" <<'PY'
import json, sys, urllib.request
base = sys.argv[1]
def total(path):
    with urllib.request.urlopen(base + path, timeout=5) as r:
        return json.load(r)["estimatedTotalHits"]
paths = ["/api/search?limit=1", "/api/collections?limit=1", "/api/leaderboard?limit=1",
         "/api/src20/search?types=deploy&limit=1", "/api/fairminter/search?limit=1"]
# The whole chain: the catalogue has projected the node's tip.
req = urllib.request.Request(sys.argv[2], data=b'{"id":1,"method":"getblockcount","params":[]}',
                             headers={"content-type": "application/json"})
with urllib.request.urlopen(req, timeout=5) as r:
    tip = json.load(r)["result"]
import subprocess
projected = subprocess.run(["psql", "-qtA", sys.argv[3], "-c", "SELECT COALESCE(max(height), 0) FROM catalogue.blocks"],
                           capture_output=True, text=True).stdout.strip()
if projected == str(tip) and all(total(p) > 0 for p in paths):
    # The newest PNG stamp: the stamp journeys check its image loads.
    with urllib.request.urlopen(base + "/api/search?types=png&limit=1", timeout=5) as r:
        hit = json.load(r)["hits"][0]
    print(hit["cpid"], hit["stamp"])
PY
}
first=""
for _ in $(seq 1 600); do
  first=$(ready 2>/dev/null || true)
  [ -n "$first" ] && break
  sleep 0.2
done
if [ -z "$first" ]; then
  echo "error: the stack did not serve the demo's stamps, collections, collectors, SRC-20 and fairminters within 120 s" >&2
  tail -n 30 "$LOGS/devnet.log" "$LOGS/stamps.log" >&2
  exit 1
fi
# The scenario's staff content, imported as an operator would.
curl -sf "http://127.0.0.1:$API/devnet/curation.json" >"$LOGS/curation.json"
"$BIN" curation import "$LOGS/curation.json" >>"$LOGS/stamps.log" 2>&1
for _ in $(seq 1 100); do
  curl -sf "$BASE/api/announcement" | grep -q '"content"' && break
  sleep 0.2
done
# Some of the demo's UTXOs holding assets listed for sale, as sellers would (the browser test buys the first).
LISTED=$(scripts/demo-listings.sh "http://127.0.0.1:$RPC" "$BASE" 3 2>>"$LOGS/stamps.log" | head -n 1 || true)
read -r CPID STAMP <<<"$first"
echo "e2e: stack at $BASE, newest PNG stamp $CPID (#$STAMP), listed UTXO ${LISTED:-none}"
status=0
# The buy and mint tests mine the blocks of their transactions through the devnet's JSON-RPC. E2E_ARGS (e.g. a spec
# file) is passed to Playwright.
(cd frontend && E2E_BASE_URL="$BASE" E2E_CPID="$CPID" E2E_STAMP="$STAMP" E2E_RPC_URL="http://127.0.0.1:$RPC" \
  E2E_LISTING="$LISTED" E2E_WALLET_URL="http://127.0.0.1:$WALLET_APP" \
  CHROMIUM_PATH="$CHROMIUM_PATH" npm run --silent e2e -- ${E2E_ARGS:-}) || status=$?
# The API against its OpenAPI document, on the same stack (after the browser tests, whatever they gave), signed in
# as a devnet actor so that the writes reach what they do.
SCHEMATHESIS_COOKIE=$(scripts/devnet-session.sh "http://127.0.0.1:$RPC" "$BASE") || status=1
SCHEMATHESIS_COOKIE="${SCHEMATHESIS_COOKIE:-}" scripts/schemathesis.sh "$BASE" || status=1
exit "$status"

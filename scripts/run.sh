#!/usr/bin/env bash
# `make run`: the devnet with its scenario and every service, in the foreground until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${STAMPS_BIN:-target/debug/stamps}
mkdir -p .data
"$BIN" devnet --rpc-listen 127.0.0.1:18443 --data-dir .data/devnet >.data/devnet.log 2>&1 &
devnet=$!
trap 'kill $devnet 2>/dev/null || true; wait $devnet 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/18443) 2>/dev/null && break; sleep 0.1; done
echo "devnet: Bitcoin Core JSON-RPC on http://127.0.0.1:18443, mempool-style API on http://127.0.0.1:18444 (log: .data/devnet.log)"
# The staff content that goes with the scenario (banners, featured collections, the announcement, ...).
for _ in $(seq 1 100); do [ -f .data/devnet/curation.json ] && break; sleep 0.1; done
"$BIN" curation import .data/devnet/curation.json >>.data/devnet.log 2>&1 \
  || echo "warning: the curation file was not imported (see .data/devnet.log)" >&2
echo "open http://127.0.0.1:8080 once the services are up (the wallet app: http://127.0.0.1:8081)"
# The devnet keeps its chain in .data/devnet and, like Core, writes a .cookie there for JSON-RPC clients.
export STAMPS_INDEXER__RPC_COOKIE_FILE="$PWD/.data/devnet/.cookie" STAMPS_NODE__RPC_COOKIE_FILE="$PWD/.data/devnet/.cookie"
# The wallet fee of purchases goes to an address no devnet actor uses (set your own in stamps.toml).
export STAMPS_WALLET__FEE_ADDRESS="${STAMPS_WALLET__FEE_ADDRESS:-bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4}"
export STAMPS_WALLET__PROMO_ADDRESS="${STAMPS_WALLET__PROMO_ADDRESS:-bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq}"
# The devnet's genesis XCP (no transaction on its chain creates XCP) seeds the indexer's ledger.
export STAMPS_INDEXER__BOOTSTRAP="$PWD/.data/devnet/bootstrap.json"
# The devnet serves its assets' enhanced asset information on the loopback address.
export STAMPS_GATEWAY__ASSET_INFO__ALLOW_PRIVATE=true
# The wallet app at an origin of its own (its own port here; its own host in production).
export STAMPS_GATEWAY__WALLET_APP__LISTEN="${STAMPS_GATEWAY__WALLET_APP__LISTEN:-127.0.0.1:8081}"
# Every service's Prometheus metrics on a port of its own (the README lists them).
export STAMPS_INDEXER__METRICS_LISTEN="${STAMPS_INDEXER__METRICS_LISTEN:-127.0.0.1:9184}"
export STAMPS_CATALOGUE__METRICS_LISTEN="${STAMPS_CATALOGUE__METRICS_LISTEN:-127.0.0.1:9185}"
export STAMPS_AUTH__METRICS_LISTEN="${STAMPS_AUTH__METRICS_LISTEN:-127.0.0.1:9186}"
export STAMPS_FEES__METRICS_LISTEN="${STAMPS_FEES__METRICS_LISTEN:-127.0.0.1:9187}"
export STAMPS_WALLET__METRICS_LISTEN="${STAMPS_WALLET__METRICS_LISTEN:-127.0.0.1:9188}"
export STAMPS_ANALYTICS__METRICS_LISTEN="${STAMPS_ANALYTICS__METRICS_LISTEN:-127.0.0.1:9189}"
export STAMPS_GATEWAY__METRICS_LISTEN="${STAMPS_GATEWAY__METRICS_LISTEN:-127.0.0.1:9190}"
# Once the services answer, some of the demo's UTXOs holding assets are listed for sale (atomic swaps), as sellers
# would list them.
(for _ in $(seq 1 1200); do curl -sf http://127.0.0.1:8080/readyz >/dev/null 2>&1 && break; sleep 0.5; done
 RPC_COOKIE_FILE=.data/devnet/.cookie scripts/demo-listings.sh http://127.0.0.1:18443 http://127.0.0.1:8080 5 \
   >>.data/devnet.log 2>&1 || true) &
"$BIN" all --rpc-url http://127.0.0.1:18443 --start-height 962000 --headers-from 962000 --static-dir frontend/dist

#!/usr/bin/env bash
# Signs in to the site at BASE_URL as a devnet actor (one the devnet's wallet holds the key of: the owner of the
# scenario's first UTXO holding assets) and prints its session cookie, `stamps_session=...`.
#
#   scripts/devnet-session.sh RPC_URL BASE_URL   (RPC_COOKIE_FILE: the devnet's .cookie, when it has one)
set -euo pipefail
RPC=${1:?usage: scripts/devnet-session.sh RPC_URL BASE_URL}
BASE=${2:?usage: scripts/devnet-session.sh RPC_URL BASE_URL}
export PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}"
python3 - "$RPC" "$BASE" "${RPC_COOKIE_FILE:-}" <<'PY'
import sys
from devnet_session import Devnet, signed_in
rpc, base, cookie = sys.argv[1], sys.argv[2], sys.argv[3]
devnet = Devnet(rpc, cookie)
listings = devnet.call("signlistings", [1]) or []
if not listings:
    sys.exit("devnet-session: the devnet names no actor (no UTXO holding assets)")
browser = signed_in(devnet, base, listings[0]["seller"])
if not browser.session:
    sys.exit("devnet-session: no session cookie was set")
print(browser.session)
PY

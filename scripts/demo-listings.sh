#!/usr/bin/env bash
# Publishes atomic-swap listings of the devnet scenario's UTXOs that hold assets through the site's API, as sellers
# would: the devnet's wallet signs each as its owner (`signlistings`), then `POST /api/wallet/listings` checks and
# publishes it. A listing is refused until the catalogue knows the UTXO's assets, so each is tried for a minute.
# Prints the listed UTXOs, one per line.
#
#   scripts/demo-listings.sh RPC_URL BASE_URL [COUNT]   (RPC_COOKIE_FILE: the devnet's .cookie, when it has one)
set -euo pipefail
RPC=${1:?usage: scripts/demo-listings.sh RPC_URL BASE_URL [COUNT]}
BASE=${2:?usage: scripts/demo-listings.sh RPC_URL BASE_URL [COUNT]}
COUNT=${3:-5}
python3 - "$RPC" "$BASE" "$COUNT" "${RPC_COOKIE_FILE:-}" <<'PY'
import base64, json, sys, time, urllib.error, urllib.request
rpc, base, count, cookie = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
headers = {"content-type": "application/json"}
if cookie:
    with open(cookie) as f:
        headers["authorization"] = "Basic " + base64.b64encode(f.read().strip().encode()).decode()
call = urllib.request.Request(rpc, data=json.dumps({"id": 1, "method": "signlistings", "params": [count]}).encode(),
                              headers=headers)
with urllib.request.urlopen(call, timeout=30) as r:
    listings = json.load(r)["result"] or []
for listing in listings:
    deadline = time.time() + 60
    while True:
        post = urllib.request.Request(base + "/api/wallet/listings", data=json.dumps({"psbt": listing["psbt"]}).encode(),
                                      headers={"content-type": "application/json", "origin": base})
        try:
            with urllib.request.urlopen(post, timeout=10) as r:
                print(json.load(r)["utxo"])
            break
        except urllib.error.HTTPError as e:
            reason = e.read().decode(errors="replace")
        except OSError as e:
            reason = str(e)
        if time.time() > deadline:
            print(f"demo-listings: {listing['utxo']} not listed: {reason}", file=sys.stderr)
            break
        time.sleep(1)
PY

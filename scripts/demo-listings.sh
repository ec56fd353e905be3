#!/usr/bin/env bash
# Publishes atomic-swap listings of the devnet scenario's UTXOs that hold assets through the site's API, as sellers
# would: the devnet's wallet signs each as its owner (`signlistings`), the seller signs in with its address (the
# site's challenge signed by the devnet's wallet, `signmessage`), then `POST /api/wallet/listings` checks and
# publishes it. A listing is refused until the catalogue knows the UTXO's assets, so each is tried for a minute.
# Prints the listed UTXOs, one per line.
#
#   scripts/demo-listings.sh RPC_URL BASE_URL [COUNT]   (RPC_COOKIE_FILE: the devnet's .cookie, when it has one)
set -euo pipefail
RPC=${1:?usage: scripts/demo-listings.sh RPC_URL BASE_URL [COUNT]}
BASE=${2:?usage: scripts/demo-listings.sh RPC_URL BASE_URL [COUNT]}
COUNT=${3:-5}
python3 - "$RPC" "$BASE" "$COUNT" "${RPC_COOKIE_FILE:-}" <<'PY'
import base64, http.cookiejar, json, sys, time, urllib.error, urllib.request
rpc, base, count, cookie = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
headers = {"content-type": "application/json"}
if cookie:
    with open(cookie) as f:
        headers["authorization"] = "Basic " + base64.b64encode(f.read().strip().encode()).decode()

def call(method, params):
    request = urllib.request.Request(rpc, data=json.dumps({"id": 1, "method": method, "params": params}).encode(),
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=30) as r:
        return json.load(r)["result"]

def signed_in(seller):
    """A browser of the site signed in as `seller`: its challenge signed by the devnet's wallet."""
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with browser.open(base + "/api/auth/message/" + seller, timeout=10) as r:
        message = r.read().decode()
    body = {"address": seller, "message": message, "signature": call("signmessage", [seller, message]),
            "type": "default"}
    post = urllib.request.Request(base + "/api/auth", data=json.dumps(body).encode(),
                                  headers={"content-type": "application/json", "origin": base})
    with browser.open(post, timeout=10) as r:
        if r.read().decode().strip() != "success":
            raise OSError(f"{seller} did not sign in")
    return browser

browsers = {}
for listing in call("signlistings", [count]) or []:
    deadline = time.time() + 60
    while True:
        try:
            seller = listing["seller"]
            browser = browsers.get(seller) or browsers.setdefault(seller, signed_in(seller))
            post = urllib.request.Request(base + "/api/wallet/listings",
                                          data=json.dumps({"psbt": listing["psbt"]}).encode(),
                                          headers={"content-type": "application/json", "origin": base})
            with browser.open(post, timeout=10) as r:
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

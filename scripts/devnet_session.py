"""Signing in to the site as a devnet actor, as its wallet would: the site's challenge, signed by the devnet's wallet
(`signmessage`, the actors' keys), submitted with the site's Origin. Used by devnet-session.sh.
"""
import base64
import http.cookiejar
import json
import urllib.request


class Devnet:
    """The devnet's JSON-RPC at `rpc` (with its `.cookie` file, when it has one)."""

    def __init__(self, rpc, cookie_file=""):
        self.rpc = rpc
        self.headers = {"content-type": "application/json"}
        if cookie_file:
            with open(cookie_file) as f:
                self.headers["authorization"] = "Basic " + base64.b64encode(f.read().strip().encode()).decode()

    def call(self, method, params):
        body = json.dumps({"id": 1, "method": method, "params": params}).encode()
        request = urllib.request.Request(self.rpc, data=body, headers=self.headers)
        with urllib.request.urlopen(request, timeout=30) as r:
            return json.load(r)["result"]


def signed_in(devnet, base, address):
    """A browser (an opener with its own cookies) of the site at `base`, signed in as the actor `address`."""
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with browser.open(base + "/api/auth/message/" + address, timeout=10) as r:
        message = r.read().decode()
    body = {"address": address, "message": message, "signature": devnet.call("signmessage", [address, message]),
            "type": "default"}
    post = urllib.request.Request(base + "/api/auth", data=json.dumps(body).encode(),
                                  headers={"content-type": "application/json", "origin": base})
    with browser.open(post, timeout=10) as r:
        if r.read().decode().strip() != "success":
            raise OSError(f"{address} did not sign in")
    browser.session = next((f"{c.name}={c.value}" for c in jar if c.name == "stamps_session"), "")
    return browser

#!/usr/bin/env bash
# Property-based tests of the public API against its own OpenAPI document: Schemathesis generates requests for
# every operation of BASE_URL/api/openapi.json but the live event streams (paths containing /realtime) and checks
# that none is a server error, that each answer's status, content type and body conform to the document, and that
# requests the document calls valid are not refused. Real identifiers read from the API (cpids, collection ids,
# ticks, addresses) are offered for half of the matching path parameters, so that the detail operations are
# reached beyond their 404s. Every request carries the site's `Origin`, as a browser's would, so that the writes
# pass the Origin check; with SCHEMATHESIS_COOKIE (a session cookie, `stamps_session=...`) they are a signed-in
# user's, and reach what they do: logout, which would end that session, is then run last, on its own.
#
#   scripts/schemathesis.sh BASE_URL [more `schemathesis run` options]
#   e.g. scripts/schemathesis.sh http://127.0.0.1:8080 --include-path-regex '^/api/search'
#
# SCHEMATHESIS_EXAMPLES: test cases per operation and phase (default 25); SCHEMATHESIS_SEED (default 1).
# Installs Schemathesis into SCHEMATHESIS_VENV (default ~/.cache/stamps/schemathesis-VERSION, outside the checkout so
# that every clone on the machine shares it) when it is missing there. The whole output is kept in
# .data/schemathesis/last-run.log; this prints the counts and one line per finding, and exits non-zero on any.
set -euo pipefail
cd "$(dirname "$0")/.."
BASE_URL=${1:?usage: scripts/schemathesis.sh BASE_URL (e.g. http://127.0.0.1:8080)}
BASE_URL=${BASE_URL%/}
shift
VERSION=4.32.5
VENV=${SCHEMATHESIS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/stamps/schemathesis-$VERSION}
EXAMPLES=${SCHEMATHESIS_EXAMPLES:-25}
SEED=${SCHEMATHESIS_SEED:-1}
OUT=.data/schemathesis
ST="$VENV/bin/schemathesis"

if ! { [ -x "$ST" ] && "$ST" --version 2>/dev/null | grep -q "version $VERSION\$"; }; then
  echo "schemathesis: installing Schemathesis $VERSION into $VENV"
  rm -rf "$VENV"
  mkdir -p "$(dirname "$VENV")"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION"
fi

mkdir -p "$OUT"
rm -f "$OUT"/last-run.* "$OUT"/logout.* "$OUT"/report-*
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# A configuration offering real identifiers of this stack to the path parameters that name one.
python3 - "$BASE_URL" "$WORK/schemathesis.toml" <<'PY'
import json, sys, urllib.request
base, out = sys.argv[1], sys.argv[2]
def get(path):
    try:
        with urllib.request.urlopen(base + path, timeout=10) as response:
            return json.load(response)
    except Exception as error:  # a list the stack cannot give only narrows the dictionaries
        print(f"schemathesis: {path}: {error}", file=sys.stderr)
        return {}
def hits(path):
    return get(path).get("hits") or []
stamps = hits("/api/search?limit=6") + hits("/api/search?types=src-721&limit=3") + hits("/api/search?types=html&limit=2")
cpids = [hit["cpid"] for hit in stamps if hit.get("cpid")]
addresses = [hit["creator"] for hit in stamps if hit.get("creator")]
collections = [c["collection_id"] for c in hits("/api/collections?limit=4") + hits("/api/collections?only=launchpad&limit=3")]
ticks = [d["tick"] for d in hits("/api/src20/search?types=deploy&limit=4") if d.get("tick")]
def unique(values):
    return list(dict.fromkeys(str(v) for v in values))[:12]
dictionaries = {"cpids": unique(cpids), "ids": unique(collections + addresses[:2]), "ticks": unique(ticks),
                "addresses": unique(addresses), "files": [f"{cpid}.png" for cpid in unique(cpids)]}
bindings = {"path.cpid": "cpids", "path.id": "ids", "path.tick": "ticks", "path.address": "addresses",
            "path.user": "addresses", "query.addresses": "addresses", "path.file": "files"}
lines = ["[cache]\nenabled = false  # no replay of earlier runs' failures: each run is the seed's alone\n"]
# A valid request may name a stamp that exists in another form than the one asked for: a resize or a share card of
# a stamp that is no raster image is the documented 415, as a valid request for a missing stamp is a 404.
lines.append('[checks.positive_data_acceptance]\nexpected-statuses = ["2xx", "401", "403", "404", "415"]\n')
for name, values in dictionaries.items():
    if values:
        lines.append(f"[dictionaries.{name}]\nvalues = {json.dumps(values)}\n")
lines.append("[parameters]")
for key, name in bindings.items():
    if dictionaries[name]:
        lines.append(f'"{key}" = {{ dictionary = "{name}", probability = 0.5 }}')
# The account routes answer 400 for an address that is none (the pattern only bounds its characters) and 429
# past their rate limits; the wallet's, 400 for a hash, a fee rate or a transaction that is none (their schemas
# only bound their types); the writes of a signed-in user, 400 for a name or a body their rules refuse (a NUL
# anywhere in it, too) and 409 for a conflict (a name taken, the current address unlinked).
lines.append('\n[[operations]]\ninclude-path-regex = "^/api/(auth|user|wallet|collection)(/|$)"\n'
             'checks.positive_data_acceptance.expected-statuses = '
             '["2xx", "400", "401", "403", "404", "409", "415", "429"]\n')
with open(out, "w") as f:
    f.write("\n".join(lines) + "\n")
print("schemathesis: real identifiers offered: " + ", ".join(f"{len(v)} {k}" for k, v in dictionaries.items()))
PY

headers=(--header "Origin: $BASE_URL")
session=()
if [ -n "${SCHEMATHESIS_COOKIE:-}" ]; then
  headers+=(--header "Cookie: $SCHEMATHESIS_COOKIE")
  session=(--exclude-path /api/auth/logout)
  echo "schemathesis: signed in (SCHEMATHESIS_COOKIE); logout runs last, on its own"
fi
echo "schemathesis: $BASE_URL/api/openapi.json, $EXAMPLES examples per operation and phase, seed $SEED"

# One pass of Schemathesis (its output in $OUT/NAME.*), then its counts and one line per finding (operation, check,
# answer, request) and each schema error once.
pass() {
  local name=$1 status=0 started
  shift
  started=$(date +%s)
  "$ST" --config-file "$WORK/schemathesis.toml" --no-color run "$BASE_URL/api/openapi.json" \
    --url "$BASE_URL" \
    --exclude-path-regex '/realtime' \
    --checks not_a_server_error,response_schema_conformance,content_type_conformance,status_code_conformance,positive_data_acceptance \
    --max-examples "$EXAMPLES" \
    --seed "$SEED" \
    --generation-database none \
    --workers 2 \
    --request-timeout 20 \
    --wait-for-schema 30 \
    "${headers[@]}" \
    --report json,har --report-dir "$OUT" \
    --report-json-path "$OUT/$name.json" --report-har-path "$OUT/$name.har" \
    "$@" \
    >"$OUT/$name.log" 2>&1 || status=$?
  summary "$name" "$status" "$(( $(date +%s) - started ))"
}

summary() {
python3 - "$OUT" "$1" "$2" "$3" <<'PY'
import json, os, re, sys
out, name, status, elapsed = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
log = open(os.path.join(out, name + ".log"), encoding="utf-8", errors="replace").read()
try:
    report = json.load(open(os.path.join(out, name + ".json")))
except Exception:
    report = None
try:
    requests = len(json.load(open(os.path.join(out, name + ".har")))["log"]["entries"])
except Exception:
    requests = None
if report is None:
    print(f"schemathesis: no report (exit {status}); the end of its output:")
    print("\n".join(log.splitlines()[-40:]))
    sys.exit(1)
ops, cases = report["operations"], report["test_cases"]
print(f"schemathesis: {ops['tested']} of {ops['selected']} selected operations tested ({ops['total']} in the document), "
      f"{ops['errored']} errored; {cases['generated']} test cases, "
      f"{requests if requests is not None else '?'} requests; {elapsed} s")
print("schemathesis: phases " + ", ".join(f"{name} {phase['status']}" for name, phase in report["phases"].items()))

def section(title):
    m = re.search(r"^=+ " + title + r" =+$(.*?)(?=^=+ [A-Z]+ =+$|\Z)", log, re.M | re.S)
    return m.group(1) if m else ""

findings = []
for block in re.split(r"^_{3,} (?=\S)", section("FAILURES"), flags=re.M)[1:]:
    operation = block.split("\n", 1)[0].rstrip("_ ")
    checks = re.findall(r"^- (.+)$", block, re.M)
    answer = re.search(r"^\[(\d{3})\] [^\n]*:\n\n\s*(.*)$", block, re.M)
    curl = re.search(r"^\s*(curl .*)$", block, re.M)
    body = answer.group(2).strip("` ") if answer else ""
    if len(body) > 160:
        body = body[:157] + "..."
    findings.append((operation, "; ".join(checks), f"{answer.group(1)} {body}" if answer else "",
                     curl.group(1) if curl else ""))
errors = {}
for block in re.split(r"^_{3,} (?=\S)", section("ERRORS"), flags=re.M)[1:]:
    operation = block.split("\n", 1)[0].rstrip("_ ")
    lines = [l.strip() for l in block.split("\n", 1)[1].splitlines() if l.strip()]
    detail = lines[lines.index("Error details:") + 1] if "Error details:" in lines[:-1] else " ".join(lines[1:3])
    text = f"{lines[0] if lines else 'error'}: {lines[1] if len(lines) > 1 else ''} ({detail})"
    errors.setdefault(text, []).append(operation)
missing = report["warnings"].get("missing_test_data") or []

if findings:
    print(f"\nschemathesis: {len(findings)} failing operations (operation | check | answer | request):")
    for operation, checks, answer, curl in findings:
        print(f"  {operation} | {checks} | {answer}\n      {curl}")
if errors:
    print(f"\nschemathesis: {sum(len(v) for v in errors.values())} operations could not be tested:")
    for text, operations in errors.items():
        print(f"  {text}: {', '.join(operations)}")
if missing:
    print(f"\nschemathesis: note: only 404s from {', '.join(missing)}")
if status != 0:
    if not findings and not errors:
        print(f"\nschemathesis: exit {status}; the end of its output:")
        print("\n".join(log.splitlines()[-30:]))
    print(f"\nschemathesis: FAILED (exit {status}); whole output in {out}/{name}.log, "
          f"every request in {out}/{name}.har")
    sys.exit(1)
print("schemathesis: no findings")
PY
}

status=0
pass last-run "${session[@]}" "$@" || status=1
if [ -n "${SCHEMATHESIS_COOKIE:-}" ]; then
  pass logout --include-path /api/auth/logout "$@" || status=1
fi
exit "$status"

#!/usr/bin/env bash
# Lighthouse performance and accessibility scores of three pages (home, the finder, a stamp's detail page), with
# the default mobile config and the desktop preset, against a running stack. Lighthouse runs through npx at a
# pinned version (it is not a dependency of the frontend) and drives the system Chromium.
#   scripts/lighthouse.sh [BASE_URL]   (default http://127.0.0.1:8080; CHROME_PATH overrides the browser)
# Set LIGHTHOUSE_REPORTS=DIR to keep each JSON report.
set -euo pipefail

BASE=${1:-http://127.0.0.1:8080}
BASE=${BASE%/}
LIGHTHOUSE_VERSION=12.8.2
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
[ -x "$CHROME_PATH" ] || { echo "error: no Chromium at $CHROME_PATH (set CHROME_PATH)" >&2; exit 1; }
command -v node >/dev/null || { echo "error: node is required" >&2; exit 1; }

# A stamp's cpid, from the finder's first hit.
CPID=$(curl -fsS "$BASE/api/search?limit=1" |
  node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const h=JSON.parse(s).hits?.[0];if(!h)process.exit(1);console.log(h.cpid)})') ||
  { echo "error: no stamp found through $BASE/api/search?limit=1" >&2; exit 1; }

REPORTS=${LIGHTHOUSE_REPORTS:-$(mktemp -d)}
mkdir -p "$REPORTS"
[ -n "${LIGHTHOUSE_REPORTS:-}" ] || trap 'rm -rf "$REPORTS"' EXIT

PAGES=("home:/" "finder:/search" "stamp:/stamp/$CPID")
printf '%-8s %-8s %-28s %12s %14s\n' page preset path performance accessibility
for preset in mobile desktop; do
  for entry in "${PAGES[@]}"; do
    name=${entry%%:*}
    path=${entry#*:}
    out="$REPORTS/$name-$preset.json"
    extra=()
    [ "$preset" = desktop ] && extra=(--preset=desktop)
    npx --yes "lighthouse@$LIGHTHOUSE_VERSION" "$BASE$path" "${extra[@]}" --quiet \
      --chrome-flags="--headless=new --no-sandbox" \
      --only-categories=performance,accessibility --output=json --output-path="$out" >/dev/null 2>&1 ||
      { echo "error: lighthouse failed on $BASE$path ($preset)" >&2; exit 1; }
    node -e '
      const r = require(process.argv[1]);
      const score = (c) => (r.categories[c]?.score == null ? "n/a" : String(Math.round(r.categories[c].score * 100)));
      const [name, preset, path] = process.argv.slice(2);
      console.log(`${name.padEnd(8)} ${preset.padEnd(8)} ${path.padEnd(28)} ${score("performance").padStart(12)} ${score("accessibility").padStart(14)}`);
    ' "$out" "$name" "$preset" "$path"
  done
done

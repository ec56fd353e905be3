#!/usr/bin/env bash
# `make bench-edge`: the gateway's edge under abuse, on loopback. A devnet plays the demo scenario
# (BENCH_EDGE_SCALE, default 0.2); `stamps indexer` and `stamps catalogue` index and project it on a fresh database
# and NATS prefix, and `stamps gateway` runs as its own process so that its memory is its own. Then:
#  (a) p50/p99 and requests/s of ordinary endpoints (wrk, 8 connections, BENCH_EDGE_SECONDS each, default 5), first
#      alone, then while 64 other connections flood /api/assets/resize/{cpid}/{size} with raster stamps and sizes
#      1000-1280 (the flood's 200s, 503s with and without Retry-After, and other answers are counted);
#  (b) 200 silent connections and 200 that send one byte of a request head per second: how many the gateway
#      closes and after how long (min/median/max), while a normal request each second is still answered
#      (the connections are given up after BENCH_EDGE_SLOW_SECONDS, default 45).
# The gateway's resident memory (VmRSS) is sampled every 100 ms throughout: at rest, and its peak in each part.
# BENCH_EDGE_BIN names the binary (default target/release/stamps, built by `make bench-edge`).
# Installs wrk with apt when missing (as root). Stops by itself; everything it started is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
SCALE=${BENCH_EDGE_SCALE:-0.2}
SECONDS_EACH=${BENCH_EDGE_SECONDS:-5}
SLOW_SECONDS=${BENCH_EDGE_SLOW_SECONDS:-45}
BIN=$(realpath "${BENCH_EDGE_BIN:-target/release/stamps}")
[ -x "$BIN" ] || { echo "error: no binary at $BIN (make bench-edge builds it; BENCH_EDGE_BIN names another)" >&2; exit 1; }

if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  else
    echo "error: wrk is needed (Debian: apt-get install wrk)" >&2; exit 1
  fi
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
RPC=$(free_port); HTTP=$(free_port); API=$(free_port); GRPC=$(free_port)
RUN="benchedge$$"
export STAMPS_POSTGRES__URL="postgres://postgres@127.0.0.1:5432/stamps_$RUN" STAMPS_NATS__PREFIX="$RUN"
export STAMPS_INDEXER__BOOTSTRAP="http://127.0.0.1:$API/devnet/bootstrap.json" RUST_LOG=warn
WORK=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$BIN" purge --yes >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
alive() { # name pid: fails with the process's log when it stopped
  kill -0 "$2" 2>/dev/null || { echo "error: $1 stopped" >&2; tail -n 20 "$WORK/$1.log" >&2; exit 1; }
}

echo "bench-edge: the demo scenario at scale $SCALE, $(basename "$(dirname "$BIN")") binary"
"$BIN" devnet --scenario demo --scale "$SCALE" --rpc-listen "127.0.0.1:$RPC" --api-listen "127.0.0.1:$API" \
  >"$WORK/devnet.log" 2>&1 & pids+=($!)
for _ in $(seq 1 6000); do (exec 3<>"/dev/tcp/127.0.0.1/$RPC") 2>/dev/null && break; sleep 0.1; done
rpc() { curl -sf -H 'content-type: application/json' -d "{\"id\":1,\"method\":\"$1\",\"params\":[]}" "http://127.0.0.1:$RPC" | python3 -c 'import json,sys; print(json.load(sys.stdin)["result"])'; }
TIP=$(rpc getblockcount)
"$BIN" migrate >"$WORK/migrate.log" 2>&1 || { tail -n 20 "$WORK/migrate.log" >&2; exit 1; }
"$BIN" indexer --rpc-url "http://127.0.0.1:$RPC" --start-height 962000 --headers-from 962000 \
  >"$WORK/indexer.log" 2>&1 & pids+=($!); INDEXER=$!
"$BIN" catalogue --grpc-listen "127.0.0.1:$GRPC" >"$WORK/catalogue.log" 2>&1 & pids+=($!); CATALOGUE=$!
"$BIN" gateway --listen "127.0.0.1:$HTTP" --catalogue-url "http://127.0.0.1:$GRPC" --static-dir frontend/dist \
  >"$WORK/gateway.log" 2>&1 & pids+=($!); GATEWAY=$!
DB=$STAMPS_POSTGRES__URL
projected() { psql -qtA "$DB" -c "SELECT COALESCE(max(height), 0) FROM catalogue.blocks" 2>/dev/null || echo 0; }
started=$(date +%s)
until [ "$(projected)" = "$TIP" ]; do
  sleep 1
  alive indexer "$INDEXER"; alive catalogue "$CATALOGUE"; alive gateway "$GATEWAY"
  [ $(( $(date +%s) - started )) -lt 600 ] || { echo "error: the chain was not projected within 600 s" >&2; exit 1; }
done
BASE="http://127.0.0.1:$HTTP"
for _ in $(seq 1 100); do curl -sf "$BASE/api/home" >/dev/null 2>&1 && break; sleep 0.2; done
curl -sf "$BASE/api/home" >/dev/null || { echo "error: the gateway does not answer" >&2; tail -n 20 "$WORK/gateway.log" >&2; exit 1; }
echo "bench-edge: $((TIP - 962000 + 1)) blocks indexed and projected in $(( $(date +%s) - started )) s; gateway pid $GATEWAY at $BASE"

# The gateway's VmRSS (kB) every 100 ms, with the time (ms), until it stops.
(while [ -r "/proc/$GATEWAY/status" ]; do
   echo "$(date +%s%3N) $(awk '/^VmRSS:/ {print $2}' "/proc/$GATEWAY/status" 2>/dev/null)"
   sleep 0.1
 done) >"$WORK/rss" 2>/dev/null & pids+=($!)
now() { date +%s%3N; }

# Real values: the newest stamp, and the raster stamps whose images the flood resizes.
CPID=$(curl -sf "$BASE/api/search?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["hits"][0]["cpid"])')
RASTER=$(for t in png gif jpeg; do curl -sf "$BASE/api/search?types=$t&limit=100"; echo; done | python3 -c '
import json, sys
print(",".join(h["cpid"] for line in sys.stdin if line.strip() for h in json.loads(line)["hits"]))')
[ -n "$RASTER" ] || { echo "error: the API lists no PNG, GIF or JPEG stamp to resize" >&2; exit 1; }

cat >"$WORK/resize.lua" <<'LUA'
-- Each request resizes a random raster stamp to a random size from 1000 to 1280; answers are counted by status.
local cpids = {}
for cpid in string.gmatch(os.getenv("BENCH_EDGE_CPIDS") or "", "[^,]+") do cpids[#cpids + 1] = cpid end
local threads, next_id = {}, 0
function setup(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
  table.insert(threads, thread)
end
function init(args)
  math.randomseed(id * 7919)
  counts = { ok = 0, busy = 0, busy_retry_after = 0, other = 0 }
end
function request()
  return wrk.format("GET", string.format("/api/assets/resize/%s/%d", cpids[math.random(#cpids)], math.random(1000, 1280)))
end
function response(status, headers, body)
  if status == 200 then
    counts.ok = counts.ok + 1
  elseif status == 503 then
    counts.busy = counts.busy + 1
    for name, _ in pairs(headers) do
      if string.lower(name) == "retry-after" then counts.busy_retry_after = counts.busy_retry_after + 1 end
    end
  else
    counts.other = counts.other + 1
  end
end
function done(summary, latency, requests)
  local total = { ok = 0, busy = 0, busy_retry_after = 0, other = 0 }
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    for k, v in pairs(c) do total[k] = total[k] + v end
  end
  io.write(string.format("FLOOD ok=%d busy=%d busy_retry_after=%d other=%d errors=%d\n", total.ok, total.busy,
    total.busy_retry_after, total.other, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA

# One wrk run: "p50_ms p99_ms req/s non2xx errors" on stdout.
measure() {
  local out
  out=$(wrk -t1 -c8 -d"${SECONDS_EACH}s" --timeout 10s --latency "$BASE$1" 2>&1)
  python3 - "$out" <<'PY'
import re, sys
out = sys.argv[1]
def ms(v):
    m = re.match(r"([\d.]+)(us|ms|s|m)$", v or "")
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[m.group(2)] if m else float("nan")
def field(pattern):
    m = re.search(pattern, out)
    return m.group(1) if m else ""
errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", field(r"Socket errors:(.*)")))
print(ms(field(r"50%\s+(\S+)")), ms(field(r"99%\s+(\S+)")), field(r"Requests/sec:\s+([\d.]+)") or "nan",
      field(r"Non-2xx or 3xx responses: (\d+)") or 0, errors)
PY
}
ENDPOINTS=("/api/search?limit=24" "/api/home" "/api/stamp/$CPID")
for path in "${ENDPOINTS[@]}"; do curl -s -o /dev/null "$BASE$path"; done  # each answer made once before

echo "bench-edge: (a) ${#ENDPOINTS[@]} endpoints alone, ${SECONDS_EACH}s each"
T_REST_START=$(now)
sleep 1
T_QUIET_START=$(now)
for path in "${ENDPOINTS[@]}"; do echo "quiet $path $(measure "$path")" >>"$WORK/results"; done
T_QUIET_END=$(now)

FLOOD_SECONDS=$(( ${#ENDPOINTS[@]} * SECONDS_EACH + 3 ))
echo "bench-edge: (a) the same under a resize flood (64 connections, $(tr ',' '\n' <<<"$RASTER" | wc -l) raster stamps, ${FLOOD_SECONDS}s)"
BENCH_EDGE_CPIDS=$RASTER wrk -t2 -c64 -d"${FLOOD_SECONDS}s" --timeout 10s -s "$WORK/resize.lua" "$BASE" \
  >"$WORK/flood.out" 2>&1 & FLOOD=$!; pids+=($FLOOD)
T_FLOOD_START=$(now)
sleep 2
for path in "${ENDPOINTS[@]}"; do echo "flood $path $(measure "$path")" >>"$WORK/results"; done
wait "$FLOOD" || true
T_FLOOD_END=$(now)
alive gateway "$GATEWAY"

echo "bench-edge: (b) 200 silent and 200 trickling connections, at most ${SLOW_SECONDS}s"
cat >"$WORK/slow.py" <<'PY'
# Silent connections (connect, send nothing) and trickling ones (one byte of an endless request head per second):
# when the server closes each (EOF, reset or a failed write; an answer such as 408 counts as closing once the
# connection ends), while a normal request each second must still be answered.
import asyncio, json, statistics, sys, time

HOST, PORT, COUNT, LIMIT = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
HEAD = b"GET /api/home HTTP/1.1\r\nHost: bench\r\nX-Padding: " + b"a" * 100000

async def slow(kind, start_gate):
    try:
        reader, writer = await asyncio.open_connection(HOST, PORT)
    except OSError as error:
        return {"kind": kind, "closed": None, "refused": str(error)}
    opened = time.monotonic()
    await start_gate.wait()

    async def trickle():
        for i in range(len(HEAD)):
            writer.write(HEAD[i:i + 1])
            await writer.drain()
            await asyncio.sleep(1)

    sender = asyncio.create_task(trickle()) if kind == "trickle" else None
    closed, answered = None, b""
    try:
        while True:
            reading = asyncio.ensure_future(reader.read(65536))
            waits = {reading} | ({sender} if sender else set())
            done, _ = await asyncio.wait(waits, timeout=LIMIT - (time.monotonic() - opened),
                                         return_when=asyncio.FIRST_COMPLETED)
            if not done:
                reading.cancel()
                break
            if sender in done and sender.exception() is not None:
                reading.cancel()
                closed = time.monotonic() - opened
                break
            if sender in done:
                sender = None
            if reading in done:
                data = reading.result()
                if not data:
                    closed = time.monotonic() - opened
                    break
                answered += data
    except (ConnectionError, OSError):
        closed = time.monotonic() - opened
    finally:
        if sender and sender.done() and not sender.cancelled():
            sender.exception()  # seen: a failed write after the end of the connection
        elif sender:
            sender.cancel()
        writer.close()
    return {"kind": kind, "closed": closed, "answer": answered[:12].decode("latin-1")}

async def normal(stop):
    results = []
    while not stop.is_set():
        started = time.monotonic()
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, PORT), 5)
            writer.write(b"GET /api/home HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
            data = await asyncio.wait_for(reader.read(), 5)
            writer.close()
            results.append((data[9:12] == b"200", time.monotonic() - started))
        except (OSError, asyncio.TimeoutError):
            results.append((False, time.monotonic() - started))
        try:
            await asyncio.wait_for(stop.wait(), 1)
        except asyncio.TimeoutError:
            pass
    return results

async def main():
    gate, stop = asyncio.Event(), asyncio.Event()
    tasks = [asyncio.create_task(slow(kind, gate)) for kind in ("silent", "trickle") for _ in range(COUNT)]
    await asyncio.sleep(0.5)
    gate.set()
    prober = asyncio.create_task(normal(stop))
    outcomes = await asyncio.gather(*tasks)
    stop.set()
    probes = await prober
    report = {"normal_ok": sum(ok for ok, _ in probes), "normal_total": len(probes),
              "normal_max_s": max((t for _, t in probes), default=float("nan"))}
    for kind in ("silent", "trickle"):
        mine = [o for o in outcomes if o["kind"] == kind]
        closed = sorted(o["closed"] for o in mine if o["closed"] is not None)
        answers = sorted({o.get("answer", "")[:12] for o in mine if o.get("answer")})
        report[kind] = {"opened": sum("refused" not in o for o in mine), "closed": len(closed),
                        "min": closed[0] if closed else None, "median": statistics.median(closed) if closed else None,
                        "max": closed[-1] if closed else None, "answers": answers}
    print(json.dumps(report))

asyncio.run(main())
PY
T_SLOW_START=$(now)
python3 "$WORK/slow.py" 127.0.0.1 "$HTTP" 200 "$SLOW_SECONDS" >"$WORK/slow.json"
T_SLOW_END=$(now)
alive gateway "$GATEWAY"
sleep 0.3

python3 - "$WORK" "$T_REST_START" "$T_QUIET_START" "$T_QUIET_END" "$T_FLOOD_START" "$T_FLOOD_END" "$T_SLOW_START" \
  "$T_SLOW_END" "$SLOW_SECONDS" <<'PY'
import json, re, sys
work = sys.argv[1]
rest, quiet0, quiet1, flood0, flood1, slow0, slow1 = map(int, sys.argv[2:9])
limit = float(sys.argv[9])
samples = []
for line in open(f"{work}/rss"):
    parts = line.split()
    if len(parts) == 2 and parts[1].isdigit():
        samples.append((int(parts[0]), int(parts[1])))
def peak(t0, t1):
    inside = [kb for t, kb in samples if t0 <= t <= t1]
    return f"{max(inside) / 1024:.1f} MiB" if inside else "n/a"
rows = {}
for line in open(f"{work}/results"):
    phase, path, p50, p99, rps, non2xx, errors = line.split()
    rows.setdefault(path, {})[phase] = (float(p50), float(p99), float(rps), int(non2xx), int(errors))
print("\n(a) ordinary endpoints, 8 connections: alone | while 64 connections flood the resizes")
print(f"  {'endpoint':<34} {'p50 ms':>8} {'p99 ms':>8} {'req/s':>7} | {'p50 ms':>8} {'p99 ms':>8} {'req/s':>7}  notes")
for path, phases in rows.items():
    cells, notes = [], []
    for phase in ("quiet", "flood"):
        p50, p99, rps, non2xx, errors = phases.get(phase, (float("nan"),) * 3 + (0, 0))
        cells.append(f"{p50:8.2f} {p99:8.2f} {rps:7.0f}")
        if non2xx or errors:
            notes.append(f"{phase}: {non2xx} non-2xx, {errors} socket errors")
    print(f"  {path[:34]:<34} {cells[0]} | {cells[1]}  {'; '.join(notes)}")
flood = open(f"{work}/flood.out").read()
counts = dict(re.findall(r"(\w+)=(\d+)", (re.search(r"FLOOD (.*)", flood) or re.search("()", "")).group(1)))
rate = re.search(r"Requests/sec:\s+([\d.]+)", flood)
print(f"  resize flood: {counts.get('ok', '?')} × 200, {counts.get('busy', '?')} × 503 "
      f"({counts.get('busy_retry_after', '?')} with Retry-After), {counts.get('other', '?')} other, "
      f"{counts.get('errors', '?')} socket errors; {rate.group(1) if rate else '?'} answers/s")
slow = json.load(open(f"{work}/slow.json"))
print(f"\n(b) slow connections, given up after {limit:.0f} s")
print(f"  {'kind':<10} {'opened':>6} {'closed':>6} {'min s':>7} {'median s':>9} {'max s':>7}  answer before closing")
for kind in ("silent", "trickle"):
    k = slow[kind]
    f = lambda v: f"{v:.2f}" if v is not None else "-"
    print(f"  {kind:<10} {k['opened']:>6} {k['closed']:>6} {f(k['min']):>7} {f(k['median']):>9} {f(k['max']):>7}  "
          f"{', '.join(repr(a) for a in k['answers']) or 'none'}")
print(f"  normal requests meanwhile: {slow['normal_ok']} of {slow['normal_total']} answered 200, "
      f"slowest {slow['normal_max_s'] * 1000:.0f} ms")
print("\ngateway resident memory (VmRSS)")
print(f"  before the load {peak(rest, quiet0)}; peak alone {peak(quiet0, quiet1)}, in the flood {peak(flood0, flood1)}, "
      f"with the slow connections {peak(slow0, slow1)}; at the end {samples[-1][1] / 1024:.1f} MiB" if samples else "  no samples")
PY

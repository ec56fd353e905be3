# The two commands of the README: `make run` and `make test`. Everything shares one target directory and one
# debug build of the `stamps` binary.
CARGO ?= cargo
# The workspace's own crates are compiled by clippy's driver (dependencies by rustc), so that building is linting:
# clippy's lints and rustc's run in the one build, warnings denied by the workspace's lints (Cargo.toml), and no
# second pass checks every dependency again. Every cargo command here shares it, so none rebuilds another's work.
export RUSTC_WORKSPACE_WRAPPER := $(shell command -v clippy-driver 2>/dev/null)
NPM ?= npm
STAMPS := target/debug/stamps

.PHONY: run test infra build frontend frontend-deps lint rust-test frontend-test e2e fmt bench bench-indexer bench-auth bench-buy bench-api bench-edge bench-analytics fuzz lighthouse sqlx-prepare

run: infra build frontend
	scripts/run.sh

test: infra lint build rust-test frontend-test e2e

infra:
	scripts/infra.sh

build:
	$(CARGO) build --workspace --all-targets --locked

frontend-deps: frontend/node_modules/.package-lock.json

frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && $(NPM) ci --no-audit --no-fund

frontend: frontend-deps
	cd frontend && $(NPM) run --silent build

# Rust is linted as it is built (see RUSTC_WORKSPACE_WRAPPER above): `make test` builds after this.
lint: frontend-deps
	@test -n "$(RUSTC_WORKSPACE_WRAPPER)" || { echo "error: clippy-driver not found (rustup component add clippy)" >&2; exit 1; }
	scripts/line-width.sh
	$(CARGO) fmt --all --check
	cd frontend && $(NPM) run --silent typecheck && $(NPM) run --silent lint

rust-test:
	$(CARGO) test --workspace --locked

frontend-test: frontend-deps
	cd frontend && $(NPM) run --silent test

e2e: build frontend
	scripts/e2e.sh

# Lighthouse performance and accessibility scores (mobile and desktop) of home, the finder and a stamp page,
# against a running stack at LIGHTHOUSE_URL.
LIGHTHOUSE_URL ?= http://127.0.0.1:8080
lighthouse:
	scripts/lighthouse.sh $(LIGHTHOUSE_URL)

fmt:
	$(CARGO) fmt --all

# The catalogue's build-time query data (services/catalogue/.sqlx), from a fresh database: run it after changing
# a statement written with sqlx's query macros, or the catalogue's schema, and commit what it writes.
sqlx-prepare: infra
	scripts/sqlx-prepare.sh

# Criterion benchmarks (decoding real mainnet blocks; needs the shared fixtures), then the devnet benchmark.
bench:
	$(CARGO) bench -p stamps-protocol --bench blocks --locked
	$(CARGO) bench -p stamps-devnet --bench devnet --locked

# The indexer on the devnet's bench scenario (INDEXER_BENCH_SCALE, default 0.05): bare decode, full replay
# through Postgres and NATS, tip latency, peak memory.
bench-indexer:
	$(CARGO) bench -p stamps-cli --bench indexer --locked

# Sign-in through the gateway (`stamps auth` and `stamps gateway` processes): first and returning sign-ins, at 16
# at once, one at a time and arriving at 1000/s, then GET /api/user on 64 connections (AUTH_BENCH_USERS,
# AUTH_BENCH_CONCURRENCY, AUTH_BENCH_RATE...).
bench-auth: infra
	$(CARGO) bench -p stamps-cli --bench auth --locked

# Analytics (`stamps analytics`, `stamps auth` and `stamps gateway` processes): ingestion of request events, then
# GET /api/log for 7 days over 10 million raw rows as staff, then the gateway's throughput with request events on
# and off (ANALYTICS_BENCH_EVENTS, ANALYTICS_BENCH_ROWS, ANALYTICS_BENCH_CONNECTIONS, ANALYTICS_BENCH_SECONDS).
bench-analytics: infra
	$(CARGO) bench -p stamps-cli --bench analytics --locked

# Buying and minting through the gateway (`stamps all` and `stamps devnet` processes, the demo at BUY_BENCH_SCALE):
# the items lookup, the building of a 5-item purchase, each mint builder and the whitelist check on 64 connections,
# and a fee change from the oracle to the browser.
bench-buy: infra
	$(CARGO) bench -p stamps-cli --bench buy --locked

# The public API under load (wrk, 64 connections) on the devnet's bench scenario (BENCH_API_SCALE, default 0.05),
# against nginx serving a static copy of a list answer.
bench-api: infra
	$(CARGO) build --release -p stamps-cli --bin stamps --locked
	scripts/bench-api.sh

# The gateway's edge under abuse on the devnet's demo scenario (BENCH_EDGE_SCALE, default 0.2), the gateway in its
# own process: ordinary endpoints' latency alone and during a flood of image resizes (200s and 503s counted), slow
# connections (silent and trickling) and when they are closed, the gateway's peak memory.
bench-edge: infra
	$(CARGO) build --release -p stamps-cli --bin stamps --locked
	scripts/bench-edge.sh

# Each fuzz target for FUZZ_SECONDS (default 60). libFuzzer runs without a sanitizer so that the stable
# toolchain can build it; malloc and RSS limits catch unbounded allocation, -timeout catches hangs.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := tx_decode base64 mime src20_json cbor_bodies
fuzz:
	@command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked
	@for t in $(FUZZ_TARGETS); do \
	  echo "fuzzing $$t for $(FUZZ_SECONDS)s"; \
	  (cd fuzz && $(CARGO) fuzz run --sanitizer none $$t -- -max_total_time=$(FUZZ_SECONDS) \
	    -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=65536) || exit 1; \
	done

# The two commands of the README: `make run` and `make test`. Everything shares one target directory and one
# debug build of the `stamps` binary.
CARGO ?= cargo
NPM ?= npm
STAMPS := target/debug/stamps

.PHONY: run test infra build frontend frontend-deps lint rust-test frontend-test e2e fmt

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

lint: frontend-deps
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	cd frontend && $(NPM) run --silent typecheck && $(NPM) run --silent lint

rust-test:
	$(CARGO) test --workspace --locked

frontend-test: frontend-deps
	cd frontend && $(NPM) run --silent test

e2e: build frontend
	scripts/e2e.sh

fmt:
	$(CARGO) fmt --all

#!/usr/bin/env bash
# Makes sure Postgres (127.0.0.1:5432) and NATS with JetStream (127.0.0.1:4222) answer. Uses running servers when
# there are some; otherwise starts local ones with their data under .data/, installing them with apt when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA="$PWD/.data"
mkdir -p "$DATA"

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

apt_install() {
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing $* with apt-get"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "error: $* is not installed; install it (Debian: apt-get install $*) or point STAMPS_POSTGRES__URL / STAMPS_NATS__URL at running servers" >&2
    exit 1
  fi
}

wait_for() { # port name
  for _ in $(seq 1 100); do answers "$1" && return 0; sleep 0.1; done
  echo "error: $2 did not start on port $1 (see $DATA/$2.log)" >&2
  exit 1
}

if answers 5432; then
  echo "postgres: answering on 127.0.0.1:5432"
else
  initdb=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n1 || true)
  if [ -z "$initdb" ]; then apt_install postgresql; initdb=$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n1); fi
  bin=$(dirname "$initdb")
  run_as=()
  if [ "$(id -u)" = 0 ]; then run_as=(runuser -u postgres --); chown postgres "$DATA"; fi
  if [ ! -f "$DATA/pg/PG_VERSION" ]; then
    "${run_as[@]}" "$bin/initdb" -D "$DATA/pg" -U postgres --auth=trust >/dev/null
  fi
  "${run_as[@]}" "$bin/pg_ctl" -D "$DATA/pg" -o "-p 5432 -k /tmp -c listen_addresses=127.0.0.1" -l "$DATA/postgres.log" start >/dev/null
  wait_for 5432 postgres
  echo "postgres: started a local cluster in .data/pg"
fi

if answers 4222; then
  echo "nats: answering on 127.0.0.1:4222"
else
  command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || apt_install nats-server
  server=$(command -v nats-server || echo /usr/sbin/nats-server)
  nohup "$server" -js -a 127.0.0.1 -p 4222 -sd "$DATA/nats" >"$DATA/nats.log" 2>&1 &
  wait_for 4222 nats
  echo "nats: started nats-server -js with its store in .data/nats"
fi

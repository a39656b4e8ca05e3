#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 in a temporary directory and prints its URL.
# Usage: eval "$(scripts/pg-throwaway.sh start [port])"  …  scripts/pg-throwaway.sh stop "$PG_TMP"
set -euo pipefail
cmd=${1:-start}
bin=$(dirname "$(readlink -f "$(command -v initdb)")")
if [ "$cmd" = start ]; then
  port=${2:-55432}
  # A port already answering (another cluster, a second checkout's run) is skipped: the next free one is used.
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  dir=$(mktemp -d /tmp/pg-throwaway.XXXXXX)
  run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  run "'$bin/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >'$dir/initdb.log' 2>&1"
  run "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start >/dev/null"
  echo "export PG_TMP='$dir'; export TEST_DATABASE_URL='postgres://postgres@127.0.0.1:$port/postgres'"
else
  dir=${2:?directory}
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "'$bin/pg_ctl' -D '$dir/data' -m fast stop" >/dev/null || true; else "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true; fi
  rm -rf "$dir"
fi

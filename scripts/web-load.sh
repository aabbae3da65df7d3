#!/usr/bin/env bash
# Many devices syncing at once through one web server: starts lighttpd with the tested
# configuration (docs/deploy/lighttpd-plings.conf) on 127.0.0.1 and a free port in a temporary
# folder, a hub of a few things behind it (`plings serve --cgi`, one process per request), then
# `plings-bench sync --http URL --devices N --pending M`: N devices clone it, each queues M
# commands offline, all sync at the same moment; then each syncs until nothing is pending. It
# prints the concurrent round's time and rate and checks that every mirror equals every other
# and that every command is in the hub's log exactly once; then stops lighttpd and removes the folder.
#
#   scripts/web-load.sh [DEVICES [COMMANDS]]      (20 and 500 by default)
#
# Uses the release build's plings and plings-bench (`swift build -c release` first), or the
# binaries in PLINGS= and PLINGS_BENCH=. Needs lighttpd (scripts/install-test-tools.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
devices=${1:-20}
commands=${2:-500}
bin=$(swift build -c release --show-bin-path 2>/dev/null || echo .build/release)
plings=$(realpath "${PLINGS:-$bin/plings}")
bench=$(realpath "${PLINGS_BENCH:-$bin/plings-bench}")
[ -x "$plings" ] && [ -x "$bench" ] || { echo "build first: swift build -c release (or set PLINGS=, PLINGS_BENCH=)" >&2; exit 1; }
lighttpd=$(command -v lighttpd || echo /usr/sbin/lighttpd)
[ -x "$lighttpd" ] || { echo "no lighttpd: run scripts/install-test-tools.sh" >&2; exit 1; }

work=$(mktemp -d)
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/www"
"$plings" --log "$work/hub.jsonl" --actor keeper create box Box >/dev/null
printf '#!/bin/sh\nexec %s --log %s serve --cgi\n' "$plings" "$work/hub.jsonl" >"$work/plings.cgi"
chmod +x "$work/plings.cgi"
echo 'loader:secret' >"$work/users"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$work/lighttpd.conf" <<CONF
var.plings_root = "$work"
var.plings_bind = "127.0.0.1"
var.plings_port = $port
include "$PWD/docs/deploy/lighttpd-plings.conf"
CONF
"$lighttpd" -D -f "$work/lighttpd.conf" &
pid=$!
for _ in $(seq 100); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break
    sleep 0.1
done
printf 'machine 127.0.0.1 login loader password secret\n' >"$work/netrc"
echo "lighttpd on 127.0.0.1:$port; $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
PLINGS_NETRC="$work/netrc" "$bench" sync --http "http://127.0.0.1:$port/plings" --devices "$devices" --pending "$commands"
echo "hub: $(wc -l <"$work/hub.jsonl") lines; requests: $(wc -l <"$work/access.log"); load average $(cut -d' ' -f1-3 /proc/loadavg)"

#!/usr/bin/env bash
# The web pages' server time, one fresh `plings serve --cgi` process per request, as a web
# server runs it: one row per page with the median wall and CPU time of RUNS runs (5 by default),
# the peak memory of the slowest-memory run (GNU time's maximum resident set) and the page's
# size. Read-only: the log is only read (run `plings rebuild` on it first, as a hub does).
#
#   scripts/page-timings.sh LOG [PLINGS_BINARY]        (RUNS=N to change the runs)
#
# The things come from the log's first lines (override with ID=, C= and WORD=): ID the second
# thing made, C the first (in a generated log a container of many), WORD the first word of ID's
# name for the searches; the point is half the head. Needs GNU time (/usr/bin/time, Debian's `time`).
set -euo pipefail
log=${1:?usage: scripts/page-timings.sh LOG [PLINGS_BINARY]}
plings=${2:-plings}
runs=${RUNS:-5}
command -v "$plings" >/dev/null || { echo "no plings at '$plings' (pass the binary)" >&2; exit 1; }
gnutime=$(command -v time || true)
[ -x /usr/bin/time ] && gnutime=/usr/bin/time
"$gnutime" -f '%e' true 2>/dev/null || { echo "needs GNU time (apt-get install time)" >&2; exit 1; }

created() { grep -m "$1" '"type":"created"' "$log" | tail -n 1; }
id=${ID:-$(created 2 | sed -E 's/.*"object":"([^"]+)".*/\1/')}
container=${C:-$(created 1 | sed -E 's/.*"object":"([^"]+)".*/\1/')}
head_seq=$(tail -n 1 "$log" | sed -E 's/.*"seq":([0-9]+).*/\1/')
word=${WORD:-$(grep -m 1 "\"object\":\"$id\"" "$log" | sed -E 's/.*"name":"([^" ]+).*/\1/')}
echo "log: $log (head #$head_seq); ID=$id C=$container find='$word'; $runs fresh processes per page"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# page NAME PATH [QUERY]: RUNS requests; the median wall time, the median CPU time (user + sys: the
# steadier figure on a loaded machine), the largest peak memory, the body's bytes.
page() {
  local name=$1 path=$2 query=${3:-} times=() cpus=() peak=0 status
  for ((n = 0; n < runs; n++)); do
    env -i PATH="$PATH" REQUEST_METHOD=GET PATH_INFO="$path" QUERY_STRING="$query" SCRIPT_NAME=/plings \
      REMOTE_USER=timing HTTP_HOST=localhost HTTP_ACCEPT_LANGUAGE=en \
      "$gnutime" -o "$work/time" -f '%e %M %U %S' "$plings" --log "$log" serve --cgi >"$work/out" </dev/null
    read -r seconds kb user sys <"$work/time"
    times+=("$seconds")
    cpus+=("$(awk "BEGIN{print $user+$sys}")")
    ((kb > peak)) && peak=$kb
  done
  status=$(head -n 1 "$work/out" | tr -d '\r')
  local bytes
  bytes=$(($(wc -c <"$work/out") - $(sed -n '1,/^\r\{0,1\}$/p' "$work/out" | wc -c)))
  local median cpu
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
  cpu=$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
  printf '%-22s %8.0f ms %8.0f ms %8.1f MB %9d B  %s  %s\n' "$name" "$(awk "BEGIN{print $median*1000}")" \
    "$(awk "BEGIN{print $cpu*1000}")" \
    "$(awk "BEGIN{print $peak/1024}")" "$bytes" "$status" "$path${query:+?$query}"
}

printf '%-22s %11s %11s %11s %11s\n' page 'median' 'cpu' 'peak' 'html'
page home /
page card "/o/$id"
page "card (container)" "/o/$container"
page "card at a point" "/o/$id" "at=$((head_seq / 2))"
page history "/o/$id/history"
page move "/o/$id/move"
page "move: search" "/o/$id/move" "q=$word"
page "move: preview" "/o/$id/move" "rel=in&target=$container&axes=both"
page tree /tree
page "tree (container)" /tree "of=$container"
page "tree (page 2)" /tree "from=100"
page find /find "q=$word"
page away /away
page picture "/o/$container/picture"
page "labels (ids)" /labels "ids=$id,$container"
page "labels (in)" /labels "in=$container"

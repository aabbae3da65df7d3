#!/usr/bin/env bash
# Fuzzes the log reader with libFuzzer and AddressSanitizer.
#   scripts/fuzz.sh [SECONDS]   (default 60)
# Builds the domain and log sources into one module with the harness in
# fuzz/, seeds the corpus with the example log's lines, and runs.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/corpus"
for f in Sources/PlingsDomain/*.swift Sources/PlingsLog/*.swift; do
    sed -e '/^import PlingsDomain$/d' "$f" > "$work/src/$(basename "$(dirname "$f")")-$(basename "$f")"
done
cp fuzz/FuzzLog.swift "$work/src/"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name PlingsFuzz \
    "$work"/src/*.swift -o "$work/fuzz-log" 2>&1 | grep -v "Cannot export local symbol" || true
cp events/saltsjon.jsonl "$work/corpus/whole-log"
n=0
while IFS= read -r line; do
    n=$((n + 1))
    printf '%s\n' "$line" > "$work/corpus/line-$n"
done < events/saltsjon.jsonl
"$work/fuzz-log" -max_total_time="$seconds" -max_len=8192 -print_final_stats=1 "$work/corpus" 2>&1 | tail -25

#!/usr/bin/env bash
# Differential fuzzing of every reader of log lines, with libFuzzer and
# AddressSanitizer.
#   scripts/fuzz.sh [SECONDS]   (default 60)
# Builds the domain and log sources (and the SHA-256 C code) into one binary
# with the harness in fuzz/, seeds the corpus with the example log, its lines
# and a torn batch, and runs. Prints libFuzzer's final statistics.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/corpus" "$work/include"
for f in Sources/PlingsPlatform/*.swift Sources/PlingsDomain/*.swift Sources/PlingsLog/*.swift; do
    sed -e '/^import PlingsDomain$/d' -e '/^import PlingsPlatform$/d' "$f" \
        > "$work/src/$(basename "$(dirname "$f")")-$(basename "$f")"
done
cp fuzz/FuzzLog.swift "$work/src/"
# The C targets' headers, one module each (CPlingsPrefetch and CPlingsMemory are header-only).
c_modules="CPlingsSHA CPlingsPrefetch CPlingsMemory"
for module in $c_modules; do cp "Sources/$module/include/$module.h" "$work/include/"; done
for module in $c_modules; do
    printf 'module %s {\n    header "%s.h"\n    export *\n}\n' "$module" "$module"
done > "$work/include/module.modulemap"
clang -O2 -c -fsanitize=fuzzer-no-link,address Sources/CPlingsSHA/sha256.c -I Sources/CPlingsSHA/include \
    -o "$work/sha256.o"
if ! swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name PlingsFuzz -package-name plings \
    -I "$work/include" "$work"/src/*.swift "$work/sha256.o" -o "$work/fuzz-log" > "$work/build.txt" 2>&1; then
    grep -v "Cannot export local symbol" "$work/build.txt" | grep -E "error" | head -20
    echo "fuzz.sh: the fuzz target did not build" >&2
    exit 1
fi
cp events/saltsjon.jsonl "$work/corpus/whole-log"
n=0
while IFS= read -r line; do
    n=$((n + 1))
    printf '%s\n' "$line" > "$work/corpus/line-$n"
done < events/saltsjon.jsonl
head -c 2000 events/saltsjon.jsonl > "$work/corpus/torn"
SWIFT_BACKTRACE=enable=no "$work/fuzz-log" -max_total_time="$seconds" -max_len=8192 -print_final_stats=1 "$work/corpus" > "$work/out.txt" 2>&1 || status=$?
grep -m 3 "DIFFERENTIAL FAILURE" "$work/out.txt" || true
tail -12 "$work/out.txt"
exit "${status:-0}"

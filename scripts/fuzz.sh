#!/usr/bin/env bash
# Fuzzing the readers of untrusted bytes, with libFuzzer and AddressSanitizer.
#   scripts/fuzz.sh [TARGET] [SECONDS]      TARGET: log (default), snapshot, timeline, sync; SECONDS: 60
#   scripts/fuzz.sh TARGET SECONDS CRASH    runs one saved input (a crash file) once instead
# Targets:
#   log       every reader of log lines, differentially (fuzz/FuzzLog.swift): the in-memory check,
#             replay (both folds, with and without the read-ahead), verify, the check in chunks;
#   snapshot  the snapshot reader (whole, partial, the card at the head) on resealed snapshots;
#   timeline  the object timeline reader (cards at past points) on resealed timelines;
#   sync      the sync message readers: the frame reader, WireJSON, pushed commands and verdicts in
#             the JSON and the compact forms (each read must write back to bytes that read the same).
# The snapshot, timeline and sync targets are fuzz/FuzzKit.swift, PLINGS_FUZZ_TARGET picking one; every
# target is also compiled with fuzz/FuzzScratch.swift, what they share.
# Builds the modules' sources (and the C code) into one binary with the harness, seeds the corpus
# (the example log and its lines; a generated world's cache files; sync lines of each form), runs
# with nice 10, prints libFuzzer's final statistics and any failure. A crash input is kept in
# FUZZ_OUT (default: a folder under TMPDIR, printed) to be turned into a regression test.
# FUZZ_BIN=PATH keeps the built binary there and uses it again when it exists (a build of the
# snapshot, timeline and sync targets takes minutes; delete the file after changing the sources).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0; fi
target=log
if [[ $# -gt 0 && ! "$1" =~ ^[0-9]+$ ]]; then target="$1"; shift; fi
seconds="${1:-60}"
replay="${2:-}"
case "$target" in
    log) modules="PlingsPlatform PlingsDomain PlingsLog"; harness=fuzz/FuzzLog.swift ;;
    snapshot | timeline | sync)
        modules="PlingsPlatform PlingsDomain PlingsLog PlingsText PlingsViews PlingsKit PlingsSync"
        harness=fuzz/FuzzKit.swift
        ;;
    *) echo "fuzz.sh: unknown target '$target' (log, snapshot, timeline, sync)" >&2; exit 2 ;;
esac
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="${FUZZ_OUT:-$(mktemp -d)}"
mkdir -p "$work/src" "$work/corpus" "$work/include" "$out"
for module in $modules; do
    while IFS= read -r f; do
        sed -E -e '/^(@_exported )?import Plings[A-Za-z]+$/d' "$f" > "$work/src/$module-$(basename "$f")"
    done < <(find "Sources/$module" -name '*.swift')
done
# Every harness is compiled with the files the targets share (its scratch folder, through PlingsPlatform).
cp "$harness" fuzz/FuzzScratch.swift "$work/src/"
# The C targets' headers, one module each (CPlingsPrefetch and CPlingsMemory are header-only).
c_modules="CPlingsSHA CPlingsPrefetch CPlingsMemory"
for module in $c_modules; do cp "Sources/$module/include/$module.h" "$work/include/"; done
for module in $c_modules; do
    printf 'module %s {\n    header "%s.h"\n    export *\n}\n' "$module" "$module"
done > "$work/include/module.modulemap"
if [[ -n "${FUZZ_BIN:-}" && -x "${FUZZ_BIN}" ]]; then
    cp "$FUZZ_BIN" "$work/fuzz"
else
    clang -O2 -c -fsanitize=fuzzer-no-link,address Sources/CPlingsSHA/sha256.c -I Sources/CPlingsSHA/include \
        -o "$work/sha256.o"
    if ! nice -n 10 swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name PlingsFuzz -package-name plings \
        -I "$work/include" "$work"/src/*.swift "$work/sha256.o" -o "$work/fuzz" > "$work/build.txt" 2>&1; then
        grep -v "Cannot export local symbol" "$work/build.txt" | grep -E "error" | head -20
        echo "fuzz.sh: the fuzz target did not build" >&2
        exit 1
    fi
    if [[ -n "${FUZZ_BIN:-}" ]]; then cp "$work/fuzz" "$FUZZ_BIN"; fi
fi
export PLINGS_FUZZ_TARGET="$target" SWIFT_BACKTRACE=enable=no
if [[ -n "$replay" ]]; then
    "$work/fuzz" "$replay"
    exit $?
fi
if [[ "$target" == log ]]; then
    cp events/saltsjon.jsonl "$work/corpus/whole-log"
    n=0
    while IFS= read -r line; do
        n=$((n + 1))
        printf '%s\n' "$line" > "$work/corpus/line-$n"
    done < events/saltsjon.jsonl
    head -c 2000 events/saltsjon.jsonl > "$work/corpus/torn"
    max_len=8192
else
    # The seeds are written at start-up and the process exits: what it still holds is no leak.
    ASAN_OPTIONS=detect_leaks=0 PLINGS_FUZZ_SEEDS="$work/corpus" "$work/fuzz" > "$work/seeds.txt" 2>&1 \
        || { cat "$work/seeds.txt" >&2; exit 1; }
    [[ "$target" == sync ]] && max_len=4096 || max_len=131072
fi
status=0
(cd "$out" && nice -n 10 "$work/fuzz" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 \
    "$work/corpus" > "$work/out.txt" 2>&1) || status=$?
grep -m 3 -E "DIFFERENTIAL FAILURE|FUZZ FAILURE|ERROR: AddressSanitizer|Fatal error" "$work/out.txt" || true
tail -12 "$work/out.txt"
if [[ "$status" != 0 ]]; then echo "fuzz.sh: the failing input is in $out (run it again: scripts/fuzz.sh $target 0 FILE)" >&2; fi
exit "$status"

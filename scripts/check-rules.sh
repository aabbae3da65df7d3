#!/usr/bin/env bash
# Each rule lives in one place. This check fails when a rule that has its one
# home is written again elsewhere:
#   - the stress switch: PLINGS_STRESS is read only in Tests/PlingsTestSupport/Stress.swift;
#   - system error numbers are named (SystemErrno.noSuchFile), never written as numbers (errno: 2);
#   - lines are split in one place: every newline search and count of whole lines is
#     LineSplit's (Sources/PlingsLog/LineSplit.swift), memchr is PlingsPlatform's;
#   - batches are read in one place: which line opens a batch and where whole batches end
#     is LineBatches' (Sources/PlingsLog/LineBatches.swift), the chain's batch rule ChainChecker's;
#   - the end of a line (`,"hash":"…"}` and the newline) is built by LineFormat.lineEnd(hash:) only;
#   - the check in chunks has one name (ChunkCheck, its chunks ChunkCheck.Chunk);
#   - the docs' Swift examples are the ones the tests compile and run (scripts/doc-examples.sh --check);
#   - the domain is free of C and raw bytes: PlingsDomain imports no C target and names no pointer
#     type (replay's byte-level speed lives in PlingsLog: Prefetch, ShortID, Timestamp+Canonical, Replayer).
# Each failure names the file and line and the place the rule lives.
set -euo pipefail
cd "$(dirname "$0")/.."

failed=0
# fail RULE HOME HITS: report the hits of a rule outside its home.
fail() {
    echo "check-rules: $1 is written again outside $2:" >&2
    sed 's/^/  /' <<<"$3" >&2
    failed=1
}

# The stress switch.
hits=$(grep -rn --include='*.swift' 'environment\["PLINGS_STRESS' Sources Tests \
    | grep -v '^Tests/PlingsTestSupport/Stress.swift:' || true)
[[ -z "$hits" ]] || fail "reading PLINGS_STRESS" "Tests/PlingsTestSupport/Stress.swift (Stress.enabled, Stress.setting)" "$hits"

# System error numbers by name.
hits=$(grep -rnP --include='*.swift' '\berrno:\s*-?[0-9]' Sources || true)
[[ -z "$hits" ]] || fail "an error number as a literal" "PlingsPlatform's SystemErrno (.noSuchFile, …)" "$hits"

# The domain: no C, no pointers (a `with…Pointer` call inside a loop is its own business; a declared
# pointer type, a C import or a pointer into someone else's bytes is not).
hits=$(grep -rnE --include='*.swift' '^[[:space:]]*(@_implementationOnly[[:space:]]+)?import[[:space:]]+C[A-Z]' Sources/PlingsDomain || true)
[[ -z "$hits" ]] || fail "a C import in the domain" "PlingsLog (Prefetch wraps CPlingsPrefetch)" "$hits"
hits=$(grep -rnE --include='*.swift' '(^|[^A-Za-z])Unsafe(Mutable)?(Raw)?(Buffer)?Pointer' Sources/PlingsDomain || true)
[[ -z "$hits" ]] || fail "a raw pointer in the domain" "PlingsLog (the fast reader hands the domain ids and names as collections of bytes)" "$hits"
if grep -q '"PlingsDomain", dependencies: \[[^]]*"C' Package.swift; then
    fail "a C dependency of the domain" "PlingsLog" "$(grep -n 'name: "PlingsDomain"' Package.swift)"
fi

# Line splitting: a newline search, a split on newlines or a count of newlines only in LineSplit.
newline='(0x0A|0x0a|10|UInt8\(ascii: "\\n"\)|LineSplit\.newline)'
hits=$(grep -rnE --include='*.swift' \
    -e "(firstIndex|lastIndex)\(of: *$newline\)" -e "split\(separator: *$newline[,)]" \
    -e "where [a-z]+ == *$newline\b" -e "== *$newline *\? *1" -e 'Platform\.firstIndex\(of:' \
    Sources fuzz | grep -v '^Sources/PlingsLog/LineSplit.swift:' || true)
[[ -z "$hits" ]] || fail "a search for the end of a line" "Sources/PlingsLog/LineSplit.swift (LineSplit.firstEnd, lastEnd, wholeLines, countLines)" "$hits"
hits=$(grep -rnE --include='*.swift' '\bmemchr\(' Sources fuzz | grep -v '^Sources/PlingsPlatform/Platform.swift:' || true)
[[ -z "$hits" ]] || fail "memchr" "PlingsPlatform (Platform.firstIndex, called by LineSplit)" "$hits"

# Batches: where whole batches end, and the length a line announces, only in LineBatches; a
# line's batch member is read by the scanner, the decoder, the chain's rule and the chunk
# check's note of the first opener, nowhere else.
hits=$(grep -rnE --include='*.swift' 'func (batchLength|wholeBatches[A-Za-z]*|lastWholeBatchEnd|mentionsBatch)\b' Sources fuzz \
    | grep -v '^Sources/PlingsLog/LineBatches.swift:' || true)
[[ -z "$hits" ]] || fail "finding where batches end" "Sources/PlingsLog/LineBatches.swift" "$hits"
hits=$(grep -rnE --include='*.swift' '\b(f|fields|decoded|line|scanned|p|first)(\.pointee)?\.batch\b' Sources \
    | grep -vE '^Sources/PlingsLog/(LineBatches|LineCodec|LineDecoder|MemberScanner|ChainChecker|ChunkCheck\+Chunk)\.swift:' || true)
[[ -z "$hits" ]] || fail "reading a line's batch member" "ChainChecker.admit (the rule), LineBatches (where batches end)" "$hits"

# The end of a line: its bytes are LineFormat.lineEnd(hash:)'s.
hits=$(grep -rnE --include='*.swift' '\\"hash\\":\\"' Sources | grep -v '^Sources/PlingsLog/LineFormat.swift:' || true)
[[ -z "$hits" ]] || fail "the end of a line" "LineFormat.lineEnd(hash:) (and LineFormat.endsLine)" "$hits"

# One name for the check in chunks.
hits=$(grep -rnwE --include='*.swift' 'CheckChunk' Sources Tests fuzz || true)
[[ -z "$hits" ]] || fail "a second name for the check in chunks" "ChunkCheck (its chunks: ChunkCheck.Chunk)" "$hits"

# The docs' examples, as the tests run them.
scripts/doc-examples.sh --check || failed=1

if [[ "$failed" == 0 ]]; then echo "check-rules: every rule checked here is written once"; fi
exit "$failed"

#!/usr/bin/env bash
# Each rule lives in one place. This check fails when a rule that has its one
# home is written again elsewhere:
#   - the stress switch: PLINGS_STRESS is read only in Tests/PlingsTestSupport/Stress.swift;
#   - system error numbers are named (SystemErrno.noSuchFile), never written as numbers (errno: 2);
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

# The docs' examples, as the tests run them.
scripts/doc-examples.sh --check || failed=1

if [[ "$failed" == 0 ]]; then echo "check-rules: every rule checked here is written once"; fi
exit "$failed"

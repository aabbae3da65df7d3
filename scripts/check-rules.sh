#!/usr/bin/env bash
# Each rule lives in one place. This check fails when a rule that has its one
# home is written again elsewhere:
#   - the stress switch: PLINGS_STRESS is read only in Tests/PlingsTestSupport/Stress.swift;
#   - system error numbers are named (SystemErrno.noSuchFile), never written as numbers (errno: 2);
#   - the docs' Swift examples are the ones the tests compile and run (scripts/doc-examples.sh --check).
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

# The docs' examples, as the tests run them.
scripts/doc-examples.sh --check || failed=1

if [[ "$failed" == 0 ]]; then echo "check-rules: every rule checked here is written once"; fi
exit "$failed"

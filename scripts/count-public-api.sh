#!/usr/bin/env bash
# Counts the public symbols an app that imports PlingsKit sees, per module:
# the symbol graph of each module PlingsKit re-exports, public and open only,
# without compiler-synthesized members (Equatable's ==, default implementations).
# Usage: scripts/count-public-api.sh [--undocumented]   (after `swift build`)
# With --undocumented, also lists each public symbol without a /// comment.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || { echo "swift is not on PATH (install a Swift 6 toolchain)"; exit 1; }

bin=$(swift build --show-bin-path)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
total=0
for module in PlingsDomain PlingsLog PlingsViews PlingsKit PlingsSync; do
    mkdir -p "$out/$module"
    swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -I "$bin" \
        -target "$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)",/\1/p' | head -1)" \
        -minimum-access-level public -output-dir "$out/$module" >/dev/null
    count=$(cat "$out/$module/$module.symbols.json" | python3 -c '
import json, sys
graph = json.load(sys.stdin)
print(sum(1 for s in graph["symbols"]
          if s["accessLevel"] in ("public", "open") and "::SYNTHESIZED::" not in s["identifier"]["precise"]))')
    undocumented=$(cat "$out/$module/$module.symbols.json" | python3 -c '
import json, sys
graph = json.load(sys.stdin)
print(sum(1 for s in graph["symbols"]
          if s["accessLevel"] in ("public", "open") and "::SYNTHESIZED::" not in s["identifier"]["precise"]
          and not s.get("docComment")))')
    if [[ "${1:-}" == --undocumented ]]; then
        python3 -c '
import json, sys
for s in json.load(open(sys.argv[1]))["symbols"]:
    if s["accessLevel"] in ("public", "open") and "::SYNTHESIZED::" not in s["identifier"]["precise"] and not s.get("docComment"):
        loc = s.get("location", {})
        print("  %s:%s %s" % (loc.get("uri", "?").split("/Sources/")[-1], loc.get("position", {}).get("line", 0) + 1, ".".join(s["pathComponents"])))' "$out/$module/$module.symbols.json"
    fi
    printf '%-14s %5d public symbols, %4d without ///\n' "$module" "$count" "$undocumented"
    total=$((total + count))
done
printf '%-14s %5d\n' total "$total"

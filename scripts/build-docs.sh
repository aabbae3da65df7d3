#!/usr/bin/env bash
# Builds the PlingsKit documentation with the toolchain's DocC, warnings as errors:
# symbol graphs from the compiler (PlingsKit's graph includes the modules it
# re-exports), then `docc convert` of Sources/PlingsKit/PlingsKit.docc.
# Output: .build/docs/PlingsKit.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || { echo "swift is not on PATH (install a Swift 6 toolchain)"; exit 1; }

graphs=.build/symbol-graphs
out=.build/docs/PlingsKit.doccarchive
# The graphs are kept between runs: a build with nothing to do emits none.
rm -rf "$graphs/kit" "$out"
mkdir -p "$graphs" "$(dirname "$out")"
swift build --target PlingsKit \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs"
# Only PlingsKit's own graphs: it re-exports the domain, log and view modules.
mkdir -p "$graphs/kit"
cp "$graphs"/PlingsKit.symbols.json "$graphs"/PlingsKit@*.symbols.json "$graphs/kit/" 2>/dev/null || true
docc convert Sources/PlingsKit/PlingsKit.docc \
    --additional-symbol-graph-dir "$graphs/kit" \
    --fallback-display-name PlingsKit --fallback-bundle-identifier org.plings.PlingsKit \
    --output-path "$out" --warnings-as-errors
echo "build-docs: $out"

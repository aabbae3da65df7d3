#!/usr/bin/env bash
# The public API an app sees must match the committed baselines, so the public
# surface changes only on purpose: api/PlingsKit.json for `import PlingsKit`
# (PlingsKit and the modules it re-exports, read from Sources/PlingsKit/Exports.swift)
# and api/PlingsSync.json for `import PlingsSync`. The toolchain's
# swift-api-digester dumps the modules; package and internal declarations are
# left out of the comparison (apps cannot see them).
#
#   scripts/check-api.sh            fails, listing what changed, when the API differs
#   scripts/check-api.sh --update   rewrites the baselines after an intended change
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || { echo "swift is not on PATH (install a Swift 6 toolchain)"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
swift build --target PlingsKit >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; exit 1; }
swift build --target PlingsSync >>"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; exit 1; }
bin=$(swift build --show-bin-path)
status=0
# check BASELINE MODULE…: compares the public API of the modules with the baseline.
check() {
local baseline=$1
shift
local modules=("$@")
module_args=()
for m in "${modules[@]}"; do module_args+=(-module "$m"); done
swift-api-digester -dump-sdk -avoid-location -avoid-tool-args "${module_args[@]}" \
    -I "$bin/Modules" -I "$bin" -o "$tmp/raw-$(basename "$baseline")"

# Keep the public declarations only; drop imports and mangled names (the USR
# identifies a declaration); sorted keys, one member a line, for readable diffs.
python3 - "$tmp/raw-$(basename "$baseline")" "$tmp/current-$(basename "$baseline")" <<'PY'
import json, sys
def keep(node):
    return not node.get("isInternal") and node.get("kind") != "Import"
def clean(node):
    node.pop("isInternal", None)
    node.pop("mangledName", None)
    for key in ("children", "accessors"):
        if isinstance(node.get(key), list):
            node[key] = [clean(child) for child in node[key] if keep(child)]
    return node
dump = json.load(open(sys.argv[1]))
clean(dump["ABIRoot"])
with open(sys.argv[2], "w") as out:
    json.dump(dump, out, indent=1, sort_keys=True)
    out.write("\n")
PY

if [[ "$mode" == "--update" ]]; then
    mkdir -p "$(dirname "$baseline")"
    cp "$tmp/current-$(basename "$baseline")" "$baseline"
    echo "check-api: wrote $baseline (${modules[*]}); commit it with the change"
    return 0
fi
if [[ ! -f "$baseline" ]]; then
    echo "check-api: no baseline $baseline; run scripts/check-api.sh --update and commit it" >&2
    status=1
    return 0
fi
if cmp -s "$baseline" "$tmp/current-$(basename "$baseline")"; then
    echo "check-api: the public API matches $baseline (${modules[*]})"
    return 0
fi

echo "check-api: the public API differs from $baseline." >&2
echo "Breaking changes (swift-api-digester):" >&2
swift-api-digester -diagnose-sdk -input-paths "$baseline" -input-paths "$tmp/current-$(basename "$baseline")" 2>&1 \
    | grep -v '^/\*' | grep -v '^$' | sed 's/^/  /' >&2 || echo "  none" >&2
echo "Declarations added (+) or removed (-):" >&2
python3 - "$baseline" "$tmp/current-$(basename "$baseline")" <<'PY' >&2
import json, sys
def names(path):
    found = set()
    def walk(node, prefix):
        for child in node.get("children", []):
            if child.get("kind") in ("TypeDecl", "Function", "Constructor", "Var", "TypeAlias", "Subscript",
                                     "AssociatedType", "Operator"):
                name = prefix + child.get("printedName", child.get("name", "?"))
                found.add(name + "  [" + child.get("moduleName", "?") + "]")
                walk(child, name + ".")
    for module in json.load(open(path))["ABIRoot"].get("children", []):
        walk({"children": [module]}, "")
    return found
old, new = names(sys.argv[1]), names(sys.argv[2])
for name in sorted(new - old): print("  + " + name)
for name in sorted(old - new): print("  - " + name)
if old == new: print("  (same declarations; a signature, attribute or conformance changed)")
PY
echo "If the change is intended: scripts/check-api.sh --update, then commit $baseline with it." >&2
status=1
}

mode=${1:-}
check api/PlingsKit.json PlingsKit $(sed -n 's/^@_exported import \([A-Za-z0-9_]*\).*/\1/p' Sources/PlingsKit/Exports.swift)
check api/PlingsSync.json PlingsSync
# PlingsSync is documented whole: every public declaration has a /// comment.
undocumented=$(scripts/count-public-api.sh --undocumented | grep '^  PlingsSync/' || true)
if [[ -n "$undocumented" ]]; then
    echo "check-api: these public declarations of PlingsSync have no /// comment:" >&2
    echo "$undocumented" >&2
    status=1
fi
exit "$status"

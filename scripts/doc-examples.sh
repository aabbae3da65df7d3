#!/usr/bin/env bash
# Every Swift example in docs/ and in the DocC catalog is compiled and run by `swift test`:
# this script gathers the ```swift blocks of each Markdown file, in order, into one async
# function per file in Tests/PlingsDocTests/DocExamples.swift, and a test runs each against
# an empty log in a folder of its own. A string literal "NAME.jsonl" in an example becomes a
# file in that folder. The test target sees only the public API (it is compiled without
# package access), so an example cannot lean on `package` declarations.
#
#   scripts/doc-examples.sh           rewrites Tests/PlingsDocTests/DocExamples.swift
#   scripts/doc-examples.sh --check   fails when that file is not what the docs make (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null || { echo "swift is not on PATH (install a Swift 6 toolchain)"; exit 1; }

out=Tests/PlingsDocTests/DocExamples.swift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp/DocExamples.swift" <<'PY'
import pathlib, re, sys
files = sorted(pathlib.Path("docs").rglob("*.md")) + sorted(pathlib.Path("Sources").rglob("*.docc/**/*.md"))
functions, tests = [], []
for path in files:
    blocks, block = [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        if block is None and line.strip() == "```swift":
            block = []
        elif block is not None and line.strip() == "```":
            blocks.append(block)
            block = None
        elif block is not None:
            block.append(line)
    if not blocks:
        continue
    name = re.sub(r"[^A-Za-z0-9]+", "_", str(path.with_suffix(""))).strip("_")
    body = []
    for k, lines in enumerate(blocks, 1):
        body.append(f"    // {path}, example {k}")
        for line in lines:
            if re.match(r"^\s*import\s", line):
                continue
            line = re.sub(r'"([A-Za-z0-9._-]+\.jsonl)"', r'(folder + "/\1")', line)
            body.append(("    " + line).rstrip())
    functions.append(f"/// The examples of {path}, in order.\nfunc {name}(in folder: String) async throws {{\n"
                     + "\n".join(body) + "\n}\n")
    tests.append(f'    @Test("{path}")\n    func {name}Runs() async throws {{\n'
                 f"        try await {name}(in: try Self.emptyFolder())\n    }}\n")
header = """// Made by scripts/doc-examples.sh from the ```swift blocks of docs/ and the DocC catalog;
// do not edit: change the docs and run the script.

import Foundation
import PlingsKit
import PlingsSync
import Testing

"""
suite = ("@Suite(\"The docs' Swift examples run on an empty log\")\nstruct DocExamples {\n"
         "    /// A new empty folder for one file's examples.\n"
         "    static func emptyFolder() throws -> String {\n"
         "        let url = FileManager.default.temporaryDirectory.appendingPathComponent(\"doc-\" + UUID().uuidString)\n"
         "        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)\n"
         "        return url.path\n    }\n\n" + "\n".join(tests) + "}\n")
pathlib.Path(sys.argv[1]).write_text(header + "\n".join(functions) + "\n" + suite, encoding="utf-8")
PY
swift format --configuration .swift-format --in-place "$tmp/DocExamples.swift"
if [[ "${1:-}" == "--check" ]]; then
    if cmp -s "$tmp/DocExamples.swift" "$out"; then
        echo "doc-examples: $out holds every Swift example of the docs"
        exit 0
    fi
    echo "doc-examples: $out is not what the docs' Swift examples make; run scripts/doc-examples.sh and commit it" >&2
    diff -u "$out" "$tmp/DocExamples.swift" | head -40 >&2 || true
    exit 1
fi
mkdir -p "$(dirname "$out")"
cp "$tmp/DocExamples.swift" "$out"
echo "doc-examples: wrote $out"

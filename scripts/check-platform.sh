#!/usr/bin/env bash
# Every call into the C library goes through Sources/PlingsPlatform/Platform.swift.
# This check fails when any other Swift file in Sources imports Glibc/Darwin/Musl, names
# those modules, reads errno, or calls one of the wrapped C functions directly.
# Files listed in scripts/platform-allowlist.txt are still to be migrated: their
# uses are reported but do not fail; an entry that is already clean fails, so the
# list only shrinks. Tests may use the C library to stage hostile conditions.
set -euo pipefail
cd "$(dirname "$0")/.."

platform_file="Sources/PlingsPlatform/Platform.swift"
allowlist="scripts/platform-allowlist.txt"
functions='open|close|read|write|pread|pwrite|fsync|fdatasync|fcntl|flock|fstat|stat|lstat|ftruncate|mmap|munmap'
functions+='|rename|unlink|mkdir|rmdir|opendir|readdir|closedir|getpid|isatty|clock_gettime|_exit|exit|getenv'
functions+='|strerror|memchr|memcmp|memcpy|memmove'
# An import of a C module, a qualified call (Glibc.write), a bare call that is
# neither a method (.write) nor a declaration (func write), or a read of errno.
import_pattern="^\s*(@_exported\s+)?import\s+(Glibc|Darwin|Musl)\b"
sees_libc="^\s*(@_exported\s+)?import\s+(Foundation|FoundationEssentials|Glibc|Darwin|Musl)\b"
pattern="$import_pattern"
pattern+="|\b(Glibc|Darwin|Musl)\."
pattern+="|(?<![.\w])(?<!func )(?<!case )(${functions})\("
pattern+="|(?<![.\w])errno\b(?!\s*:)"

allowed=()
if [[ -f "$allowlist" ]]; then
    while IFS= read -r line; do
        line="${line%%#*}"
        line="${line//[[:space:]]/}"
        [[ -n "$line" ]] && allowed+=("$line")
    done <"$allowlist"
fi
is_allowed() {
    local f
    for f in "${allowed[@]+"${allowed[@]}"}"; do [[ "$f" == "$1" ]] && return 0; done
    return 1
}

failed=0
while IFS= read -r file; do
    [[ "$file" == "$platform_file" ]] && continue
    # Only a file that imports Foundation or a C module can see the C library;
    # elsewhere a call like rename(...) is the file's own method. The platform
    # target's other files call Platform.swift's methods. Comments and string
    # literals are prose, not calls.
    if [[ "$file" == Sources/PlingsPlatform/* ]] || ! grep -qP "$sees_libc" "$file"; then
        checked="$import_pattern"
    else
        checked="$pattern"
    fi
    # A """ block is a multi-line string literal: skipped whole.
    hits=$(perl -ne 'BEGIN { $re = shift } if ($in) { $in = 0 if m{"""}; next } next if m{^\s*//};
        (my $code = $_) =~ s/"""(?:[^"\\]|\\.)*?"""/""/g; $in = 1 if $code =~ s/""".*$/""/;
        $code =~ s/"(?:[^"\\]|\\.)*"/""/g;
        print "$.:$_" if $code =~ /$re/' "$checked" "$file" || true)
    if [[ -z "$hits" ]]; then
        if is_allowed "$file"; then
            echo "check-platform: $file no longer calls the C library; remove it from $allowlist" >&2
            failed=1
        fi
        continue
    fi
    if is_allowed "$file"; then
        echo "check-platform: still to migrate: $file ($(wc -l <<<"$hits") lines)"
    else
        echo "check-platform: $file calls the C library directly; use PlingsPlatform instead:" >&2
        sed "s|^|  $file:|" <<<"$hits" >&2
        failed=1
    fi
done < <(find Sources -name '*.swift' | sort)

for f in "${allowed[@]+"${allowed[@]}"}"; do
    [[ -f "$f" ]] || { echo "check-platform: $allowlist names a missing file: $f" >&2; failed=1; }
done
# The rules that have one home each (the stress switch, error numbers, …) are checked with the platform's.
scripts/check-rules.sh || failed=1
exit "$failed"

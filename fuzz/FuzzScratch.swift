// Shared by every fuzz target: scripts/fuzz.sh compiles this file with each harness
// (fuzz/FuzzLog.swift, fuzz/FuzzKit.swift). Built by scripts/fuzz.sh; not part of the package.

/// An environment variable's value, nil when it is not set or empty.
func environmentValue(_ name: String) -> String? {
    Platform.environment(name).flatMap { $0.isEmpty ? nil : $0 }
}

/// A folder of this process's own under `TMPDIR` (or /tmp), made by PlingsPlatform's
/// `makeTemporaryDirectory` (readable only by its owner). A fuzzer that cannot make one stops.
let scratchFolder: String = {
    let base = environmentValue("TMPDIR") ?? "/tmp"
    do {
        return try Platform.makeTemporaryDirectory(base + "/plings-fuzz-XXXXXX")
    } catch {
        fatalError("the fuzzer cannot make a scratch folder under \(base): \(error)")
    }
}()

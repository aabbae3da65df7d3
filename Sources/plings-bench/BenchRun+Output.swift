import Foundation
import PlingsPlatform

extension BenchRun {
    /// The figures as pretty JSON with sorted keys.
    func printJSON() {
        let data =
            (try? JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys, .prettyPrinted])) ?? Data()
        print(String(decoding: data, as: UTF8.self))
    }

    /// The figures as a table of labelled rows.
    func printTable() {
        for (name, value) in rows() + peerRows() {
            print(name.padding(toLength: 34, withPad: " ", startingAt: 0) + value)
        }
        if let load = Platform.loadAverages() {
            print(String(format: "load average at the end: %.2f %.2f %.2f", load[0], load[1], load[2]))
        }
        for note in notes { print("note: " + note) }
    }

    /// The fresh-process rows and their peers.
    private func peerRows() -> [(String, String)] {
        func f(_ key: String, _ scale: Double = 1) -> Double { (figures[key] ?? 0) / scale }
        return [
            (
                "plings card, no cache (process)",
                String(
                    format: "%.2f s (%.2f s CPU), %.2f M events/s", f("cardNoCacheSeconds"), f("cardNoCacheCPUSeconds"),
                    f("lines") / max(f("cardNoCacheSeconds"), 1e-9) / 1e6)
            ),
            (
                "  pysimdjson parse-only loop",
                figures["pysimdjsonSeconds"].map {
                    String(format: "%.2f s; card / pysimdjson %.2f", $0, f("cardNoCacheOverPysimdjson"))
                } ?? "skipped"
            ),
            (
                "plings verify (process)",
                String(
                    format: "%.2f s (%.2f s CPU), %.0f MB/s", f("verifySeconds"), f("verifyCPUSeconds"),
                    f("logMB") / max(f("verifySeconds"), 1e-9))
            ),
            (
                "  openssl dgst -sha256",
                figures["opensslSeconds"].map {
                    String(format: "%.2f s; verify / openssl %.2f", $0, f("verifyOverOpenssl"))
                } ?? "skipped"
            ),
            (
                "  Python hashlib per line",
                figures["pythonHashlibSeconds"].map { String(format: "%.2f s", $0) } ?? "skipped"
            ),
            ("plings card at head, cache", String(format: "%.0f ms", f("cardAtHeadWithCacheMs"))),
        ]
    }

    private func rows() -> [(String, String)] {
        func f(_ key: String, _ scale: Double = 1) -> Double { (figures[key] ?? 0) / scale }
        return [
            ("log", String(format: "%.0f lines, %.1f MB", f("lines"), f("logMB"))),
            (
                "floor: read + count lines",
                String(format: "%.2f M lines/s, %.0f MB/s", f("floorLinesPerSecond", 1e6), f("floorMBPerSecond"))
            ),
            (
                "full replay, fast path",
                String(
                    format: "%.2f M events/s, %.0f MB/s (%.2f s)", f("replayEventsPerSecond", 1e6),
                    f("replayMBPerSecond"), f("replaySeconds"))
            ),
            ("full replay, general path", String(format: "%.2f M events/s", f("generalPathEventsPerSecond", 1e6))),
            (
                "JSONDecoder baseline",
                String(
                    format: "%.3f M events/s over %.0f lines", f("jsonDecoderEventsPerSecond", 1e6),
                    f("jsonDecoderLines"))
            ),
            ("fast / JSONDecoder", String(format: "%.1f×", f("fastOverJSONDecoder"))),
            ("fast == general (fingerprint)", f("fastEqualsGeneral") == 1 ? "yes" : "NO"),
            (
                "cache (snapshots and timeline)",
                String(format: "%.1f MB (%.1f%% of the log)", f("snapshotMB"), 100 * f("snapshotShareOfLog"))
            ),
            (
                "card at a past point",
                String(format: "median %.1f ms, p99 %.1f ms", f("cardAtPastPointMedianMs"), f("cardAtPastPointP99Ms"))
            ),
            ("  without snapshots", String(format: "median %.0f ms", f("cardAtPastPointWithoutSnapshotsMedianMs"))),
            (
                "durable append (library)",
                String(format: "median %.3f ms, p99 %.3f ms", f("appendMedianMs"), f("appendP99Ms"))
            ),
            (
                "bare write + data sync",
                String(
                    format: "median %.3f ms, p99 %.3f ms", f("bareWriteFdatasyncMedianMs"),
                    f("bareWriteFdatasyncP99Ms"))
            ),
            ("append / bare", String(format: "%.2f×", f("appendOverBare"))),
            ("bulk apply (CLI path)", String(format: "%.0f commands/s", f("bulkApplyCommandsPerSecond"))),
            ("replay peak memory", String(format: "%.1f MB", f("replayPeakMemoryMB"))),
        ]
    }
}

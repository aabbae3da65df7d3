import Foundation

extension BenchRun {
    /// The figures as pretty JSON with sorted keys.
    func printJSON() {
        let data =
            (try? JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys, .prettyPrinted])) ?? Data()
        print(String(decoding: data, as: UTF8.self))
    }

    /// The figures as a table of labelled rows.
    func printTable() {
        for (name, value) in rows() { print(name.padding(toLength: 32, withPad: " ", startingAt: 0) + value) }
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
                "snapshot cache",
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

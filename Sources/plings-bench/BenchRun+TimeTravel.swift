import PlingsKit

extension BenchRun {
    /// 4. Time travel: a card at a random past point (as `card X --at SEQ`: the object timeline, else the nearest
    /// snapshot), and without any cache.
    mutating func measureTimeTravel() {
        if options.flags.contains("--rebuild") {
            do { _ = try Rebuild(path: log).run(dryRun: false) } catch { fail(error.message(.en)) }
        }
        let cacheSize = Double(SnapshotCache(logPath: log).totalSize())
        report("snapshotMB", cacheSize / 1e6)
        report("snapshotShareOfLog", cacheSize / Double(max(bytes, 1)))
        var rng = SplitMix64(seed: 42)
        let queries = max(1, options.int("--queries", 200))
        let latencies = pastPointLatencies(log: log, lines: lineCount, queries: queries, rng: &rng)
        report("cardAtPastPointMedianMs", Statistics.median(latencies))
        report("cardAtPastPointP99Ms", Statistics.percentile(latencies, 0.99))
        var cold: [Double] = []
        for _ in 0..<3 {
            let seq = Int64.random(in: 1...Int64(max(1, lineCount)), using: &rng)
            cold.append(timed { _ = try? Timeline(path: log, useSnapshots: false).state(at: .seq(seq)) })
        }
        report("cardAtPastPointWithoutSnapshotsMedianMs", Statistics.median(cold) * 1000)
    }
}

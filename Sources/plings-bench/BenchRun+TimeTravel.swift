import PlingsKit

extension BenchRun {
    /// 4. Time travel: a card at a random past point, from the nearest snapshot, and without snapshots.
    mutating func measureTimeTravel() {
        if options.flags.contains("--rebuild") {
            do { _ = try Rebuild(path: log).run(dryRun: false) } catch { fail(error.message(.en)) }
        }
        let cacheSize = Double(SnapshotCache(logPath: log).totalSize())
        report("snapshotMB", cacheSize / 1e6)
        report("snapshotShareOfLog", cacheSize / Double(max(bytes, 1)))
        var rng = SplitMix64(seed: 42)
        var latencies: [Double] = []
        for _ in 0..<max(1, options.int("--queries", 200)) {
            let seq = Int64.random(in: 1...Int64(max(1, lineCount)), using: &rng)
            let t0 = Monotonic.seconds()
            guard let point = try? Timeline(path: log).state(at: .seq(seq)) else { continue }
            let n = point.state.registry.count
            if n > 0 {
                let x = ObjectIndex(Int.random(in: 0..<n, using: &rng))
                _ = Card(x, state: point.state).render(.sv)
            }
            latencies.append(Monotonic.seconds() - t0)
        }
        report("cardAtPastPointMedianMs", Statistics.median(latencies) * 1000)
        report("cardAtPastPointP99Ms", Statistics.percentile(latencies, 0.99) * 1000)
        var cold: [Double] = []
        for _ in 0..<3 {
            let seq = Int64.random(in: 1...Int64(max(1, lineCount)), using: &rng)
            cold.append(timed { _ = try? Timeline(path: log, useSnapshots: false).state(at: .seq(seq)) })
        }
        report("cardAtPastPointWithoutSnapshotsMedianMs", Statistics.median(cold) * 1000)
    }
}

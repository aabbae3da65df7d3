import Foundation
import PlingsKit

/// `plings-bench find`: `plings find` at scale — the state from the nearest
/// snapshot (run `plings rebuild` first, or pass --rebuild), the folded index
/// built from the registry, then searches for texts of each rank.
enum FindBench {
    static func run(_ options: BenchOptions) {
        let log = options.string("--log")
        let queries = options.int("--queries", 20)
        if options.flags.contains("--rebuild") {
            do { _ = try Rebuild(path: log).run(dryRun: false) } catch { fail(error.message(.en)) }
        }
        let t0 = Monotonic.seconds()
        guard let point = try? Timeline(path: log).state() else { fail("cannot read '\(log)'") }
        let t1 = Monotonic.seconds()
        let index = SearchIndex(registry: point.state.registry)
        let t2 = Monotonic.seconds()
        var rng = SplitMix64(seed: 7)
        var times: [Double] = []
        var hits = 0
        for k in 0..<queries {
            let x = ObjectIndex(Int.random(in: 0..<max(1, point.state.registry.count), using: &rng))
            let name = point.state.registry.name(x)
            let text = [
                point.state.registry.id(x).rawValue, String(name.prefix(4)), String(name.dropFirst(2).prefix(3)), "zq",
            ][k % 4]
            let s0 = Monotonic.seconds()
            hits += index.search(text, limit: 20) { !point.state.status.isArchived($0) }.count
            times.append(Monotonic.seconds() - s0)
        }
        print(
            String(
                format: "objects %d; state from snapshot %.0f ms (snapshot at #%lld); index %.0f ms; "
                    + "search median %.1f ms, p99 %.1f ms, max %.1f ms; %d hits",
                point.state.registry.count, (t1 - t0) * 1000, point.fromSnapshot ?? 0, (t2 - t1) * 1000,
                Statistics.median(times) * 1000, Statistics.percentile(times, 0.99) * 1000,
                (times.max() ?? 0) * 1000, hits))
    }
}

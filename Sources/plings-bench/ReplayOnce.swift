import Foundation
import PlingsKit

/// `plings-bench replay`: one full replay without snapshots, with its time and peak memory.
enum ReplayOnce {
    static func run(_ options: BenchOptions) {
        let log = options.string("--log")
        let started = Monotonic.seconds()
        do {
            let point = try Timeline(path: log, useSnapshots: false).state()
            let seconds = Monotonic.seconds() - started
            print(
                String(
                    format: "replayed %lld events, %d objects in %.3f s (%.2f M events/s); peak memory %.1f MB",
                    point.state.lastSeq, point.state.registry.count, seconds,
                    Double(point.state.lastSeq) / seconds / 1e6, Statistics.peakMemoryMB()))
            if options.flags.contains("--json") || options.values["--footprint"] != nil {
                for (name, bytes) in point.state.footprint {
                    print(String(format: "  %@ %.1f MB", name, Double(bytes) / 1e6))
                }
            }
        } catch {
            fail(error.message(.en))
        }
    }
}

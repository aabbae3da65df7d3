import Foundation
import PlingsKit
import PlingsPlatform

/// `plings-bench replay`: one full replay without snapshots, with its time,
/// its CPU time split between this thread (the chain rules and the fold) and
/// the others (the read-ahead: reading, scanning, hashing), and peak memory.
enum ReplayOnce {
    static func run(_ options: BenchOptions) {
        let log = options.string("--log")
        let started = Monotonic.seconds()
        let (thread0, process0) = (Platform.threadCPUNanoseconds(), Platform.processCPUNanoseconds())
        do {
            let point = try Timeline(path: log, useSnapshots: false).state()
            let seconds = Monotonic.seconds() - started
            let thread = Double(Platform.threadCPUNanoseconds() - thread0) / 1e9
            let process = Double(Platform.processCPUNanoseconds() - process0) / 1e9
            print(
                String(
                    format: "replayed %lld events, %d objects in %.3f s (%.2f M events/s); peak memory %.1f MB",
                    point.state.lastSeq, point.state.registry.count, seconds,
                    Double(point.state.lastSeq) / seconds / 1e6, Statistics.peakMemoryMB()))
            print(String(format: "CPU: this thread %.3f s, the others %.3f s", thread, process - thread))
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

import Foundation
import PlingsKit
import PlingsPlatform

/// `plings-bench generate`: writes a synthetic log.
enum Generate {
    static func run(_ options: BenchOptions) {
        let events = options.int("--events")
        let objects = options.int("--objects")
        let seed = UInt64(options.int("--seed", 1))
        let out = options.string("--out")
        let started = Monotonic.seconds()
        let tty = FileDescriptor.standardError.isTerminal
        do {
            try SyntheticLog(events: events, objects: objects, seed: seed).write(to: out) { done in
                if tty { errWrite("\rgenerate: \(done)/\(events) events") }
            }
        } catch {
            fail(error.message)
        }
        if tty { errWrite("\n") }
        let seconds = Monotonic.seconds() - started
        print(
            String(
                format: "wrote %d events over %d objects to %@ (%.1f MB) in %.1f s", events, objects, out,
                Double(Statistics.fileSize(out)) / 1e6, seconds))
    }
}

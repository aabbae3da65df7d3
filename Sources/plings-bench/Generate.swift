import Foundation
import PlingsKit
import PlingsPlatform

/// `plings-bench generate`: writes a synthetic log.
enum Generate {
    static func run(_ options: BenchOptions) {
        if options.values["--shape"] != nil { return shape(options) }
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
            fail(error.message(.en))
        }
        if tty { errWrite("\n") }
        let seconds = Monotonic.seconds() - started
        print(
            String(
                format: "wrote %d events over %d objects to %@ (%.1f MB) in %.1f s", events, objects, out,
                Double(Statistics.fileSize(out)) / 1e6, seconds))
    }

    /// A world of one extreme shape (views' scale checks): a chain nested `--size` levels deep, built
    /// top-down or bottom-up, one box holding `--size` things, or two chains `--size` deep that cross.
    static func shape(_ options: BenchOptions) {
        let out = options.string("--out")
        let size = options.int("--size", 100_000)
        let shape: ShapeLog.Shape
        switch options.values["--shape"] {
        case "chain": shape = .chain(depth: size, bottomUp: false)
        case "chain-bottom-up": shape = .chain(depth: size, bottomUp: true)
        case "wide": shape = .wide(width: size)
        case "crossing": shape = .crossing(depth: size)
        default: fail("--shape takes chain, chain-bottom-up, wide or crossing")
        }
        let started = Monotonic.seconds()
        do { try ShapeLog(shape).write(to: out) } catch { fail("\(error)") }
        print(
            String(
                format: "wrote %@ (%.1f MB) in %.1f s", out, Double(Statistics.fileSize(out)) / 1e6,
                Monotonic.seconds() - started))
    }
}

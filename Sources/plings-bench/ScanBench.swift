import Foundation
import PlingsKit
import PlingsPlatform

/// `plings-bench scan`: the reading thread's work on one thread, split in
/// steps. The log is loaded into memory first (so the disk and the kernel's
/// copy are out of the figure), then, `--runs` times each: find the lines,
/// find them and hash each, find them and scan each with `LineCodec.scan`
/// (the strict check with the own hash), and `hash2` and `scan2`: two lines
/// at a time, as the reading thread does. The best run of each is printed.
/// `--steps chain` reads the file instead (see `chain`).
enum ScanBench {
    static func run(_ options: BenchOptions) {
        let log = options.string("--log")
        let runs = max(1, options.int("--runs", 3))
        if options.values["--steps"] == "chain" { return chain(log) }
        if options.values["--steps"] == "verification" { return verification(log) }
        if options.values["--steps"] == "decode" { return decode(log) }
        guard let data = FileManager.default.contents(atPath: log) else { fail("cannot read \(log)") }
        let bytes = [UInt8](data)
        var sink: UInt64 = 0
        var lines = 0
        var best: [String: Double] = [:]
        var bestCPU: [String: Double] = [:]
        let steps = (options.values["--steps"] ?? "lines,hash,hash2,scan,scan2").split(separator: ",").map(String.init)
        bytes.withUnsafeBufferPointer { all in
            for _ in 0..<runs {
                for step in steps {
                    let t0 = Monotonic.seconds()
                    let c0 = Platform.threadCPUNanoseconds()
                    defer {
                        let cpu = Double(Platform.threadCPUNanoseconds() - c0) / 1e9
                        bestCPU[step] = min(bestCPU[step] ?? .infinity, cpu)
                    }
                    lines = 0
                    if step == "scan2" || step == "hash2" {
                        lines = step == "scan2" ? scanPairs(all, &sink) : hashPairs(all, &sink)
                        best[step] = min(best[step] ?? .infinity, Monotonic.seconds() - t0)
                        continue
                    }
                    forEachLine(all) { line in
                        lines += 1
                        switch step {
                        case "lines": sink &+= UInt64(line.count)
                        case "hash":
                            let body = max(0, line.count - LineFormat.hashSuffixLength)
                            sink &+= SHA256.hash(UnsafeRawBufferPointer(start: line.baseAddress, count: body)).w0
                        default:
                            var fields = LineFields()
                            if LineCodec.scan(line, into: &fields) != nil { sink &+= 1 }
                            sink &+= fields.hash.w0
                        }
                    }
                    best[step] = min(best[step] ?? .infinity, Monotonic.seconds() - t0)
                }
            }
        }
        for step in steps {
            let seconds = best[step] ?? 0
            let cpu = bestCPU[step] ?? 0
            print(
                String(
                    format: "%@: %d lines in %.3f s wall, %.3f s CPU: %.3f µs/line of CPU", step, lines, seconds, cpu,
                    cpu / Double(max(1, lines)) * 1e6))
        }
        if sink == 42 { print("") }
    }

    /// `--steps chain`: the checks of every line from the file, in chunks on
    /// every core as verify reads (`LogFile.checkChain`), without folding
    /// events: the figure with the disk in it (see its CPU time with `time`).
    static func chain(_ log: String) {
        let started = Monotonic.seconds()
        do {
            guard let file = try LogFile.open(log, create: false) else { fail("no log at \(log)") }
            let cursor = try file.checkChain()
            let seconds = Monotonic.seconds() - started
            print(
                String(
                    format: "chain: %d lines in %.3f s, %.3f µs/line", cursor.lines, seconds,
                    seconds / Double(max(1, cursor.lines)) * 1e6))
        } catch {
            fail("\(error)")
        }
    }

    /// `--steps verification`: `LogVerification.check(path:)`, what an app calls to verify
    /// (see its CPU time with `time`).
    static func verification(_ log: String) {
        let started = Monotonic.seconds()
        let result = LogVerification.check(path: log)
        if let problem = result.problem { fail("\(problem)") }
        let seconds = Monotonic.seconds() - started
        print(String(format: "verification: %d lines in %.3f s", result.lines, seconds))
    }

    /// `--steps decode`: every line read and decoded into its event (`LogFile.read`, one
    /// reading thread scanning ahead), what `LogVerification` did before it checked in chunks.
    static func decode(_ log: String) {
        let started = Monotonic.seconds()
        var lines = 0
        do {
            guard let file = try LogFile.open(log, create: false) else { fail("no log at \(log)") }
            _ = try file.read(from: LogCursor()) { _, _ in lines += 1 }
        } catch {
            fail("\(error)")
        }
        print(String(format: "decode: %d lines in %.3f s", lines, Monotonic.seconds() - started))
    }

    /// The lines scanned two at a time, as the reading thread does.
    static func scanPairs(_ all: UnsafeBufferPointer<UInt8>, _ sink: inout UInt64) -> Int {
        var lines = 0
        var waiting: UnsafeBufferPointer<UInt8>?
        var (a, b) = (LineFields(), LineFields())
        forEachLine(all) { line in
            lines += 1
            guard let first = waiting else {
                waiting = line
                return
            }
            (a, b) = (LineFields(), LineFields())
            let (problemA, problemB) = LineCodec.scan(first, into: &a, line, into: &b)
            sink &+= (problemA == nil ? 0 : 1) &+ (problemB == nil ? 0 : 1) &+ a.hash.w0 &+ b.hash.w0
            waiting = nil
        }
        if let last = waiting, LineCodec.scan(last, into: &a) != nil { sink &+= 1 }
        return lines
    }

    /// The lines' hashes two at a time (`SHA256.hash2`).
    static func hashPairs(_ all: UnsafeBufferPointer<UInt8>, _ sink: inout UInt64) -> Int {
        var lines = 0
        var waiting: UnsafeRawBufferPointer?
        forEachLine(all) { line in
            lines += 1
            let body = UnsafeRawBufferPointer(
                start: line.baseAddress, count: max(0, line.count - LineFormat.hashSuffixLength))
            guard let first = waiting else {
                waiting = body
                return
            }
            let (a, b) = SHA256.hash2(first, body)
            sink &+= a.w0 &+ b.w0
            waiting = nil
        }
        if let last = waiting { sink &+= SHA256.hash(last).w0 }
        return lines
    }

    static func forEachLine(_ all: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = all.baseAddress else { return }
        var start = 0
        while start < all.count {
            let rest = UnsafeRawBufferPointer(start: base + start, count: all.count - start)
            guard let nl = LineSplit.firstEnd(in: rest) else { return }
            body(UnsafeBufferPointer(start: base + start, count: nl))
            start += nl + 1
        }
    }
}

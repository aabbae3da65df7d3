import Foundation
import PlingsKit
import PlingsPlatform

/// One view of `plings` measured in fresh processes: its wall times and the
/// peak resident memory of the process.
struct ViewRow {
    /// The view as the table names it (`card X`, `diff (1,000 events)`, …).
    var name: String
    /// Its key in the JSON figures (`card`, `logObject`, …).
    var key: String
    /// One of the command lines run (the first), for the reader to repeat.
    var example: [String]
    var runs: Int
    var failed: Int
    var medianMs: Double
    var p99Ms: Double
    /// The largest peak resident memory of the runs, in MB (10^6 bytes); nil when it could not be read.
    var peakMB: Double?
    /// The median CPU time (user + system) of the runs, in milliseconds: steadier than the wall time
    /// on a loaded machine; nil when it could not be read.
    var cpuMs: Double?
}

/// `plings-bench scale`'s rows per view: every view of issue 22 on a
/// generated log, each run as a fresh `plings` process (the one beside
/// plings-bench) after the log's cache was rebuilt.
///
/// Peak memory comes from GNU time (`/usr/bin/time -f %M`): the kernel's
/// maximum resident size of a child counts the memory of the process it was
/// forked or spawned from, so plings-bench (which has replayed and rebuilt
/// the log itself) cannot read it for its own children; time is small and
/// reads it for its one child. Without /usr/bin/time that column is empty.
/// The CPU time (user + system) is the child's own, from `wait4`.
enum ViewBench {
    static let time = "/usr/bin/time"
    static let words = ["säck", "låda", "box", "hylla", "bord", "nyckel", "kartong", "pärm"]

    /// The argument lists of one view for run `k`, drawing objects and points from `rng`.
    typealias Arguments = (inout SplitMix64) -> [String]

    /// The views: a random thing for card, history and log; a random box for `tree X`, `away --in C`
    /// and stocktake; a random window of 1,000 events for diff; a random word and number for find.
    static func views(events: Int, objects: Int) -> [(name: String, key: String, arguments: Arguments)] {
        let thing: (inout SplitMix64) -> String = { SyntheticLog.code(Int.random(in: 0..<max(1, objects), using: &$0)) }
        // The generator's first eighth are containers; the last six tenths of those are boxes.
        let containers = max(1, objects / 8)
        let box: (inout SplitMix64) -> String = {
            SyntheticLog.code(Int.random(in: (containers * 4 / 10)..<containers, using: &$0))
        }
        return [
            ("card X", "card", { ["card", thing(&$0)] }),
            ("history X", "history", { ["history", thing(&$0)] }),
            ("log --object X", "logObject", { ["log", "--object", thing(&$0)] }),
            ("tree", "tree", { _ in ["tree"] }),
            ("tree X (a box)", "treeBox", { ["tree", box(&$0)] }),
            ("away", "away", { _ in ["away"] }),
            ("away --in C (a box)", "awayIn", { ["away", "--in", box(&$0)] }),
            (
                "diff (1,000 events)", "diff",
                { rng in
                    let from = Int.random(in: 1...max(1, events - 1000), using: &rng)
                    return ["diff", "--from", String(from), "--to", String(min(events, from + 1000))]
                }
            ),
            (
                "find TEXT", "find",
                {
                    [
                        "find",
                        "\(words[Int.random(in: 0..<words.count, using: &$0)]) \(Int.random(in: 1...999, using: &$0))",
                    ]
                }
            ),
            ("stocktake C (a box)", "stocktake", { ["stocktake", box(&$0)] }),
            ("fingerprint", "fingerprint", { _ in ["fingerprint"] }),
            ("verify", "verify", { _ in ["verify"] }),
        ]
    }

    /// The peer a view is measured beside, run on the same file in the same rounds: `verify`
    /// beside `openssl dgst -sha256` (SHA-256 of the same bytes in one stream).
    static let peers: [String: (name: String, key: String, command: [String])] = [
        "verify": ("openssl dgst -sha256 (the log)", "opensslSHA256", ["/usr/bin/openssl", "dgst", "-sha256"])
    ]

    /// Measures every view `runs` times (fewer when a view's runs pass `budget` seconds; at least three);
    /// a view with a peer (`peers`) is measured alternating with it, the peer's row after the view's.
    static func rows(log: String, events: Int, objects: Int, runs: Int, budget: Double) -> [ViewRow] {
        let plings = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/plings"
        guard FileManager.default.isExecutableFile(atPath: plings) else { fail("no plings beside plings-bench") }
        let timed = FileManager.default.isExecutableFile(atPath: time)
        var rng = SplitMix64(seed: 22)
        var rows: [ViewRow] = []
        for (name, key, arguments) in views(events: events, objects: objects) {
            errWrite("scale: \(name)\n")
            let peer = peers[key].flatMap { FileManager.default.isExecutableFile(atPath: $0.command[0]) ? $0 : nil }
            var view = Runs(name: name, key: key)
            var beside = peer.map { Runs(name: $0.name, key: $0.key) }
            while view.count < runs, view.count < 3 || view.spent < budget {
                let args = ["--log", log, "--lang", "en"] + arguments(&rng)
                view.add(measure([plings] + args, timed: timed), example: ["plings"] + args)
                if let peer { beside?.add(measure(peer.command + [log], timed: timed), example: peer.command + [log]) }
            }
            rows.append(view.row)
            if let beside { rows.append(beside.row) }
        }
        return rows
    }

    /// The runs of one row so far.
    struct Runs {
        var name: String
        var key: String
        var times: [Double] = []
        var peak: Double?
        var cpu: [Double] = []
        var failed = 0
        var example: [String] = []
        var spent = 0.0
        var count: Int { times.count + failed }

        /// Counts one run (nil: it failed); `example` is kept from the first.
        mutating func add(_ run: (seconds: Double, peakKB: Int?, cpuSeconds: Double?)?, example: [String]) {
            if self.example.isEmpty { self.example = example }
            guard let run else {
                failed += 1
                return
            }
            spent += run.seconds
            times.append(run.seconds * 1000)
            if let kb = run.peakKB { peak = max(peak ?? 0, Double(kb) * 1024 / 1e6) }
            if let seconds = run.cpuSeconds { cpu.append(seconds * 1000) }
        }

        var row: ViewRow {
            ViewRow(
                name: name, key: key, example: example, runs: times.count, failed: failed,
                medianMs: Statistics.median(times), p99Ms: Statistics.percentile(times, 0.99), peakMB: peak,
                cpuMs: cpu.isEmpty ? nil : Statistics.median(cpu))
        }
    }

    /// One fresh process of `command` (a program and its arguments) with its output thrown away: wall seconds,
    /// its CPU seconds (user + system, from `wait4`) and, through GNU time, its peak resident kilobytes.
    /// Nil when it did not start or did not exit 0. The wait blocks (`Platform.runQuietly`): Foundation's
    /// `Process.waitUntilExit` polls every 50 ms, which put every short view at 50 ms or 100 ms.
    static func measure(_ command: [String], timed: Bool) -> (seconds: Double, peakKB: Int?, cpuSeconds: Double?)? {
        let report = FileManager.default.temporaryDirectory.path + "/plings-bench-time-\(Platform.processID)"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let t0 = Monotonic.seconds()
        guard
            let end = timed
                ? Platform.runQuietly(time, ["-f", "%M", "-o", report] + command)
                : Platform.runQuietly(command[0], Array(command.dropFirst()))
        else { return nil }
        let seconds = Monotonic.seconds() - t0
        guard end.status == 0 else { return nil }
        // The report's last line: the peak in kilobytes.
        let last = (try? String(contentsOfFile: report, encoding: .utf8))?.split(separator: "\n").last ?? ""
        return (seconds, timed ? Int(last) : nil, end.userSeconds + end.systemSeconds)
    }

    /// Prints the rows as a table under a heading naming the log's size.
    static func print(_ rows: [ViewRow], events: Int) {
        Swift.print(
            "\nviews at \(events) events, fresh processes, output to /dev/null (median, p99 and peak of the runs;"
                + " CPU: the median user + system time)")
        Swift.print("view                            runs   median ms     p99 ms   peak MB   CPU ms   first command")
        for r in rows {
            let peak = r.peakMB.map { String(format: "%7.1f", $0) } ?? "      —"
            let cpu = r.cpuMs.map { String(format: "%8.0f", $0) } ?? "       —"
            let failed = r.failed > 0 ? " (\(r.failed) failed)" : ""
            let name = r.name.padding(toLength: 30, withPad: " ", startingAt: 0)
            Swift.print(
                name + String(format: " %5d   %9.1f  %9.1f   ", r.runs, r.medianMs, r.p99Ms) + peak + " " + cpu + "   "
                    + r.example.joined(separator: " ") + failed)
        }
        if let ratio = verifyRatio(rows) {
            Swift.print(
                String(format: "verify / openssl dgst -sha256 of the same file (medians, alternating): %.2f×", ratio))
        }
    }

    /// The median of `verify` over the median of `openssl dgst -sha256` of the same file, when both ran.
    static func verifyRatio(_ rows: [ViewRow]) -> Double? {
        guard let verify = rows.first(where: { $0.key == "verify" }), verify.runs > 0,
            let openssl = rows.first(where: { $0.key == "opensslSHA256" }), openssl.runs > 0, openssl.medianMs > 0
        else { return nil }
        return verify.medianMs / openssl.medianMs
    }

    /// The rows as figures of a scaling row's JSON: `view.<name>.medianMs`, `.p99Ms`, `.peakMB`, `.cpuMs`, `.runs`.
    static func figures(_ rows: [ViewRow]) -> [String: Double] {
        var figures: [String: Double] = [:]
        for r in rows {
            let key = "view." + r.key
            figures[key + ".medianMs"] = r.medianMs
            figures[key + ".p99Ms"] = r.p99Ms
            figures[key + ".runs"] = Double(r.runs)
            if r.failed > 0 { figures[key + ".failed"] = Double(r.failed) }
            if let peak = r.peakMB { figures[key + ".peakMB"] = peak }
            if let cpu = r.cpuMs { figures[key + ".cpuMs"] = cpu }
        }
        if let ratio = verifyRatio(rows) { figures["view.verify.overOpenssl"] = ratio }
        return figures
    }
}

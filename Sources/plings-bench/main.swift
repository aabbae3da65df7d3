import Foundation
import PlingsCLI
import PlingsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// plings-bench: generates synthetic logs and measures replay, time travel,
// appends and bulk apply. Build and run it in release mode:
//
//   swift build -c release
//   .build/release/plings-bench generate --events 5000000 --objects 500000 --seed 1 --out /tmp/b5m.jsonl
//   .build/release/plings-bench run --log /tmp/b5m.jsonl
//
// Figures come from this machine at the time of the run; nothing here asserts
// a target.

let usage = """
    OVERVIEW: Benchmarks for Plings.

    USAGE: plings-bench generate --events N --objects M [--seed S] --out PATH
           plings-bench generate --shape chain|chain-bottom-up|wide --size N --out PATH
           plings-bench run --log PATH [--runs K] [--baseline-lines N] [--queries Q] [--json]
           plings-bench replay --log PATH        (one replay; prints time and peak memory)
           plings-bench sha [--lines N] [--line-bytes B] [--runs K] [--json]
                                                 (SHA-256 MB/s, CPU instructions vs portable Swift)
           plings-bench find --log PATH [--queries Q] [--rebuild]   (find from a warm snapshot)

    OPTIONS:
      --events N          Events to generate.
      --objects M         Objects among them.
      --seed S            Random seed (default 1).
      --out PATH          Where to write the log.
      --shape SHAPE       A world of one extreme shape instead: a chain nested --size levels deep
                          (built top-down, or bottom-up so every placement moves the deepest path),
                          or one box holding --size things (views' scale checks).
      --log PATH          The log to measure (run 'plings rebuild' on it, or pass --rebuild).
      --runs K            Replays to take the median of (default 3).
      --baseline-lines N  Lines the JSONDecoder baseline reads (default 500000; its rate is per line).
      --queries Q         Time-travel queries (default 200).
      --rebuild           Rebuild the snapshot cache before the time-travel queries.
      --lines N           Lines the sha benchmark hashes (default 1000000).
      --line-bytes B      Their mean length (default 300).
      --json              Print the figures as JSON.

    """

func errWrite(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

func fail(_ message: String) -> Never {
    errWrite("plings-bench: \(message)\n")
    exit(64)
}

var options: [String: String] = [:]
var flags: Set<String> = []
let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, ["generate", "run", "replay", "sha", "find"].contains(mode) else {
    print(usage)
    exit(arguments.contains("--help") || arguments.contains("-h") ? 0 : 64)
}
var index = 1
while index < arguments.count {
    let a = arguments[index]
    if ["--json", "--rebuild", "--help", "-h"].contains(a) {
        flags.insert(a)
        index += 1
    } else if a.hasPrefix("--"), index + 1 < arguments.count {
        options[a] = arguments[index + 1]
        index += 2
    } else {
        fail("unexpected argument '\(a)'; see plings-bench --help")
    }
}
if flags.contains("--help") || flags.contains("-h") {
    print(usage)
    exit(0)
}

@MainActor func intOption(_ name: String, _ fallback: Int? = nil) -> Int {
    guard let text = options[name] else {
        guard let fallback else { fail("\(name) is required") }
        return fallback
    }
    guard let value = Int(text.replacingOccurrences(of: "_", with: "")), value >= 0 else {
        fail("\(name) takes a number, not '\(text)'")
    }
    return value
}

/// The peak resident memory of this process image, from /proc/self/status
/// (VmHWM). Not getrusage: its maximum survives fork and exec, so a child
/// would report its parent's peak.
func peakMemoryMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kb / 1024
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func fileSize(_ path: String) -> Int64 {
    var st = stat()
    return stat(path, &st) == 0 ? Int64(st.st_size) : 0
}

switch mode {
case "generate" where options["--shape"] != nil:
    guard let out = options["--out"] else { fail("--out is required") }
    let size = intOption("--size", 100_000)
    let shape: ShapeLog.Shape
    switch options["--shape"] {
    case "chain": shape = .chain(depth: size, bottomUp: false)
    case "chain-bottom-up": shape = .chain(depth: size, bottomUp: true)
    case "wide": shape = .wide(width: size)
    default: fail("--shape takes chain, chain-bottom-up or wide")
    }
    let started = Monotonic.seconds()
    do { try ShapeLog(shape).write(to: out) } catch { fail("\(error)") }
    print(
        String(format: "wrote %@ (%.1f MB) in %.1f s", out, Double(fileSize(out)) / 1e6, Monotonic.seconds() - started))

case "generate":
    let events = intOption("--events")
    let objects = intOption("--objects")
    let seed = UInt64(intOption("--seed", 1))
    guard let out = options["--out"] else { fail("--out is required") }
    let started = Monotonic.seconds()
    let tty = isatty(2) != 0
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
            Double(fileSize(out)) / 1e6, seconds))

case "find":
    // `plings find` at scale: the state from the nearest snapshot (run `plings rebuild` first),
    // the folded index built from the registry, then searches for texts of each rank.
    guard let log = options["--log"] else { fail("find needs --log PATH") }
    let queries = intOption("--queries", 20)
    if flags.contains("--rebuild") {
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
            median(times) * 1000, percentile(times, 0.99) * 1000, (times.max() ?? 0) * 1000, hits))
case "replay":
    guard let log = options["--log"] else { fail("--log is required") }
    let started = Monotonic.seconds()
    do {
        let point = try Timeline(path: log, useSnapshots: false).state()
        let seconds = Monotonic.seconds() - started
        print(
            String(
                format: "replayed %lld events, %d objects in %.3f s (%.2f M events/s); peak memory %.1f MB",
                point.state.lastSeq, point.state.registry.count, seconds, Double(point.state.lastSeq) / seconds / 1e6,
                peakMemoryMB()))
        if flags.contains("--json") || options["--footprint"] != nil {
            for (name, bytes) in point.state.footprint {
                print(String(format: "  %@ %.1f MB", name, Double(bytes) / 1e6))
            }
        }
    } catch {
        fail(error.message(.en))
    }

case "sha":
    shaBench(
        lines: max(1, intOption("--lines", 1_000_000)), lineBytes: max(4, intOption("--line-bytes", 300)),
        runs: max(1, intOption("--runs", 3)), json: flags.contains("--json"))

default:
    guard let log = options["--log"] else { fail("--log is required") }
    let runs = max(1, intOption("--runs", 3))
    let baselineLines = intOption("--baseline-lines", 500_000)
    let queries = max(1, intOption("--queries", 200))
    let bytes = fileSize(log)
    var figures: [String: Double] = ["logMB": Double(bytes) / 1e6]
    func report(_ name: String, _ value: Double) { figures[name] = value }

    guard let file = try? LogFile.open(log, create: false) else { fail("no log at '\(log)'") }

    // 1. The floor: read the file and count lines.
    var floorTimes: [Double] = []
    var lineCount = 0
    for _ in 0..<runs {
        let t0 = Monotonic.seconds()
        var count = 0
        try? file.readLines(from: 0) { _, _ in count += 1 }
        floorTimes.append(Monotonic.seconds() - t0)
        lineCount = count
    }
    let floor = median(floorTimes)
    report("lines", Double(lineCount))
    report("floorLinesPerSecond", Double(lineCount) / floor)
    report("floorMBPerSecond", Double(bytes) / 1e6 / floor)

    // 2. Full replay with all projections: the fast path, and the general path.
    func replayTime(fast: Bool) -> (Double, WorldState) {
        var times: [Double] = []
        var state = WorldState()
        // The general path is slow; one run of it is enough for a ratio.
        for _ in 0..<(fast ? runs : 1) {
            var replayer = Replayer(path: log)
            replayer.fastPath = fast
            let t0 = Monotonic.seconds()
            do { try replayer.run(file) } catch { fail(error.message) }
            times.append(Monotonic.seconds() - t0)
            state = replayer.state
        }
        return (median(times), state)
    }
    let (fastTime, fastState) = replayTime(fast: true)
    report("replayEventsPerSecond", Double(lineCount) / fastTime)
    report("replayMBPerSecond", Double(bytes) / 1e6 / fastTime)
    report("replaySeconds", fastTime)

    // 3. The naive baseline: Foundation's JSONDecoder into a Codable struct per line,
    //    then the same projections, over the first `baselineLines` lines.
    struct CodableLine: Decodable {
        var seq: Int64
        var at: String
        var type: String
        var object: String
        var name: String?
        var relation: String?
        var target: String?
        var axes: [String]?
        var actor: String?
        var prev: String
        var hash: String
        var v: Int
    }
    let decoder = JSONDecoder()
    var baselineTimes: [Double] = []
    var baselineCount = 0
    for _ in 0..<max(1, min(runs, 3)) {
        var state = WorldState()
        var count = 0
        let t0 = Monotonic.seconds()
        try? file.readLines(from: 0) { line, _ in
            guard count < baselineLines else { return }
            count += 1
            guard let l = try? decoder.decode(CodableLine.self, from: Data(line)),
                let at = Timestamp(parsing: l.at)
            else { return }
            let object = ObjectID(unchecked: l.object)
            let payload: EventPayload
            switch l.type {
            case "created": payload = .created(object, name: l.name ?? "")
            case "renamed": payload = .renamed(object, name: l.name ?? "")
            default:
                var axes: AxisSet = []
                for a in l.axes ?? [] { if let axis = Axis(token: a) { axes.insert(AxisSet(axis)) } }
                payload = .placed(
                    Placement(
                        object: object, relation: Relation(token: l.relation ?? "") ?? .in,
                        target: l.target == "world" ? nil : l.target.map { ObjectID(unchecked: $0) }, axes: axes))
            }
            state.apply(Event(seq: l.seq, at: at, actor: l.actor, payload: payload))
        }
        baselineTimes.append(Monotonic.seconds() - t0)
        baselineCount = count
    }
    let baselineRate = Double(baselineCount) / median(baselineTimes)
    report("jsonDecoderEventsPerSecond", baselineRate)
    report("jsonDecoderLines", Double(baselineCount))
    report("fastOverJSONDecoder", (Double(lineCount) / fastTime) / baselineRate)
    let (generalTime, generalState) = replayTime(fast: false)
    report("generalPathEventsPerSecond", Double(lineCount) / generalTime)
    report("fastEqualsGeneral", Fingerprint(fastState) == Fingerprint(generalState) ? 1 : 0)

    // 4. Time travel: a card at a random past point, from the nearest snapshot.
    if flags.contains("--rebuild") {
        do { _ = try Rebuild(path: log).run(dryRun: false) } catch { fail(error.message(.en)) }
    }
    report("snapshotMB", Double(SnapshotCache(logPath: log).totalSize()) / 1e6)
    report("snapshotShareOfLog", Double(SnapshotCache(logPath: log).totalSize()) / Double(max(bytes, 1)))
    var rng = SplitMix64(seed: 42)
    var latencies: [Double] = []
    for _ in 0..<queries {
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
    report("cardAtPastPointMedianMs", median(latencies) * 1000)
    report("cardAtPastPointP99Ms", percentile(latencies, 0.99) * 1000)
    var cold: [Double] = []
    for _ in 0..<3 {
        let seq = Int64.random(in: 1...Int64(max(1, lineCount)), using: &rng)
        let t0 = Monotonic.seconds()
        _ = try? Timeline(path: log, useSnapshots: false).state(at: .seq(seq))
        cold.append(Monotonic.seconds() - t0)
    }
    report("cardAtPastPointWithoutSnapshotsMedianMs", median(cold) * 1000)

    // 5. Single durable append through the library, next to a bare write + fdatasync of the same line.
    let dir = "/tmp/plings-bench-\(getpid())"
    mkdir(dir, 0o755)
    defer {
        for name in ["append.jsonl", "bare.jsonl", "apply.jsonl", "commands.jsonl"] { unlink(dir + "/" + name) }
        rmdir(dir)
    }
    let appendCount = 300
    var appendTimes: [Double] = []
    var bareTimes: [Double] = []
    do {
        let store = try Store(path: dir + "/append.jsonl")
        let bare = open(dir + "/bare.jsonl", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        for k in 0..<appendCount {
            let t0 = Monotonic.seconds()
            let outcome = try store.execute(.create(ObjectID(unchecked: "a\(k)"), name: "Låda \(k)"))
            appendTimes.append(Monotonic.seconds() - t0)
            let line = LineFormat.encode(outcome.events[0], prev: .zero).bytes
            let t1 = Monotonic.seconds()
            _ = line.withUnsafeBytes { write(bare, $0.baseAddress, $0.count) }
            _ = fdatasync(bare)
            bareTimes.append(Monotonic.seconds() - t1)
        }
        close(bare)
    } catch {
        fail("append benchmark: \(error)")
    }
    report("appendMedianMs", median(appendTimes) * 1000)
    report("appendP99Ms", percentile(appendTimes, 0.99) * 1000)
    report("bareWriteFdatasyncMedianMs", median(bareTimes) * 1000)
    report("bareWriteFdatasyncP99Ms", percentile(bareTimes, 0.99) * 1000)
    report("appendOverBare", median(appendTimes) / max(median(bareTimes), 1e-9))

    // 6. Bulk apply through the CLI's own path: JSON-line commands, decided and appended in batches.
    let commandCount = 500_000
    var text = ""
    text.reserveCapacity(commandCount * 80)
    let bulkObjects = commandCount / 5
    var crng = SplitMix64(seed: 7)
    for k in 0..<commandCount {
        if k < bulkObjects {
            text += "{\"command\":\"create\",\"object\":\"c\(k)\",\"name\":\"Sak \(k)\"}\n"
        } else {
            let x = Int.random(in: 0..<bulkObjects, using: &crng)
            let y = Int.random(in: 0..<(bulkObjects / 10), using: &crng)
            let relation = ["in", "on", "under", "next-to"][Int.random(in: 0..<4, using: &crng)]
            text +=
                "{\"command\":\"place\",\"object\":\"c\(x)\",\"relation\":\"\(relation)\",\"target\":\"c\(y)\",\"axes\":\"both\"}\n"
        }
    }
    _ = FileManager.default.createFile(atPath: dir + "/commands.jsonl", contents: Data(text.utf8))
    let quiet = Terminal(out: { _ in }, err: { _ in })
    let t0 = Monotonic.seconds()
    _ = CLI.run(
        ["apply", dir + "/commands.jsonl", "--on-error", "skip", "--log", dir + "/apply.jsonl"], environment: [:],
        terminal: quiet)
    let applySeconds = Monotonic.seconds() - t0
    report("bulkApplyCommandsPerSecond", Double(commandCount) / applySeconds)
    report("bulkApplyEventsAppended", Double((try? Store(path: dir + "/apply.jsonl").cursor.lastSeq) ?? 0))

    // 7. Peak memory of a plain replay, in a fresh process.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["replay", "--log", log]
    let pipe = Pipe()
    child.standardOutput = pipe
    try? child.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    if let range = output.range(of: "peak memory "), let mb = Double(output[range.upperBound...].prefix { $0 != " " }) {
        report("replayPeakMemoryMB", mb)
    }

    if flags.contains("--json") {
        let data =
            (try? JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys, .prettyPrinted])) ?? Data()
        print(String(decoding: data, as: UTF8.self))
    } else {
        let rows: [(String, String)] = [
            ("log", String(format: "%.0f lines, %.1f MB", figures["lines"] ?? 0, figures["logMB"] ?? 0)),
            (
                "floor: read + count lines",
                String(
                    format: "%.2f M lines/s, %.0f MB/s", (figures["floorLinesPerSecond"] ?? 0) / 1e6,
                    figures["floorMBPerSecond"] ?? 0)
            ),
            (
                "full replay, fast path",
                String(
                    format: "%.2f M events/s, %.0f MB/s (%.2f s)", (figures["replayEventsPerSecond"] ?? 0) / 1e6,
                    figures["replayMBPerSecond"] ?? 0, figures["replaySeconds"] ?? 0)
            ),
            (
                "full replay, general path",
                String(format: "%.2f M events/s", (figures["generalPathEventsPerSecond"] ?? 0) / 1e6)
            ),
            (
                "JSONDecoder baseline",
                String(
                    format: "%.3f M events/s over %.0f lines", (figures["jsonDecoderEventsPerSecond"] ?? 0) / 1e6,
                    figures["jsonDecoderLines"] ?? 0)
            ),
            ("fast / JSONDecoder", String(format: "%.1f×", figures["fastOverJSONDecoder"] ?? 0)),
            ("fast == general (fingerprint)", (figures["fastEqualsGeneral"] ?? 0) == 1 ? "yes" : "NO"),
            (
                "snapshot cache",
                String(
                    format: "%.1f MB (%.1f%% of the log)", figures["snapshotMB"] ?? 0,
                    100 * (figures["snapshotShareOfLog"] ?? 0))
            ),
            (
                "card at a past point",
                String(
                    format: "median %.1f ms, p99 %.1f ms", figures["cardAtPastPointMedianMs"] ?? 0,
                    figures["cardAtPastPointP99Ms"] ?? 0)
            ),
            (
                "  without snapshots",
                String(format: "median %.0f ms", figures["cardAtPastPointWithoutSnapshotsMedianMs"] ?? 0)
            ),
            (
                "durable append (library)",
                String(
                    format: "median %.3f ms, p99 %.3f ms", figures["appendMedianMs"] ?? 0, figures["appendP99Ms"] ?? 0)
            ),
            (
                "bare write + fdatasync",
                String(
                    format: "median %.3f ms, p99 %.3f ms", figures["bareWriteFdatasyncMedianMs"] ?? 0,
                    figures["bareWriteFdatasyncP99Ms"] ?? 0)
            ),
            ("append / bare", String(format: "%.2f×", figures["appendOverBare"] ?? 0)),
            ("bulk apply (CLI path)", String(format: "%.0f commands/s", figures["bulkApplyCommandsPerSecond"] ?? 0)),
            ("replay peak memory", String(format: "%.1f MB", figures["replayPeakMemoryMB"] ?? 0)),
        ]
        for (name, value) in rows { print(name.padding(toLength: 32, withPad: " ", startingAt: 0) + value) }
    }
}

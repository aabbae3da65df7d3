import Foundation
import PlingsKit
import PlingsPlatform

/// Card latencies at random past points (milliseconds), as `plings card X --at SEQ`
/// answers them, with points and objects drawn from `rng`.
func pastPointLatencies(log: String, lines: Int, queries: Int, rng: inout SplitMix64) -> [Double] {
    var latencies: [Double] = []
    for _ in 0..<queries {
        let seq = Int64.random(in: 1...Int64(max(1, lines)), using: &rng)
        // What `plings card X --at SEQ` does: the object timeline when it answers, else a snapshot and a replay.
        // The object is one that exists at the seq; a generated log's k-th object has the id `code(k)`.
        let count = PastCard.objectCount(logPath: log, seq: seq)
        let k = count.map { Int.random(in: 0..<max(1, $0), using: &rng) }
        let t0 = Monotonic.seconds()
        if let k, let card = PastCard.answer(ObjectID(unchecked: SyntheticLog.code(k)), logPath: log, at: .seq(seq)) {
            _ = card.render(.sv)
        } else {
            guard let point = try? Timeline(path: log).state(at: .seq(seq)) else { continue }
            let n = point.state.registry.count
            if n > 0 {
                let x = ObjectIndex(k ?? Int.random(in: 0..<n, using: &rng))
                _ = Card(x, state: point.state).render(.sv)
            }
        }
        latencies.append((Monotonic.seconds() - t0) * 1000)
    }
    return latencies
}

/// One row of the scaling table: a log of `millions` M events (a tenth as
/// many objects) generated in a fresh temporary folder, replayed, rebuilt,
/// queried at past points, and deleted.
func scalingRow(millions: Int, queries: Int, views: ViewOptions?) -> [String: Double] {
    let template = FileManager.default.temporaryDirectory.path + "/plings-scale-XXXXXX"
    guard let dir = try? Platform.makeTemporaryDirectory(template) else { fail("cannot make a temporary folder") }
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let log = dir + "/scale.jsonl"
    let events = millions * 1_000_000
    do { try SyntheticLog(events: events, objects: events / 10, seed: 1).write(to: log) } catch {
        fail(error.message(.en))
    }
    return scalingRow(log: log, events: events, queries: queries, views: views)
}

/// One row of the scaling table for an existing log of `events` events
/// (made by `generate` with a tenth as many objects); replays it and rebuilds
/// its cache (with `keepCache`, only when the cache it has is not accepted),
/// then measures each view in fresh processes unless `views` is nil.
func scalingRow(log: String, events: Int, queries: Int, views: ViewOptions?, keepCache: Bool = false) -> [String:
    Double]
{
    var row: [String: Double] = ["events": Double(events), "logMB": Double(Statistics.fileSize(log)) / 1e6]
    if keepCache, let objects = acceptedCache(log: log, events: events) {
        errWrite("scale: the cache beside the log is accepted and kept (no replay, no rebuild)\n")
        return measuredViews(log: log, events: events, objects: objects, queries: queries, views: views, row: row)
    }
    let t0 = Monotonic.seconds()
    var objects = 0
    do { objects = try Timeline(path: log, useSnapshots: false).state().state.registry.count } catch {
        fail(error.message(.en))
    }
    let replay = Monotonic.seconds() - t0
    row["replaySeconds"] = replay
    row["replayEventsPerSecond"] = Double(events) / replay
    do { _ = try Rebuild(path: log).run(dryRun: false) } catch { fail(error.message(.en)) }
    return measuredViews(log: log, events: events, objects: objects, queries: queries, views: views, row: row)
}

/// The objects of the log at `log` when its cache is accepted: a world at a point made from a snapshot (which
/// checks every line and records the log's identity again when the log was copied or moved), and the object
/// timeline answering at the last event. Nil when either fails.
func acceptedCache(log: String, events: Int) -> Int? {
    guard let point = try? Timeline(path: log).state(at: .seq(Int64(events))), point.fromSnapshot != nil else {
        return nil
    }
    return PastCard.objectCount(logPath: log, seq: Int64(events))
}

/// The rest of a scaling row, once the log's cache is there: the card at past points in process, the
/// cache's share of the log and, unless `views` is nil, each view in fresh processes.
func measuredViews(
    log: String, events: Int, objects: Int, queries: Int, views: ViewOptions?, row: [String: Double]
) -> [String: Double] {
    var row = row
    row["snapshotShareOfLog"] =
        Double(SnapshotCache(logPath: log).totalSize()) / Double(max(1, Statistics.fileSize(log)))
    var rng = SplitMix64(seed: 42)
    let latencies = pastPointLatencies(log: log, lines: events, queries: queries, rng: &rng)
    row["cardAtPastPointMedianMs"] = Statistics.median(latencies)
    row["cardAtPastPointP99Ms"] = Statistics.percentile(latencies, 0.99)
    if let views {
        let rows = ViewBench.rows(log: log, events: events, objects: objects, runs: views.runs, budget: views.budget)
        if !views.json { ViewBench.print(rows, events: events) }
        row.merge(ViewBench.figures(rows)) { $1 }
    }
    return row
}

/// How `scale` measures the views: runs per view, and the seconds after which a view stops (after three runs).
struct ViewOptions {
    var runs: Int
    var budget: Double
    var json: Bool
}

/// Prints the scaling table (or its JSON).
func printScaling(_ rows: [[String: Double]], json: Bool) {
    if json {
        let data =
            (try? JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys, .prettyPrinted])) ?? Data()
        print(String(decoding: data, as: UTF8.self))
        return
    }
    print("events     log MB   replay s   M events/s   past-point median ms   p99 ms   cache/log")
    for r in rows {
        print(
            String(
                format: "%-10.0f %7.0f   %8.2f   %10.2f   %20.1f   %6.1f   %8.1f%%", r["events"] ?? 0, r["logMB"] ?? 0,
                r["replaySeconds"] ?? 0, (r["replayEventsPerSecond"] ?? 0) / 1e6, r["cardAtPastPointMedianMs"] ?? 0,
                r["cardAtPastPointP99Ms"] ?? 0, 100 * (r["snapshotShareOfLog"] ?? 0)))
    }
}

/// `plings-bench scale`: the scaling table over new logs (`--sizes`, in
/// millions of events, 1 by default; 20 also with `--with-20m`) or over
/// generated logs given with `--logs` (their caches kept with `--keep-cache`
/// when accepted), each with a row per view.
enum ScaleBench {
    static func run(_ options: BenchOptions) {
        let queries = max(1, options.int("--queries", 50))
        let json = options.flags.contains("--json")
        let views =
            options.flags.contains("--no-views")
            ? nil
            : ViewOptions(
                runs: max(1, options.int("--view-runs", 15)), budget: Double(options.int("--view-seconds", 30)),
                json: json)
        var rows: [[String: Double]] = []
        if let logs = options.values["--logs"] {
            for log in logs.split(separator: ",").map(String.init) {
                guard let file = try? LogFile.open(log, create: false) else { fail("no log at '\(log)'") }
                var lines = 0
                try? file.readLines(from: 0) { _, _ in lines += 1 }
                rows.append(
                    scalingRow(
                        log: log, events: lines, queries: queries, views: views,
                        keepCache: options.flags.contains("--keep-cache")))
            }
        } else {
            var sizes = (options.values["--sizes"] ?? "1").split(separator: ",").map { part -> Int in
                guard let n = Int(part), n >= 1 else { fail("--sizes takes millions of events, as 1,5,10") }
                return n
            }
            if options.flags.contains("--with-20m") { sizes.append(20) }
            for millions in sizes {
                errWrite("scale: \(millions)M events\n")
                rows.append(scalingRow(millions: millions, queries: queries, views: views))
            }
        }
        if views != nil && !json { print("") }
        printScaling(rows, json: json)
    }
}

import Foundation
import PlingsCLI
import PlingsKit
import PlingsPlatform

extension BenchRun {
    /// `--only append,apply`: just those rows (they need no replay of the log), for quick before/after
    /// runs; `--dir D` puts their files under D instead of /tmp (a RAM disk shows the work around the sync).
    mutating func runOnly(_ list: String) {
        let steps = list.split(separator: ",").map(String.init)
        let dir = (options.values["--dir"] ?? "/tmp") + "/plings-bench-\(Platform.processID)"
        try? Platform.makeDirectory(dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if steps.contains("append") { measureAppend(in: dir) }
        if steps.contains("apply") { measureBulkApply(in: dir) }
        if options.flags.contains("--json") { printJSON() } else { printTable() }
    }

    /// 5. Single durable append through the library, next to a bare write and data sync of the same line.
    mutating func measureAppend(in dir: String) {
        var appendTimes: [Double] = []
        var bareTimes: [Double] = []
        do {
            let store = try Store(path: dir + "/append.jsonl")
            let bare = try Platform.open(dir + "/bare.jsonl", .writeOnly, [.create, .append])
            defer { bare.close() }
            for k in 0..<300 {
                let t0 = Monotonic.seconds()
                let outcome = try store.execute(.create(ObjectID(unchecked: "a\(k)"), name: "Låda \(k)"))
                appendTimes.append(Monotonic.seconds() - t0)
                guard let event = outcome.events.first else { fail("append benchmark: no event") }
                let line = LineFormat.encode(event, prev: .zero).bytes
                let t1 = Monotonic.seconds()
                try bare.writeAll(line)
                try bare.syncData()
                bareTimes.append(Monotonic.seconds() - t1)
            }
        } catch {
            fail("append benchmark: \(error)")
        }
        let (append, bare) = (Statistics.median(appendTimes), Statistics.median(bareTimes))
        report("appendMedianMs", append * 1000)
        report("appendP99Ms", Statistics.percentile(appendTimes, 0.99) * 1000)
        report("bareWriteFdatasyncMedianMs", bare * 1000)
        report("bareWriteFdatasyncP99Ms", Statistics.percentile(bareTimes, 0.99) * 1000)
        report("appendOverBare", append / max(bare, 1e-9))
    }

    /// 6. Bulk apply through the CLI's own path: JSON-line commands, decided and appended in batches.
    mutating func measureBulkApply(in dir: String) {
        let commandCount = 500_000
        var text = ""
        text.reserveCapacity(commandCount * 80)
        let bulkObjects = commandCount / 5
        var rng = SplitMix64(seed: 7)
        for k in 0..<commandCount {
            if k < bulkObjects {
                text += "{\"command\":\"create\",\"object\":\"c\(k)\",\"name\":\"Sak \(k)\"}\n"
            } else {
                let x = Int.random(in: 0..<bulkObjects, using: &rng)
                let y = Int.random(in: 0..<(bulkObjects / 10), using: &rng)
                let relation = ["in", "on", "under", "next-to"][Int.random(in: 0..<4, using: &rng)]
                text += "{\"command\":\"place\",\"object\":\"c\(x)\",\"relation\":\"\(relation)\","
                text += "\"target\":\"c\(y)\",\"axes\":\"both\"}\n"
            }
        }
        try? Platform.writeFileAtomically(dir + "/commands.jsonl", Array(text.utf8))
        let quiet = Terminal(out: { _ in }, err: { _ in })
        let seconds = timed {
            _ = CLI.run(
                ["apply", dir + "/commands.jsonl", "--on-error", "skip", "--log", dir + "/apply.jsonl"],
                environment: [:], terminal: quiet)
        }
        report("bulkApplyCommandsPerSecond", Double(commandCount) / seconds)
        report("bulkApplyEventsAppended", Double((try? Store(path: dir + "/apply.jsonl").cursor.lastSeq) ?? 0))
    }

    /// 7. Peak memory of a plain replay, in a fresh process.
    mutating func measurePeakMemory() {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["replay", "--log", log]
        let pipe = Pipe()
        child.standardOutput = pipe
        try? child.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        if let range = output.range(of: "peak memory "),
            let mb = Double(output[range.upperBound...].prefix { $0 != " " })
        {
            report("replayPeakMemoryMB", mb)
        }
    }
}

import Foundation
import PlingsKit

/// History, time travel, the raw log, the away list, diffs, rebuild and fingerprints.
extension Commands {
    /// Parses a point in the log: a seq (`57`), an RFC 3339 time, or a date
    /// (`2026-06-28`, meaning the end of that day, UTC).
    static func point(_ text: String, _ option: String) throws -> ReplayLimit {
        if let seq = Int64(text), seq >= 0 { return .seq(seq) }
        if let time = Timestamp(parsing: text, dateMeansEndOfDay: true) { return .time(time) }
        throw CLIError.usage(
            "\(option) takes a seq (e.g. 57), an RFC 3339 time (2026-06-28T15:36:37Z) or a date (2026-06-28), "
                + "not '\(Printable.quote(text))'")
    }

    static func at(_ args: Arguments) throws -> ReplayLimit? {
        try args.values["--at"].map { try point($0, "--at") }
    }

    /// The state at `--at` (or now), from the nearest snapshot.
    static func state(_ args: Arguments, _ context: Context) throws -> WorldState {
        try Timeline(path: context.logPath).state(at: at(args)).state
    }

    static func history(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let id = try objectID(args.positionals[0])
        let entries = try ObjectHistory.build(id, path: context.logPath, until: at(args), language: context.language)
        if args.flag("--json") {
            context.terminal.out(try json(entries))
        } else {
            context.terminal.out(entries.map { $0.render() + "\n" }.joined())
        }
        return ExitStatus.ok
    }

    static func away(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let list = AwayList(try state(args, context))
        context.terminal.out(args.flag("--json") ? try json(list) : list.render(context.language))
        return ExitStatus.ok
    }

    static func diff(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        guard let fromText = args.values["--from"] else { throw CLIError.usage("diff needs --from POINT") }
        let from = try point(fromText, "--from")
        let to = try args.values["--to"].map { try point($0, "--to") }
        let timeline = Timeline(path: context.logPath)
        let a = try timeline.state(at: from).state
        let b = try timeline.state(at: to).state
        if a.lastSeq > b.lastSeq {
            throw CLIError.usage("--from (#\(a.lastSeq)) comes after --to (#\(b.lastSeq)); swap them")
        }
        let diff = WorldDiff(from: a, to: b)
        context.terminal.out(args.flag("--json") ? try json(diff) : diff.render(context.language))
        return ExitStatus.ok
    }

    static func log(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let from = try args.values["--from"].map { try point($0, "--from") }
        let to = try args.values["--to"].map { try point($0, "--to") }
        let object = try args.values["--object"].map(objectID)
        func wanted(_ event: Event) -> Bool {
            if let from {
                switch from {
                case .seq(let s): if event.seq < s { return false }
                case .time(let t): if event.at < t { return false }
                }
            }
            guard let object else { return true }
            if event.payload.object == object { return true }
            if case .placed(let p) = event.payload, p.target == object { return true }
            return false
        }
        if args.flag("--json") {
            // The stored lines themselves, byte for byte: JSON lines for other tools.
            guard let file = try LogFile.open(context.logPath, create: false) else { return ExitStatus.ok }
            try file.lock(exclusive: false)
            defer { file.unlock() }
            var checker = ChainChecker(path: context.logPath)
            var buffer = ""
            var stop = false
            try file.readLines(from: 0) { (line, offset) throws(LogError) in
                if stop { return }
                let checked = try checker.check(
                    line, at: offset,
                    batchComplete: { (start, n) throws(LogError) in try file.hasLines(from: start, count: n) })
                guard let decoded = checked else {
                    stop = true
                    return
                }
                if let to, !to.allows(decoded.event) {
                    stop = true
                    return
                }
                if wanted(decoded.event) {
                    buffer += String(decoding: line, as: UTF8.self) + "\n"
                    if buffer.utf8.count > 1 << 16 {
                        context.terminal.out(buffer)
                        buffer = ""
                    }
                }
            }
            context.terminal.out(buffer)
            return ExitStatus.ok
        }
        let language = context.language
        let terminal = context.terminal
        /// Output collected by the replay's closure and written in pieces of 64 KiB.
        final class Pending: @unchecked Sendable { var text = "" }
        let pending = Pending()
        _ = try Timeline(path: context.logPath).events(until: to) { event, _, state in
            guard wanted(event) else { return }
            let who = event.actor.map { "  " + Printable.quote($0) } ?? ""
            let skipped =
                state.skipped.last?.seq == event.seq ? (language == .sv ? "  [ignorerad]" : "  [skipped]") : ""
            pending.text +=
                "#\(event.seq)  \(event.at.rfc3339)\(who)  \(Describe.event(event, state: state, language))\(skipped)\n"
            if pending.text.utf8.count > 1 << 16 {
                terminal.out(pending.text)
                pending.text = ""
            }
        }
        context.terminal.out(pending.text)
        return ExitStatus.ok
    }

    static func fingerprint(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let point = try Timeline(path: context.logPath, useSnapshots: !args.flag("--full")).state(at: at(args))
        let print = Fingerprint(point.state)
        if args.flag("--json") {
            context.terminal.out(try json(print))
        } else {
            context.terminal.out(
                """
                seq                 \(print.seq)
                objects             \(print.objects)
                registry            \(print.registry)
                current parents     \(print.currentParents)
                normal parents      \(print.normalParents)
                current positional  \(print.currentPositional)
                normal positional   \(print.normalPositional)
                replay              \(print.replay)
                all                 \(print.all)

                """)
        }
        return ExitStatus.ok
    }

    static func rebuild(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let quiet = args.flag("--quiet") || !context.terminal.errIsTTY
        let started = Monotonic.seconds()
        let terminal = context.terminal
        final class Last: @unchecked Sendable { var shown = 0.0 }
        let last = Last()
        let report = try Rebuild(path: context.logPath).run(dryRun: args.flag("--dry-run")) { read, total, events in
            guard !quiet else { return }
            let now = Monotonic.seconds()
            guard now - last.shown >= 0.2 || read == total else { return }
            last.shown = now
            let elapsed = max(now - started, 1e-6)
            let rate = Double(events) / elapsed
            let eta = read > 0 ? elapsed * Double(total - read) / Double(read) : 0
            terminal.err(
                String(
                    format: "\r%@ %lld events  %.0f/s  %.0f%%  ETA %.0fs   ", "rebuild:", events, rate,
                    total > 0 ? 100 * Double(read) / Double(total) : 100, eta))
            if read == total { terminal.err("\n") }
        }
        if args.flag("--json") {
            context.terminal.out(try json(report))
            return ExitStatus.ok
        }
        let sv = context.language == .sv
        let mb = { (b: Int64) in String(format: "%.1f MB", Double(b) / 1e6) }
        let verb = report.dryRun ? (sv ? "skulle skriva" : "would write") : (sv ? "skrev" : "wrote")
        context.terminal.out(
            (sv
                ? "\(report.events) händelser, \(report.objects) objekt, logg \(mb(report.logBytes)); "
                : "\(report.events) events, \(report.objects) objects, log \(mb(report.logBytes)); ")
                + "\(verb) \(report.snapshots) snapshots (\(mb(report.snapshotBytes)))"
                + (report.removed > 0
                    ? (sv ? ", tog bort \(report.removed) gamla" : ", removed \(report.removed) old") : "")
                + String(
                    format: "; %.2f s, %.0f %@\n", report.seconds, report.eventsPerSecond,
                    sv ? "händelser/s" : "events/s"))
        return ExitStatus.ok
    }
}

extension ReplayLimit {
    func allows(_ event: Event) -> Bool {
        switch self {
        case .seq(let s): return event.seq <= s
        case .time(let t): return event.at <= t
        }
    }
}

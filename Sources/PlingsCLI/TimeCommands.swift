import Foundation
import PlingsKit
import PlingsText

/// History, time travel, the raw log, the away list, diffs, rebuild and fingerprints.
extension Commands {
    /// Parses a point in the log by the one rule (`AskedPoint`): a seq (`57`, `#57`), an RFC 3339
    /// time, a time without a zone or a date (the end of that day), read in the zone of `TZ`.
    static func point(_ text: String, _ option: String, _ context: Context) throws -> ReplayLimit {
        if let asked = AskedPoint.parse(text, zone: try context.localZone()) { return asked.limit }
        throw CLIError.usage(context.text(.badPoint, ["option": option, "value": Printable.quote(text)]))
    }

    static func at(_ args: Arguments, _ context: Context) throws -> ReplayLimit? {
        try args.values["--at"].map { try point($0, "--at", context) }
    }

    /// The state at `--at` (or now), from the nearest snapshot. A seq past the
    /// end of the log is an error, never a silent "now".
    static func state(_ args: Arguments, _ context: Context) throws -> WorldState {
        if args.values["--at"] == nil, let view = try SyncCommands.optimisticState(context) { return view }
        let limit = try at(args, context)
        let point = try Timeline(path: context.logPath).state(at: limit)
        if case .seq(let seq) = limit, seq > point.cursor.lastSeq {
            throw CLIError.failure(
                context.text(
                    .atPastHead, ["value": String(seq), "head": String(point.cursor.lastSeq)]))
        }
        return point.state
    }

    /// Why `id` is not in the state: unknown (with "did you mean" for an id in the wrong case), or
    /// (with `--at`) not created yet by then.
    static func missing(_ id: ObjectID, _ args: Arguments, _ context: Context) throws -> Error {
        guard let limit = try at(args, context) else { return DomainError.unknownObject(id) }
        if let seq = PastCard.notYet(id, logPath: context.logPath, at: limit) { return notYet(id, seq, args, context) }
        let head = try Timeline(path: context.logPath).state().state.registry
        guard head.index(of: id) != nil else {
            return IDHint.adding(to: DomainError.unknownObject(id), registry: head, context)
        }
        let seq: Int64
        switch limit {
        case .seq(let s): seq = s
        case .time: seq = try Timeline(path: context.logPath).state(at: limit).cursor.lastSeq
        }
        return notYet(id, seq, args, context)
    }

    /// "'X' did not exist yet at #SEQ", or, at seq 0 (a seq that names no event), that `--at` is
    /// before the first event of the log.
    static func notYet(_ id: ObjectID, _ seq: Int64, _ args: Arguments, _ context: Context) -> Error {
        guard seq == 0 else {
            return CLIError.failure(context.text(.objectNotYet, ["id": id.rawValue, "seq": String(seq)]))
        }
        let value = Printable.quote(args.values["--at"] ?? "0")
        return CLIError.failure(context.text(.objectBeforeFirstEvent, ["id": id.rawValue, "value": value]))
    }

    /// A point of the log as messages name it: "#SEQ", or "before the first event" for seq 0.
    static func pointName(_ seq: Int64, _ text: Catalog) -> String {
        seq == 0 ? text(.beforeFirstEvent) : "#\(seq)"
    }

    static func history(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let id = try objectID(args.positionals[0], context)
        let limit = try at(args, context)
        if case .seq = limit { _ = try state(args, context) }
        let history: ObjectHistory.Result
        do {
            history = try ObjectHistory.build(id, path: context.logPath, until: limit, language: context.language)
        } catch DomainError.unknownObject {
            throw try missing(id, args, context)
        }
        if args.flag("--json") {
            writeJSON(context) {
                $0.object {
                    $0.field("asOfSeq", history.asOfSeq)
                    $0.field("id", id.rawValue)
                    $0.field("entries", history.entries)
                }
            }
        } else {
            // The seq column as wide as the widest seq, so the times line up.
            let width = history.entries.map { String($0.seq).count }.max() ?? 0
            writeText(context) { out in
                for entry in history.entries { out.write(entry.render(seqWidth: width) + "\n") }
            }
        }
        return ExitStatus.ok
    }

    static func away(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let state = try state(args, context)
        let list = AwayList(state)
        if args.flag("--json") {
            writeJSON(list, context)
        } else {
            context.terminal.out(
                beforeFirstEvent(state, args, context).map { $0 + "\n" } ?? list.render(context.language))
        }
        return ExitStatus.ok
    }

    /// For a view of the whole world (`tree`, `away`) at a point before the first event, the
    /// sentence that says so, not an empty world that looks like a finding; nil without `--at`
    /// or at a later point. (`--json` gives the point as `asOfSeq` 0.)
    static func beforeFirstEvent(_ state: WorldState, _ args: Arguments, _ context: Context) -> String? {
        guard state.lastSeq == 0, let value = args.values["--at"] else { return nil }
        return context.text(.worldBeforeFirstEvent, ["value": Printable.quote(value)])
    }

    static func diff(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        guard let fromText = args.values["--from"] else { throw CLIError.usage(context.text(.diffNeedsFrom)) }
        let from = try point(fromText, "--from", context)
        let to = try args.values["--to"].map { try point($0, "--to", context) }
        let timeline = Timeline(path: context.logPath)
        let a = try timeline.state(at: from).state
        let b = try timeline.state(at: to).state
        if a.lastSeq > b.lastSeq {
            let t = context.text
            throw CLIError.usage(t(.diffReversed, ["from": pointName(a.lastSeq, t), "to": pointName(b.lastSeq, t)]))
        }
        let diff = WorldDiff(from: a, to: b)
        args.flag("--json") ? writeJSON(diff, context) : context.terminal.out(diff.render(context.language))
        return ExitStatus.ok
    }

    static func log(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let from = try args.values["--from"].map { try point($0, "--from", context) }
        let to = try args.values["--to"].map { try point($0, "--to", context) }
        let object = try args.values["--object"].map { try objectID($0, context) }
        let filter = LogFilter(from: from, object: object)
        if args.flag("--follow") { return try follow(filter, to: to, json: args.flag("--json"), context) }
        let matched =
            args.flag("--json")
            ? try logLines(filter, to: to, context) : try logSentences(filter, to: to, context)
        if matched == 0 && (from != nil || to != nil || object != nil) {
            context.terminal.err("plings: \(try noMatch(object, context))\n")
        }
        return ExitStatus.ok
    }

    /// Why `plings log` showed nothing: no such object (with "did you mean" for an id in the
    /// wrong case), or no event in the range.
    static func noMatch(_ object: ObjectID?, _ context: Context) throws -> String {
        guard let object else { return context.text(.logNoMatch) }
        let registry = try Timeline(path: context.logPath).state().state.registry
        guard registry.index(of: object) == nil else { return context.text(.logNoMatch) }
        if let near = IDHint.caseOnly(object, in: registry) {
            return context.text(.logNoObjectSuggest, ["id": object.rawValue, "suggestion": near.rawValue])
        }
        return context.text(.logNoObject, ["id": object.rawValue])
    }

    /// The stored lines themselves, byte for byte: JSON lines for other tools. Returns how many matched.
    static func logLines(_ filter: LogFilter, to: ReplayLimit?, _ context: Context) throws -> Int {
        guard let file = try LogFile.open(context.logPath, create: false) else { return 0 }
        try file.lock(exclusive: false)
        defer { file.unlock() }
        var checker = ChainChecker(path: context.logPath)
        var buffer = ""
        // The lines before a bad one are shown before its error is.
        defer { context.terminal.out(buffer) }
        var stop = false
        var matched = 0
        try file.readLines(from: 0) { (line, offset) throws(LogError) in
            if stop { return }
            let checked = try checker.check(
                line, at: offset,
                batchComplete: { (start, n) throws(LogError) in try file.hasLines(from: start, count: n) })
            guard let decoded = checked else { return }  // a batch not on disk whole is never shown
            if let to, !to.allows(decoded.event) {
                stop = true
                return
            }
            guard filter.wants(decoded.event) else { return }
            matched += 1
            buffer += String(decoding: line, as: UTF8.self) + "\n"
            if buffer.utf8.count > 1 << 16 {
                context.terminal.out(buffer)
                buffer = ""
            }
        }
        if !stop { _ = try file.tornTail(after: checker) }
        return matched
    }

    /// The events as sentences. Returns how many matched.
    static func logSentences(_ filter: LogFilter, to: ReplayLimit?, _ context: Context) throws -> Int {
        let terminal = context.terminal
        /// Output collected by the replay's closure and written in pieces of 64 KiB.
        var pending = ""
        // The events before a bad line are shown before its error is.
        defer { terminal.out(pending) }
        var matched = 0
        let width = SeqColumn.width(logPath: context.logPath, to: to)
        _ = try Timeline(path: context.logPath).events(until: to) { event, _, state in
            guard filter.wants(event) else { return }
            matched += 1
            pending += logLine(event, state: state, seqWidth: width, context)
            if pending.utf8.count > 1 << 16 {
                terminal.out(pending)
                pending = ""
            }
        }
        return matched
    }

    /// One event of `plings log` as a line for a person, given the state after it, with the seq
    /// padded to `seqWidth` digits (see `SeqColumn`) so that the times line up.
    static func logLine(_ event: Event, state: WorldState, seqWidth: Int, _ context: Context) -> String {
        let text = context.text
        let who = event.actor.map { "  " + Printable.quote($0) } ?? ""
        let skipped = state.skipped.last?.seq == event.seq ? "  " + text(.skippedTag) : ""
        let seq = String(event.seq)
        let pad = String(repeating: " ", count: max(0, seqWidth - seq.count))
        return "#\(seq)\(pad)  \(event.at.rfc3339)\(who)  \(Describe.event(event, state: state, text))\(skipped)\n"
    }

    static func fingerprint(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let limit = try at(args, context)
        let point = try Timeline(path: context.logPath, useSnapshots: !args.flag("--full")).state(at: limit)
        if case .seq(let seq) = limit, seq > point.cursor.lastSeq {
            throw CLIError.failure(
                context.text(.atPastHead, ["value": String(seq), "head": String(point.cursor.lastSeq)]))
        }
        let print = Fingerprint(point.state)
        if args.flag("--json") {
            writeJSON(print, context)
            return ExitStatus.ok
        }
        let t = context.text
        let rows: [(MessageKey, String)] = [
            (.fpSeq, "\(print.seq)"), (.fpObjects, "\(print.objects)"), (.fpRegistry, print.registry),
            (.fpCurrentParents, print.currentParents), (.fpNormalParents, print.normalParents),
            (.fpCurrentPositional, print.currentPositional), (.fpNormalPositional, print.normalPositional),
            (.fpReplay, print.replay), (.fpWorld, print.world), (.fpAll, print.all),
        ]
        let width = rows.map { t($0.0).count }.max() ?? 0
        for (key, value) in rows {
            let label = t(key)
            context.terminal.out(label + String(repeating: " ", count: width + 2 - label.count) + value + "\n")
        }
        return ExitStatus.ok
    }

    static func rebuild(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let quiet = args.flag("--quiet") || !context.terminal.errIsTTY
        let started = Monotonic.seconds()
        let terminal = context.terminal
        let t = context.text
        var lastShown = 0.0
        let report = try Rebuild(path: context.logPath).run(dryRun: args.flag("--dry-run")) { read, total, events in
            guard !quiet else { return }
            let now = Monotonic.seconds()
            guard now - lastShown >= 0.2 || read == total else { return }
            lastShown = now
            let elapsed = max(now - started, 1e-6)
            let eta = read > 0 ? elapsed * Double(total - read) / Double(read) : 0
            let percent = total > 0 ? 100 * Double(read) / Double(total) : 100
            let line = t(
                .rebuildProgress,
                [
                    "events": t.count(.countEvents, Int(events)),
                    "rate": String(format: "%.0f", Double(events) / elapsed),
                    "percent": String(format: "%.0f", percent), "eta": String(format: "%.0f", eta),
                ])
            terminal.err("\r" + line + "   ")
            if read == total { terminal.err("\n") }
        }
        if args.flag("--json") {
            writeJSON(report, context)
            return ExitStatus.ok
        }
        context.terminal.out(rebuildSummary(report, t) + "\n")
        return ExitStatus.ok
    }

    static func rebuildSummary(_ report: Rebuild.Report, _ t: Catalog) -> String {
        let mb = { (b: Int64) in String(format: "%.1f MB", Double(b) / 1e6) }
        return t(
            .rebuildSummary,
            [
                "events": t.count(.countEvents, Int(report.events)), "objects": t.count(.countObjects, report.objects),
                "logSize": mb(report.logBytes), "verb": t(report.dryRun ? .rebuildWouldWrite : .rebuildWrote),
                "snapshots": t.count(.countSnapshots, report.snapshots), "snapshotSize": mb(report.snapshotBytes),
                "removed": report.removed > 0 ? t.count(.rebuildRemoved, report.removed) : "",
                "timeline": report.timelineBytes > 0 ? t(.rebuildTimeline, ["size": mb(report.timelineBytes)]) : "",
                "seconds": String(format: "%.2f", report.seconds),
                "rate": String(format: "%.0f", report.eventsPerSecond),
            ])
    }
}

/// Which events `plings log` shows.
struct LogFilter {
    var from: ReplayLimit?
    var object: ObjectID?

    func wants(_ event: Event) -> Bool {
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
}

extension ReplayLimit {
    func allows(_ event: Event) -> Bool {
        switch self {
        case .seq(let s): return event.seq <= s
        case .time(let t): return event.at <= t
        }
    }
}

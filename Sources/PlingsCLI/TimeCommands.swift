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

    /// Where the point `text` (of `option`) falls in the log (see `PointAnswer`).
    static func answer(_ text: String, _ option: String, _ args: Arguments, _ context: Context) throws -> PointAnswer {
        guard let asked = AskedPoint.parse(text, zone: try context.localZone()) else {
            throw CLIError.usage(context.text(.badPoint, ["option": option, "value": Printable.quote(text)]))
        }
        return try answering(args, context) { try Query(path: context.logPath).point(asked) }
    }

    /// Where `--at` falls in the log, for the line a view at a point begins with; nil without `--at`.
    static func atPoint(_ args: Arguments, _ context: Context) throws -> PointAnswer? {
        try args.values["--at"].map { try answer($0, "--at", args, context) }
    }

    /// The line a view at `point` begins with ("As of #46 (…)"), with its newline; "" without a point.
    static func header(_ point: PointAnswer?, _ context: Context) -> String {
        point.map { $0.header(context.language) + "\n" } ?? ""
    }

    /// The views of the log for this command: at the head, a device's log shows its pending
    /// commands applied (see `OptimisticView`); with `--at` the log itself.
    static func query(_ args: Arguments, _ context: Context) throws -> Query {
        guard args.values["--at"] == nil else { return Query(path: context.logPath) }
        return Query(path: context.logPath, head: try SyncCommands.optimisticState(context))
    }

    /// The world at `--at` (or now). A seq past the end of the log is an error, never a silent "now".
    static func state(_ args: Arguments, _ context: Context) throws -> WorldState {
        let limit = try at(args, context)
        return try answering(args, context) { try query(args, context).world(at: limit) }
    }

    /// What `body` answers, with the query layer's refusals said as the command line says them: a
    /// seq past the head, an object made only after the point, an unknown id (with "did you mean"
    /// for an id in the wrong case), a diff's points the wrong way round.
    static func answering<T>(_ args: Arguments, _ context: Context, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw said(error, args, context)
        }
    }

    /// `error` as the command line says it (see `answering`); any other error as it is.
    static func said(_ error: any Error, _ args: Arguments, _ context: Context) -> any Error {
        let t = context.text
        switch error {
        case QueryError.pastHead(let asked, let head):
            return CLIError.failure(t(.atPastHead, ["value": String(asked), "head": String(head)]))
        case QueryError.notYet(let id, let seq): return notYet(id, seq, args, context)
        case QueryError.reversed(let from, let to):
            return CLIError.usage(t(.diffReversed, ["from": pointName(from, t), "to": pointName(to, t)]))
        default: return IDHint.adding(to: error, context)
        }
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
        let history = try answering(args, context) {
            try Query(path: context.logPath).history(of: id, at: limit, language: context.language)
        }
        let point = try atPoint(args, context)
        if args.flag("--json") {
            writeJSON(context) {
                $0.object {
                    $0.field("asOfSeq", history.asOfSeq)
                    if let point { pointMembers(point, to: &$0) }
                    $0.field("id", id.rawValue)
                    $0.field("entries", history.entries)
                }
            }
        } else {
            // The seq column as wide as the widest seq, so the times line up.
            let width = history.entries.map { String($0.seq).count }.max() ?? 0
            writeText(context) { out in
                out.write(header(point, context))
                for entry in history.entries { out.write(entry.render(seqWidth: width) + "\n") }
            }
        }
        return ExitStatus.ok
    }

    static func away(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let limit = try at(args, context)
        let json = args.flag("--json")
        let inside = try args.values["--in"].map { try objectID($0, context) }
        let point = try atPoint(args, context)
        let clock = context.loanClock(at: point)
        let words = Texts(context.language)
        let rowText = AwayText(language: context.language)
        // Each thing is written as the query hands it on, its loan said in the reader's days:
        // the list is never held with its places (read in place, nor made as strings).
        var writer = JSONWriter(context.terminal.output())
        var text = context.terminal.output()
        var asOfSeq: Int64 = 0
        var count = 0
        try answering(args, context) {
            try query(args, context).away(
                inside: inside, at: limit, inbound: json,
                asOf: { seq in
                    asOfSeq = seq
                    guard json else {
                        // Before the first event the sentence that says so takes the header's place.
                        if beforeFirstEvent(seq, args, context) == nil { text.write(header(point, context)) }
                        return
                    }
                    writer.beginObject()
                    if let point { pointMembers(point, to: &writer) }
                    writer.field("asOfSeq", seq)
                    writer.key("away")
                    writer.beginArray()
                },
                each: { entry in
                    var entry = entry
                    entry.mark(clock)
                    count += 1
                    if json { entry.write(to: &writer) } else { text.write(entry.render(words)) }
                },
                bytes: { row in
                    count += 1
                    guard row.loan != nil else {
                        if json { AwayJSON.write(row, to: &writer) } else { rowText.write(row, to: &text) }
                        return
                    }
                    var row = row
                    row.mark(clock)
                    if json { AwayJSON.write(row, to: &writer) } else { rowText.write(row, to: &text) }
                })
        }
        if json {
            writer.endArray()
            writer.endObject()
            writer.finish()
        } else {
            if count == 0 { text.write((beforeFirstEvent(asOfSeq, args, context) ?? context.text(.awayNone)) + "\n") }
            text.flush()
        }
        return ExitStatus.ok
    }

    /// For a view of the whole world (`tree`, `away`) at a point before the first event, the
    /// sentence that says so, not an empty world that looks like a finding; nil without `--at`
    /// or at a later point. (`--json` gives the point as `asOfSeq` 0.)
    static func beforeFirstEvent(_ seq: Int64, _ args: Arguments, _ context: Context) -> String? {
        guard seq == 0, let value = args.values["--at"] else { return nil }
        return context.text(.worldBeforeFirstEvent, ["value": Printable.quote(value)])
    }

    static func diff(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        guard let fromText = args.values["--from"] else { throw CLIError.usage(context.text(.diffNeedsFrom)) }
        let from = try point(fromText, "--from", context)
        let to = try args.values["--to"].map { try point($0, "--to", context) }
        let diff = try answering(args, context) { try Query(path: context.logPath).diff(from: from, to: to) }
        if args.flag("--json") {
            writeJSON(diff, context)
        } else {
            // Where each end falls: "From: As of #3 (…)", "To: As of #9 (…)" (the head without --to).
            var lines =
                context.text(
                    .diffFromPoint, ["point": try answer(fromText, "--from", args, context).header(context.language)])
                + "\n"
            if let toText = args.values["--to"] {
                lines +=
                    context.text(
                        .diffToPoint, ["point": try answer(toText, "--to", args, context).header(context.language)])
                    + "\n"
            }
            context.terminal.out(lines + diff.render(context.language))
        }
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
        let registry = try Query(path: context.logPath).world().registry
        guard registry.index(of: object) == nil else { return context.text(.logNoMatch) }
        if let near = IDHint.caseOnly(object, in: registry) {
            return context.text(.logNoObjectSuggest, ["id": object.rawValue, "suggestion": near.rawValue])
        }
        return context.text(.logNoObject, ["id": object.rawValue])
    }

    /// The stored lines themselves, byte for byte: JSON lines for other tools. Returns how many matched.
    static func logLines(_ filter: LogFilter, to: ReplayLimit?, _ context: Context) throws -> Int {
        var buffer = ""
        // The lines before a bad one are shown before its error is.
        defer { context.terminal.out(buffer) }
        return try Query(path: context.logPath).lines(filter, to: to) { line, _ in
            buffer += String(decoding: line, as: UTF8.self) + "\n"
            if buffer.utf8.count > 1 << 16 {
                context.terminal.out(buffer)
                buffer = ""
            }
        }
    }

    /// The events as sentences. Returns how many matched.
    static func logSentences(_ filter: LogFilter, to: ReplayLimit?, _ context: Context) throws -> Int {
        let terminal = context.terminal
        /// Output collected by the replay's closure and written in pieces of 64 KiB.
        nonisolated(unsafe) var pending = ""
        // The events before a bad line are shown before its error is.
        defer { terminal.out(pending) }
        let width = SeqColumn.width(logPath: context.logPath, to: to)
        return try Query(path: context.logPath).entries(filter, to: to, language: context.language) { entry in
            pending += logLine(entry, seqWidth: width, context)
            if pending.utf8.count > 1 << 16 {
                terminal.out(pending)
                pending = ""
            }
        }
    }

    /// One event of `plings log` as a line for a person, with the seq padded to `seqWidth` digits
    /// (see `SeqColumn`) so that the times line up.
    static func logLine(_ entry: LogEntry, seqWidth: Int, _ context: Context) -> String {
        let event = entry.event
        let who = event.actor.map { "  " + Printable.quote($0) } ?? ""
        let skipped = entry.skipped ? "  " + context.text(.skippedTag) : ""
        let seq = String(event.seq)
        let pad = String(repeating: " ", count: max(0, seqWidth - seq.count))
        // A time the log clamped says what the clock said (issue 20, item 6).
        let said = event.clock.map { context.text(.historyClockSaid, ["clock": $0.rfc3339]) } ?? ""
        return "#\(seq)\(pad)  \(event.at.rfc3339)\(who)  \(entry.sentence)\(said)\(skipped)\n"
    }

    /// One event of `plings log` given the world right after it (see `logLine(_:seqWidth:_:)`).
    static func logLine(_ event: Event, state: WorldState, seqWidth: Int, _ context: Context) -> String {
        let entry = LogEntry(
            event: event, skipped: state.skipped.last?.seq == event.seq,
            sentence: Describe.event(event, state: state, context.text))
        return logLine(entry, seqWidth: seqWidth, context)
    }

    static func fingerprint(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let limit = try at(args, context)
        let print = try answering(args, context) {
            try Query(path: context.logPath, useCache: !args.flag("--full")).fingerprint(at: limit)
        }
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
        // Said, not failed: the rest of the cache was written, and the views work without these files.
        for path in report.notWritten {
            terminal.err("plings: " + t.message(LogError.cacheNameTaken(path: path)) + "\n")
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

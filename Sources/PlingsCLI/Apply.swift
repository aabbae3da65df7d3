import Foundation
import PlingsKit
import PlingsPlatform
import PlingsText

/// `plings apply`: many commands from JSON lines, decided in order, appended in batches.
extension Commands {
    struct ApplyReport {
        struct Rejection {
            var line: Int
            var reason: String
        }
        var read = 0
        var appended = 0
        /// Lines taken that changed nothing: already so, or a retry of a command id in the log.
        var unchanged = 0
        var rejected: [Rejection] = []
        /// A line that created an object whose id differs from an earlier one only in case.
        struct CaseTwin {
            var line: Int
            var id: String
            var existing: String
        }
        var caseTwins: [CaseTwin] = []
        var batches = 0
        var stopped = false
        var dryRun = false
        var head = LogCursor()
        /// The last input line of the last batch appended.
        var committedThrough = 0
        var seconds = 0.0
    }

    /// The longest line `apply` reads.
    static let applyLineLimit = 16 * 1024

    /// What `--on-error` asks of a batch that `apply` and `import` write: stop (the default) or skip.
    static func batchPolicy(_ args: Arguments, _ text: Catalog) throws -> Store.BatchPolicy {
        let policyText = args.values["--on-error"] ?? "stop"
        switch policyText {
        case "stop": return .stop
        case "skip": return .skip
        default: throw CLIError.usage(text(.badOnError, ["value": Printable.quote(policyText)]))
        }
    }

    static func apply(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let text = context.text
        let policy = try batchPolicy(args, text)
        let batchText = args.values["--batch"] ?? "10000"
        // At most 100,000 lines a batch: what a device can pull from a hub in one answer.
        guard let batchSize = Int(batchText), batchSize >= 1, batchSize <= 100_000 else {
            throw CLIError.usage(text(.badBatch, ["value": Printable.quote(batchText)]))
        }
        let path = args.positionals.first ?? "-"
        let source = path == "-" ? text(.stdinName) : Printable.quote(path)
        let fd = try openCommands(path, source, text)
        defer { if fd != .standardInput { fd.close() } }
        let isNew = !FileManager.default.fileExists(atPath: context.logPath)
        let started = Monotonic.seconds()
        var run = ApplyRun(
            store: try context.openStore(), context: context, policy: policy, batchSize: batchSize,
            dryRun: args.flag("--dry-run"))
        run.tellsLines = !args.flag("--json")
        // A file is read and parsed on a second thread while this one decides and appends. Other
        // input (a pipe, a terminal) may keep a read waiting: it is read on this thread, and before
        // each read what was decided is written and the log's lock let go.
        let reader = LineReader(fd: fd, limit: applyLineLimit)
        let end: LineReader.End
        if (try? fd.status().kind) == .regular {
            end = try ParseAhead.forEachLine(reader, text) { number, parsed in try run.take(number, parsed) }
        } else {
            end = try reader.forEachLine(afterRead: { try run.pause() }) { number, bytes in
                try run.take(number, CommandJSON.parse(bytes, text))
            }
        }
        switch end {
        case .failed(let code):
            throw CLIError.failure(text(.cannotRead, ["path": source, "reason": text.systemError(code)]))
        case .tooLong(let line):
            try run.stop(at: line, text(.applyLineTooLong, ["limit": String(applyLineLimit)]))
        case .endOfInput, .stopped:
            break
        }
        try run.finish()
        run.report.seconds = Monotonic.seconds() - started
        if isNew && run.report.appended > 0 {
            // A dry run writes nothing: it says that the run would start the log, never that it did.
            let key: MessageKey = run.report.dryRun ? .newLogWouldStart : .newLog
            context.terminal.err("plings: \(text(key, ["path": Printable.quote(context.logPath)]))\n")
        }
        try printApplyReport(run.report, source: source, args, context)
        return run.report.rejected.isEmpty ? ExitStatus.ok : ExitStatus.failure
    }

    /// The commands file, or standard input for "-".
    private static func openCommands(_ path: String, _ source: String, _ text: Catalog) throws -> FileDescriptor {
        if path == "-" { return .standardInput }
        do throws(SystemErrno) {
            return try Platform.open(path, .readOnly)
        } catch {
            throw CLIError.failure(text(.cannotRead, ["path": source, "reason": text.systemError(error.code)]))
        }
    }

    /// How many lines created an id that differs from an earlier one only in case, naming the
    /// first three ("and N more"): a bulk import of tag codes may have many, and `--json` lists
    /// every one. A dry run says it under each line instead.
    static func caseTwinsSentence(_ twins: [ApplyReport.CaseTwin], _ t: Catalog) -> String {
        let shown = twins.count <= 4 ? twins.count : 3
        var items = twins.prefix(shown).map { twin in
            t(.caseTwinItem, ["id": twin.id, "line": String(twin.line), "existing": twin.existing])
        }
        if twins.count > shown { items.append(t.count(.andMore, twins.count - shown)) }
        return t.count(.applyCaseTwins, twins.count, ["list": items.joined(separator: ", ")])
    }

    static func printApplyReport(_ report: ApplyReport, source: String, _ args: Arguments, _ context: Context) throws {
        if args.flag("--json") {
            writeJSON(report, context)
            return
        }
        let t = context.text
        // A dry run said it per line already.
        for r in report.rejected where !report.dryRun {
            context.terminal.err("plings: \(source):\(r.line): \(r.reason)\n")
        }
        if !report.caseTwins.isEmpty && !report.dryRun {
            context.terminal.err("plings: \(caseTwinsSentence(report.caseTwins, t))\n")
        }
        let rejected = t.count(.countRejected, report.rejected.count)
        let unchanged = t.count(.countUnchanged, report.unchanged)
        let summary =
            report.dryRun
            ? t(
                .applyDrySummary,
                [
                    "commands": t.count(.countCommands, report.read),
                    "accepted": t.count(.countEvents, report.appended), "unchanged": unchanged,
                    "rejected": rejected,
                ])
            : t(
                .applySummary,
                [
                    "commands": t.count(.countCommands, report.read), "events": t.count(.countEvents, report.appended),
                    "batches": t.count(.countBatches, report.batches), "unchanged": unchanged,
                    "rejected": rejected,
                ])
        context.terminal.out(summary + (report.stopped ? t(.applyStopped) : "") + "\n")
    }
}

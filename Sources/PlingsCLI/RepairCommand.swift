import PlingsKit
import PlingsText

/// `plings repair [LOG]`: a damaged end of a log set aside whole, the log cut
/// back to the line before it, the set-aside events written as commands to
/// decide again (docs/repair.md, ADR 0012).
enum RepairCommand {
    static let all: [String: CommandDefinition] = [
        "repair": CommandDefinition(
            spec: CommandSpec(positionals: ["LOG"], optionalPositionals: 1, flags: ["--dry-run", "--json"]),
            run: repair)
    ]

    static func repair(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let path = args.positionals.first ?? context.logPath
        let text = context.text
        let outcome: LogRepair.Outcome
        do {
            outcome = try LogRepair.run(path: path, dryRun: args.flag("--dry-run"))
        } catch {
            throw CLIError.failure(text.message(error))
        }
        let quoted = Printable.quote(path)
        switch outcome {
        case .noLog:
            throw CLIError.failure(text(.noLog, ["path": quoted]))
        case .mirror:
            throw CLIError.failure(text(.repairMirror, ["path": quoted]))
        case .sound(let torn):
            guard let torn else { throw CLIError.failure(text(.repairSound, ["path": quoted])) }
            throw CLIError.failure(
                text(
                    .repairSoundTorn,
                    ["path": quoted, "bytes": "\(torn.length)", "quarantine": Printable.quote(path + ".quarantine")]))
        case .asideTaken(let plan):
            throw CLIError.failure(text(.repairAsideTaken, ["aside": Printable.quote(plan.asidePath)]))
        case .wouldRepair(let plan):
            report(plan, done: false, reused: false, args, context)
        case .repaired(let plan, let reused):
            report(plan, done: true, reused: reused, args, context)
        }
        return ExitStatus.ok
    }

    /// What was (or would be) set aside and kept, as text or one line of JSON.
    static func report(_ plan: LogRepair.Plan, done: Bool, reused: Bool, _ args: Arguments, _ context: Context) {
        if args.flag("--json") {
            Commands.writeJSON(context) { w in
                w.beginObject()
                w.field("dryRun", !done)
                w.field("problem", context.text.message(plan.problem, inVerify: true))
                w.key("kept")
                w.beginObject()
                w.field("lines", plan.kept.lines)
                w.key("head")
                w.beginObject()
                w.field("seq", plan.kept.lastSeq)
                w.field("hash", plan.kept.lastHash.hex)
                w.endObject()
                w.endObject()
                w.key("setAside")
                w.beginObject()
                w.field("path", plan.asidePath)
                w.field("firstLine", plan.firstLine)
                w.field("lines", plan.lines)
                w.field("offset", plan.kept.offset)
                w.field("bytes", plan.bytes)
                w.field("firstSeq", plan.seqs?.lowerBound)
                w.field("lastSeq", plan.seqs?.upperBound)
                w.field("sha256", plan.digest.hex)
                w.endObject()
                w.field("commandsPath", plan.commandsPath)
                w.field("commands", plan.commands.count)
                w.field("notCommands", plan.notCommands)
                w.field("reused", reused)
                w.endObject()
            }
            return
        }
        let t = context.text
        let out = { (line: String) in context.terminal.out(line + "\n") }
        context.terminal.err("plings: \(t.message(plan.problem, inVerify: true))\n")
        let seqs =
            plan.seqs.map { t(.repairSeqs, ["first": "\($0.lowerBound)", "last": "\($0.upperBound)"]) }
            ?? t(.repairNoSeqs)
        out(
            t(
                done ? .repairSetAside : .repairWouldSetAside,
                [
                    "lines": t.count(.countLines, plan.lines), "first": "\(plan.firstLine)",
                    "last": "\(plan.kept.lines + plan.lines)", "seqs": seqs, "bytes": "\(plan.bytes)",
                    "offset": "\(plan.kept.offset)", "path": Printable.quote(plan.asidePath),
                ]))
        if plan.kept.lines == 0 {
            out(t(.repairKeptNothing))
        } else {
            out(t(.repairKept, ["lines": "\(plan.kept.lines)", "seq": "\(plan.kept.lastSeq)"]))
        }
        if let commandsPath = plan.commandsPath {
            out(
                t(
                    .repairCommands,
                    ["events": t.count(.countEvents, plan.commands.count), "path": Printable.quote(commandsPath)]))
        } else {
            out(t(.repairNoCommands))
        }
        if plan.notCommands > 0 { out(t(.repairNotCommands, ["lines": t.count(.countLines, plan.notCommands)])) }
        if reused { out(t(.repairReused)) }
        if !done { out(t(.repairDryRunNothingChanged)) }
    }
}

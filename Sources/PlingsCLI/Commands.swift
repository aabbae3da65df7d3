import Foundation
import PlingsKit
import PlingsSync
import PlingsText

/// One subcommand: what it accepts, whether it needs an existing log, and what it does.
struct CommandDefinition: Sendable {
    var spec: CommandSpec
    /// Reads the log only: refuses to run when the log does not exist.
    var readsLog = false
    var run: @Sendable (inout Arguments, Context) throws -> Int32
}

enum Commands {
    static let all: [String: CommandDefinition] = core.merging(VerbCommands.all) { first, _ in first }
        .merging(SyncCommands.definitions) { first, _ in first }
        .merging(WebCommands.all) { first, _ in first }
        .merging(ExchangeCommands.all) { first, _ in first }
        .merging(RepairCommand.all) { first, _ in first }

    static let core: [String: CommandDefinition] = [
        "create": CommandDefinition(
            spec: CommandSpec(positionals: ["ID", "NAME"], valued: ["--cid", "--expect-seq"], flags: ["--json"]),
            run: create),
        "rename": CommandDefinition(
            spec: CommandSpec(positionals: ["ID", "NAME"], valued: ["--cid", "--expect-seq"], flags: ["--json"]),
            run: rename),
        "place": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X", "RELATION", "Y"], valued: ["--axes", "--cid", "--expect-seq"], flags: ["--json"]),
            run: place),
        "card": CommandDefinition(
            spec: CommandSpec(positionals: ["X"], valued: ["--at"], flags: ["--json"]), readsLog: true, run: card),
        "tree": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], optionalPositionals: 1, valued: ["--axis", "--at"], flags: ["--json"]),
            readsLog: true, run: tree),
        "history": CommandDefinition(
            spec: CommandSpec(positionals: ["X"], valued: ["--at"], flags: ["--json"]), readsLog: true, run: history),
        "log": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--from", "--to", "--object"], flags: ["--json", "--follow"]),
            readsLog: true, run: log),
        "away": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--at", "--in"], flags: ["--json"]), readsLog: true,
            run: away),
        "diff": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--from", "--to"], flags: ["--json"]), readsLog: true,
            run: diff),
        "rebuild": CommandDefinition(
            spec: CommandSpec(positionals: [], flags: ["--dry-run", "--quiet", "--json"]), readsLog: true,
            run: rebuild),
        "fingerprint": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--at"], flags: ["--json", "--full"]), readsLog: true,
            run: fingerprint),
        "apply": CommandDefinition(
            spec: CommandSpec(
                positionals: ["FILE"], optionalPositionals: 1, valued: ["--on-error", "--batch"],
                flags: ["--json", "--dry-run"]),
            run: apply),
        "verify": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--expect"], flags: ["--events", "--json"]), run: verify),
        "head": CommandDefinition(spec: CommandSpec(positionals: [], flags: ["--json"]), readsLog: true, run: head),
        "help": CommandDefinition(spec: CommandSpec(positionals: ["SUBCOMMAND"], optionalPositionals: 1), run: help),
        "completion": CommandDefinition(spec: CommandSpec(positionals: ["SHELL"]), run: completion),
    ]

    /// The names of every subcommand, in the order the overview lists them.
    static let names = [
        "create", "rename", "place", "card", "tree", "picture", "labels", "history", "log", "away", "diff", "rebuild",
        "fingerprint",
        "apply", "import", "export", "verify", "head", "repair", "return", "undo", "redo", "seen", "stocktake", "find",
        "archive", "restore", "lend", "loans", "clone",
        "sync", "pending", "serve", "help", "completion",
    ]

    // MARK: - Parsing helpers

    static func unknownCommand(_ name: String, _ text: Catalog) -> CLIError {
        let quoted = Printable.quote(name)
        if let near = EditDistance.suggestion(for: name, among: names) {
            return .usage(text(.unknownCommandSuggest, ["command": quoted, "suggestion": near]))
        }
        return .usage(text(.unknownCommand, ["command": quoted]))
    }

    static func objectID(_ text: String, _ context: Context) throws -> ObjectID {
        guard ObjectID.problem(with: text) == nil else { throw CLIError.usage(context.text.invalidID(text)) }
        return ObjectID(unchecked: text)
    }

    static func name(_ text: String, _ context: Context) throws -> String {
        do {
            try ObjectName.validate(text)
            return text
        } catch {
            throw CLIError.usage(context.text.invalidName(text))
        }
    }

    static func commandID(_ args: Arguments, _ context: Context) throws -> String? {
        guard let cid = args.values["--cid"] else { return nil }
        guard CommandID.problem(with: cid) == nil else {
            throw CLIError.usage(context.text(.badCommandID, ["value": Printable.quote(cid)]))
        }
        return cid
    }

    static func expectedSeq(_ args: Arguments, _ context: Context) throws -> Int64? {
        guard let text = args.values["--expect-seq"] else { return nil }
        guard let seq = Int64(text), seq >= 0 else {
            throw CLIError.usage(context.text(.badExpectSeq, ["value": Printable.quote(text)]))
        }
        return seq
    }

    // MARK: - Help and completion

    static func help(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        if let name = args.positionals.first, all[name] == nil { throw unknownCommand(name, context.text) }
        context.terminal.out(Help.text(args.positionals.first, context.text))
        return ExitStatus.ok
    }

    static func completion(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        guard let script = Completion.script(for: args.positionals[0]) else {
            throw CLIError.usage(context.text(.badShell, ["value": Printable.quote(args.positionals[0])]))
        }
        context.terminal.out(script)
        return ExitStatus.ok
    }
}

// MARK: - Views

extension Commands {
    static func card(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let id = try objectID(args.positionals[0], context)
        let limit = try at(args, context)
        var card = try answering(args, context) { try query(args, context).card(of: id, at: limit) }
        let point = try atPoint(args, context)
        card.mark(context.loanClock(at: point))
        if args.flag("--json") {
            writeJSON(card, context, point: point)
        } else {
            writeText(context) { out in
                out.write(header(point, context))
                card.render(context.language, to: &out)
            }
        }
        return ExitStatus.ok
    }

    static func tree(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let axisText = args.values["--axis"] ?? "current"
        guard let axis = Axis(token: axisText) else {
            throw CLIError.usage(context.text(.unknownTreeAxis, ["value": Printable.quote(axisText)]))
        }
        let limit = try at(args, context)
        let root = try args.positionals.first.map { try objectID($0, context) }
        let json = args.flag("--json")
        let point = try atPoint(args, context)
        // Each row is written as the query hands it on: the tree is never held.
        var writer = JSONWriter(context.terminal.output())
        var text = context.terminal.output()
        var treeJSON: TreeJSON?
        var treeText: TreeText?
        var asOfSeq: Int64 = 0
        try answering(args, context) {
            try query(args, context).tree(
                axis: axis, of: root, at: limit,
                asOf: { seq in
                    asOfSeq = seq
                    if json {
                        treeJSON = TreeJSON(axis: axis.token, asOfSeq: seq, to: &writer) { w in
                            if let point { pointMembers(point, to: &w) }
                        }
                    } else if root == nil {
                        // Before the first event the sentence that says so is the view's word about the point.
                        if beforeFirstEvent(seq, args, context) == nil { text.write(header(point, context)) }
                        treeText = TreeText(axis: axis, language: context.language, to: &text)
                    } else {
                        text.write(header(point, context))
                        treeText = TreeText(subtreeOf: axis, language: context.language)
                    }
                },
                each: { row in
                    if json { treeJSON?.write(row, to: &writer) } else { treeText?.write(row, to: &text) }
                },
                bytes: { row in
                    if json { treeJSON?.write(row, to: &writer) } else { treeText?.write(row, to: &text) }
                })
        }
        if json {
            treeJSON?.finish(&writer)
            writer.finish()
        } else {
            if let empty = beforeFirstEvent(asOfSeq, args, context) { text.write(empty + "\n") }
            text.flush()
        }
        return ExitStatus.ok
    }
}

import Foundation
import PlingsKit
import PlingsText

/// The everyday verbs: return, undo, seen, stocktake, find, archive, restore.
enum VerbCommands {
    static let all: [String: CommandDefinition] = [
        "return": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], optionalPositionals: 1, valued: ["--in", "--cid", "--expect-seq"],
                flags: ["--all", "--json"]), run: returnHome),
        "undo": CommandDefinition(
            spec: CommandSpec(
                positionals: ["SEQ"], optionalPositionals: 1, valued: ["--cid", "--expect-seq"], flags: ["--json"]),
            run: undo),
        "redo": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--cid", "--expect-seq"], flags: ["--json"]), run: redo),
        "seen": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], variadic: true, valued: ["--cid", "--expect-seq"], flags: ["--json"]), run: seen),
        "stocktake": CommandDefinition(
            spec: CommandSpec(
                positionals: ["C"], optionalPositionals: 1, valued: ["--since", "--at"], flags: ["--json"]),
            readsLog: true,
            run: stocktake),
        "find": CommandDefinition(
            spec: CommandSpec(positionals: ["TEXT"], valued: ["--limit", "--at"], flags: ["--json", "--archived"]),
            readsLog: true,
            run: find),
        "archive": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], valued: ["--note", "--cid", "--expect-seq"], flags: ["--with-contents", "--json"]),
            run: archive),
        "restore": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], valued: ["--to", "--relation", "--cid", "--expect-seq"], flags: ["--json"]),
            run: restore),
        "lend": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], valued: ["--to", "--due", "--note", "--cid", "--expect-seq"], flags: ["--json"]),
            run: LoanCommands.lend),
        "loans": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--at"], flags: ["--overdue", "--json"]), readsLog: true,
            run: LoanCommands.loans),
    ]

    // MARK: - Writing verbs

    static func returnHome(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let all = args.flag("--all")
        if all == !args.positionals.isEmpty { throw CLIError.usage(context.text(.returnXOrAll)) }
        if !all && args.values["--in"] != nil { throw CLIError.usage(context.text(.returnInNeedsAll)) }
        if all {
            let inside = try args.values["--in"].map { try Commands.objectID($0, context) }
            return try Commands.append([.returnAll(inside: inside)], args, context)
        }
        return try Commands.append([.returnHome(try Commands.objectID(args.positionals[0], context))], args, context)
    }

    static func undo(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        var seq: Int64?
        if let text = args.positionals.first {
            guard let value = Int64(text), value >= 1 else {
                throw CLIError.usage(context.text(.badUndoSeq, ["value": Printable.quote(text)]))
            }
            seq = value
        }
        return try undo(seq.map { .seq($0) } ?? .back, args, context)
    }

    static func redo(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        try undo(.forward, args, context)
    }

    /// Undo (or redo) as `request` asks, saying first which event it undid (or redid).
    private static func undo(
        _ request: UndoLookup.Request, _ args: Arguments, _ context: Context
    ) throws -> Int32 {
        let plan = try UndoLookup.plan(request, actor: context.actor, path: context.logPath)
        let named = plan.named
        let (key, member): (MessageKey, String) =
            request == .forward ? (.redidAnswer, "redid") : (.undidAnswer, "undid")
        let lead = Commands.Lead(
            sentence: { state in
                context.text(
                    key, ["seq": String(named.seq), "event": Describe.event(named, state: state, context.text)])
            }, member: member, seq: named.seq)
        return try Commands.append([.undo(plan.basis)], args, context, lead: lead)
    }

    static func seen(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let ids = try args.positionals.map { try Commands.objectID($0, context) }
        return try Commands.append(ids.map { .seen($0) }, args, context)
    }

    static func archive(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let x = try Commands.objectID(args.positionals[0], context)
        var note: String?
        if let text = args.values["--note"] {
            guard (try? ObjectName.validate(text)) != nil else {
                throw CLIError.usage(context.text(.invalidNote, ["value": Printable.quote(text)]))
            }
            note = text
        }
        return try Commands.append([.archive(x, note: note, withContents: args.flag("--with-contents"))], args, context)
    }

    static func restore(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let x = try Commands.objectID(args.positionals[0], context)
        guard let targetText = args.values["--to"] else { throw CLIError.usage(context.text(.restoreNeedsTo)) }
        let target: ObjectID? = ObjectID.isWorldToken(targetText) ? nil : try Commands.objectID(targetText, context)
        let relationText = args.values["--relation"] ?? "in"
        guard let relation = Relation(token: relationText) else {
            throw CLIError.usage(context.text.unknownRelation(relationText))
        }
        return try Commands.append([.restore(x, relation: relation, target: target)], args, context)
    }
}

import Foundation
import PlingsKit

/// The everyday verbs: return, undo, seen, stocktake, find, archive, restore.
enum VerbCommands {
    static let all: [String: CommandDefinition] = [
        "return": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], optionalPositionals: 1, valued: ["--in", "--cid", "--expect-seq"],
                flags: ["--all", "--json"]),
            help: VerbHelp.return, run: returnHome),
        "undo": CommandDefinition(
            spec: CommandSpec(
                positionals: ["SEQ"], optionalPositionals: 1, valued: ["--cid", "--expect-seq"], flags: ["--json"]),
            help: VerbHelp.undo, run: undo),
        "seen": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], variadic: true, valued: ["--cid", "--expect-seq"], flags: ["--json"]),
            help: VerbHelp.seen, run: seen),
        "stocktake": CommandDefinition(
            spec: CommandSpec(
                positionals: ["C"], optionalPositionals: 1, valued: ["--since", "--at"], flags: ["--json"]),
            help: VerbHelp.stocktake, run: stocktake),
        "find": CommandDefinition(
            spec: CommandSpec(positionals: ["TEXT"], valued: ["--limit", "--at"], flags: ["--json", "--archived"]),
            help: VerbHelp.find, run: find),
        "archive": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], valued: ["--note", "--cid", "--expect-seq"], flags: ["--with-contents", "--json"]),
            help: VerbHelp.archive, run: archive),
        "restore": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X"], valued: ["--to", "--relation", "--cid", "--expect-seq"], flags: ["--json"]),
            help: VerbHelp.restore, run: restore),
    ]

    // MARK: - Appending, with "unchanged" and the decider's notes

    /// Decides `commands` as one batch (all or nothing) and appends their
    /// events; says "unchanged" when nothing changed, and prints the notes.
    static func append(_ commands: [Command], _ args: Arguments, _ context: Context) throws -> Int32 {
        let sv = context.language == .sv
        let store = try context.openStore()
        let outcome = try store.executeBatch(
            commands, actor: context.actor, commandID: args.values["--cid"],
            expectedSeq: try Commands.expectedSeq(args), policy: .stop
        ).outcome
        if let q = outcome.quarantinedTo {
            context.terminal.err(
                sv
                    ? "plings: en avbruten sista rad flyttades till '\(q)' innan tillägget\n"
                    : "plings: a torn last line was moved to '\(q)' before appending\n")
        }
        let unchanged = outcome.events.isEmpty && outcome.duplicateOf == nil
        let notes = outcome.notes.map { $0.message(context.language) }
        if args.flag("--json") {
            struct Reply: Encodable {
                var appended: [Int64]
                var duplicateOf: Int64?
                var lastSeq: Int64
                var unchanged: Bool
                var notes: [String]
            }
            context.terminal.out(
                try Commands.json(
                    Reply(
                        appended: outcome.events.map(\.seq), duplicateOf: outcome.duplicateOf,
                        lastSeq: store.cursor.lastSeq, unchanged: unchanged, notes: notes)))
            return ExitStatus.ok
        }
        if let dup = outcome.duplicateOf {
            context.terminal.out(
                sv
                    ? "redan gjort (händelse #\(dup)); inget lades till\n"
                    : "already done (event #\(dup)); nothing appended\n")
        } else if unchanged {
            context.terminal.out(sv ? "oförändrat; inget lades till\n" : "unchanged; nothing appended\n")
        }
        for event in outcome.events {
            context.terminal.out("#\(event.seq) \(Describe.event(event, state: store.state, context.language))\n")
        }
        for note in notes { context.terminal.out("  \(note)\n") }
        return ExitStatus.ok
    }

    // MARK: - Writing verbs

    static func returnHome(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let all = args.flag("--all")
        if all && !args.positionals.isEmpty {
            throw CLIError.usage("give X or --all, not both; usage: plings return X | plings return --all [--in C]")
        }
        if !all && args.values["--in"] != nil { throw CLIError.usage("--in goes with --all") }
        if all {
            let inside = try args.values["--in"].map(Commands.objectID)
            return try append([.returnAll(inside: inside)], args, context)
        }
        guard let x = args.positionals.first else { throw CLIError.usage("missing X; usage: plings return X") }
        return try append([.returnHome(try Commands.objectID(x))], args, context)
    }

    static func undo(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        var seq: Int64?
        if let text = args.positionals.first {
            guard let value = Int64(text), value >= 1 else {
                throw CLIError.usage("SEQ is an event number (1 or more), not '\(Printable.quote(text))'")
            }
            seq = value
        }
        let basis = try UndoLookup.basis(seq: seq, actor: context.actor, path: context.logPath)
        return try append([.undo(basis)], args, context)
    }

    static func seen(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let ids = try args.positionals.map(Commands.objectID)
        return try append(ids.map { .seen($0) }, args, context)
    }

    static func archive(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let x = try Commands.objectID(args.positionals[0])
        var note: String?
        if let text = args.values["--note"] {
            do throws(DomainError) {
                try ObjectName.validate(text)
            } catch {
                if case .invalidName(_, let why) = error {
                    throw CLIError.usage(DomainError.invalidNote(text, why).message(context.language))
                }
                throw error
            }
            note = text
        }
        return try append([.archive(x, note: note, withContents: args.flag("--with-contents"))], args, context)
    }

    static func restore(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let x = try Commands.objectID(args.positionals[0])
        guard let targetText = args.values["--to"] else {
            throw CLIError.usage("restore needs --to Y (a thing's id, or 'world'); usage: plings restore X --to Y")
        }
        let target: ObjectID? = ObjectID.isWorldToken(targetText) ? nil : try Commands.objectID(targetText)
        let relationText = args.values["--relation"] ?? "in"
        guard let relation = Relation(token: relationText) else {
            throw CLIError.usage(DomainError.unknownRelation(relationText).message(context.language))
        }
        return try append([.restore(x, relation: relation, target: target)], args, context)
    }
}

import Foundation
import PlingsKit

/// One subcommand: what it accepts, its help and what it does.
struct CommandDefinition: Sendable {
    var spec: CommandSpec
    var help: String
    var run: @Sendable (inout Arguments, Context) throws -> Int32
}

enum Commands {
    static let all: [String: CommandDefinition] = [
        "create": CommandDefinition(
            spec: CommandSpec(positionals: ["ID", "NAME"], valued: ["--cid", "--expect-seq"], flags: ["--json"]),
            help: Help.create, run: create),
        "rename": CommandDefinition(
            spec: CommandSpec(positionals: ["ID", "NAME"], valued: ["--cid", "--expect-seq"], flags: ["--json"]),
            help: Help.rename, run: rename),
        "place": CommandDefinition(
            spec: CommandSpec(
                positionals: ["X", "RELATION", "Y"], valued: ["--axes", "--cid", "--expect-seq"], flags: ["--json"]),
            help: Help.place, run: place),
        "card": CommandDefinition(
            spec: CommandSpec(positionals: ["X"], valued: ["--at"], flags: ["--json"]), help: Help.card, run: card),
        "tree": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--axis", "--at"], flags: ["--json"]), help: Help.tree,
            run: tree),
        "history": CommandDefinition(
            spec: CommandSpec(positionals: ["X"], valued: ["--at"], flags: ["--json"]), help: Help.history,
            run: history),
        "log": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--from", "--to", "--object"], flags: ["--json"]),
            help: Help.log, run: log),
        "away": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--at"], flags: ["--json"]), help: Help.away, run: away),
        "diff": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--from", "--to"], flags: ["--json"]), help: Help.diff,
            run: diff),
        "rebuild": CommandDefinition(
            spec: CommandSpec(positionals: [], flags: ["--dry-run", "--quiet", "--json"]), help: Help.rebuild,
            run: rebuild),
        "fingerprint": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--at"], flags: ["--json", "--full"]), help: Help.fingerprint,
            run: fingerprint),
        "apply": CommandDefinition(
            spec: CommandSpec(
                positionals: ["FILE"], optionalPositionals: 1, valued: ["--on-error", "--batch"], flags: ["--json"]),
            help: Help.apply, run: apply),
        "verify": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--expect"], flags: ["--json"]), help: Help.verify,
            run: verify),
        "head": CommandDefinition(
            spec: CommandSpec(positionals: [], flags: ["--json"]), help: Help.head, run: head),
    ]

    // MARK: - Parsing helpers

    static func objectID(_ text: String) throws -> ObjectID {
        do { return try ObjectID.validated(text) } catch { throw CLIError.usage(error.message(.en)) }
    }

    static func name(_ text: String, _ context: Context) throws -> String {
        do {
            try ObjectName.validate(text)
            return text
        } catch {
            throw CLIError.usage(error.message(context.language))
        }
    }

    static func expectedSeq(_ args: Arguments) throws -> Int64? {
        guard let text = args.values["--expect-seq"] else { return nil }
        guard let seq = Int64(text), seq >= 0 else {
            throw CLIError.usage("--expect-seq takes a seq (0 or more), not '\(Printable.quote(text))'")
        }
        return seq
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: - Writing commands

    static func append(_ command: Command, _ args: Arguments, _ context: Context) throws -> Int32 {
        let store = try context.openStore()
        let outcome = try store.execute(
            command, actor: context.actor, commandID: args.values["--cid"], expectedSeq: try expectedSeq(args))
        if let q = outcome.quarantinedTo {
            context.terminal.err(
                context.language == .sv
                    ? "plings: en avbruten sista rad flyttades till '\(q)' innan tillägget\n"
                    : "plings: a torn last line was moved to '\(q)' before appending\n")
        }
        if args.flag("--json") {
            struct Reply: Encodable {
                var appended: [Int64]
                var duplicateOf: Int64?
                var lastSeq: Int64
            }
            context.terminal.out(
                try json(
                    Reply(
                        appended: outcome.events.map(\.seq), duplicateOf: outcome.duplicateOf,
                        lastSeq: store.cursor.lastSeq)))
        } else if let dup = outcome.duplicateOf {
            context.terminal.out(
                context.language == .sv
                    ? "redan gjort (händelse #\(dup)); inget lades till\n"
                    : "already done (event #\(dup)); nothing appended\n")
        } else {
            for event in outcome.events {
                context.terminal.out("#\(event.seq) \(Describe.event(event, state: store.state, context.language))\n")
            }
        }
        return ExitStatus.ok
    }

    static func create(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let id = try objectID(args.positionals[0])
        let name = try name(args.positionals[1], context)
        return try append(.create(id, name: name), args, context)
    }

    static func rename(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let id = try objectID(args.positionals[0])
        let name = try name(args.positionals[1], context)
        return try append(.rename(id, name: name), args, context)
    }

    static func place(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let x = try objectID(args.positionals[0])
        let relationText = args.positionals[1]
        guard let relation = Relation(token: relationText) else {
            throw CLIError.usage(DomainError.unknownRelation(relationText).message(context.language))
        }
        let targetText = args.positionals[2]
        let target: ObjectID? = ObjectID.isWorldToken(targetText) ? nil : try objectID(targetText)
        let axesText = args.values["--axes"] ?? "both"
        guard let axes = AxisSet(choice: axesText) else {
            throw CLIError.usage(DomainError.unknownAxis(axesText).message(context.language))
        }
        return try append(
            .place(Placement(object: x, relation: relation, target: target, axes: axes)), args, context)
    }

    // MARK: - Views

    static func card(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let id = try objectID(args.positionals[0])
        let state = try state(args, context)
        guard let x = state.registry.index(of: id) else { throw DomainError.unknownObject(id) }
        let card = Card(x, state: state)
        context.terminal.out(args.flag("--json") ? try json(card) : card.render(context.language))
        return ExitStatus.ok
    }

    static func tree(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let axisText = args.values["--axis"] ?? "current"
        guard let axis = Axis(token: axisText) else {
            throw CLIError.usage(DomainError.unknownAxis(axisText).message(context.language))
        }
        let tree = WorldTree(axis: axis, state: try state(args, context))
        context.terminal.out(args.flag("--json") ? try json(tree) : tree.render(context.language))
        return ExitStatus.ok
    }
}

import Foundation
import PlingsKit
import PlingsSync
import PlingsText

/// `create`, `rename` and `place`: decide, append, say what happened.
extension Commands {
    static func append(_ command: Command, _ args: Arguments, _ context: Context) throws -> Int32 {
        try append([command], args, context)
    }

    /// What an answer says first when events were appended ("undid #48: placed …"), worded against
    /// the state after them, and its JSON member.
    struct Lead {
        var sentence: (WorldState) -> String
        var member: String
        var seq: Int64
    }

    /// Decides `commands` as one batch (all or nothing), appends their events,
    /// and says what happened: `lead` first, the events, "unchanged" when nothing was
    /// appended, and the decider's notes.
    static func append(
        _ commands: [Command], _ args: Arguments, _ context: Context, lead: Lead? = nil
    ) throws -> Int32 {
        if Device.isDevice(logPath: context.logPath) { return try SyncCommands.enqueue(commands, args, context) }
        let text = context.text
        let commandID = try commandID(args, context)
        let expected = try expectedSeq(args, context)
        let isNew = !FileManager.default.fileExists(atPath: context.logPath)
        let store = try context.openStore()
        // A refused command on a log that does not exist yet must not leave an empty file behind:
        // the batch is performed on a scratch state first, as the store will perform it.
        if isNew {
            var scratch = store.state
            var effects = EffectLog(recording: false)
            for command in commands { try scratch.perform(command, at: scratch.lastAt, actor: nil, effects: &effects) }
        }
        let outcome: Store.Outcome
        do {
            outcome = try store.executeBatch(
                commands, actor: context.actor, commandID: commandID, expectedSeq: expected, policy: .stop
            ).outcome
        } catch {
            // The store holds the world at the head: its ids serve a hint for an id in the wrong case.
            throw IDHint.adding(to: error, registry: store.state.registry, context)
        }
        if isNew && !outcome.events.isEmpty {
            context.terminal.err("plings: \(text(.newLog, ["path": Printable.quote(context.logPath)]))\n")
        }
        if let q = outcome.quarantinedTo {
            context.terminal.err("plings: \(text(.quarantined, ["path": Printable.quote(q)]))\n")
        }
        if let clock = outcome.clockBehind, let stamped = outcome.events.first?.at {
            context.terminal.err("plings: \(text(.clockBehind, ["clock": clock.rfc3339, "at": stamped.rfc3339]))\n")
        }
        let notes =
            outcome.notes.map { text.message($0) }
            + IDHint.caseTwinNotes(outcome.events, in: store.state.registry, text)
        let unchanged = outcome.events.isEmpty && outcome.duplicateOf == nil
        if args.flag("--json") {
            let cursor = store.cursor
            writeJSON(context) {
                $0.object {
                    $0.field("appended", array: outcome.events) { w, e in w.int(e.seq) }
                    if let lead, !outcome.events.isEmpty { $0.field(lead.member, lead.seq) }
                    $0.field("duplicateOf", outcome.duplicateOf)
                    $0.field("unchanged", unchanged)
                    $0.field("notes", strings: notes)
                    $0.field("head", seq: cursor.lastSeq, hash: cursor.lastHash)
                }
            }
            return ExitStatus.ok
        }
        if let dup = outcome.duplicateOf {
            context.terminal.out(text(.alreadyDone, ["seq": String(dup)]) + "\n")
        } else if unchanged {
            let sentence =
                commands.count == 1 ? Describe.unchanged(commands[0], state: store.state, text) : text(.unchangedOther)
            context.terminal.out(sentence + "\n")
        }
        if let lead, !outcome.events.isEmpty { context.terminal.out(lead.sentence(store.state) + "\n") }
        for event in outcome.events {
            context.terminal.out("#\(event.seq) \(Describe.event(event, state: store.state, text))\n")
        }
        for note in notes { context.terminal.out("  \(note)\n") }
        for values in Describe.drops(outcome.effects, of: outcome.events, store.state, text) {
            context.terminal.out("  \(text(.droppedRelation, values))\n")
        }
        return ExitStatus.ok
    }

    static func create(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let id = try objectID(args.positionals[0], context)
        let name = try name(args.positionals[1], context)
        return try append(.create(id, name: name), args, context)
    }

    static func rename(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let id = try objectID(args.positionals[0], context)
        let name = try name(args.positionals[1], context)
        return try append(.rename(id, name: name), args, context)
    }

    static func place(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let x = try objectID(args.positionals[0], context)
        let relationText = args.positionals[1]
        guard let relation = Relation(token: relationText) else {
            throw CLIError.usage(context.text.unknownRelation(relationText))
        }
        let targetText = args.positionals[2]
        let target: ObjectID? = ObjectID.isWorldToken(targetText) ? nil : try objectID(targetText, context)
        let axesText = args.values["--axes"] ?? "both"
        guard let axes = AxisSet(choice: axesText) else { throw CLIError.usage(context.text.unknownAxes(axesText)) }
        return try append(
            .place(Placement(object: x, relation: relation, target: target, axes: axes)), args, context)
    }
}

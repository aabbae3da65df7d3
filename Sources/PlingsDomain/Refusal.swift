/// A command the hub refused, as its `refused` event records it: the
/// command's kind and members as it had them, the error's stable code, and
/// the sentence in English for readers of the raw log (a person is shown the
/// error found again, `error(against:)`, in their own language). A refusal
/// changes no state; it accounts for the command.
public struct Refusal: Sendable, Hashable {
    /// The refused command's kind token (`create`, `rename`, `place`, …).
    public var command: String
    /// The object the command was about.
    public var object: ObjectID
    /// The name it carried (`create`, `rename`), if any.
    public var name: String?
    /// The relation it carried (`place`), if any.
    public var relation: Relation?
    /// The target token it carried (`place`; `world` for the root), if any.
    public var target: String?
    /// The axes it carried (`place`), if any.
    public var axes: AxisSet?
    /// A stable, language-independent name for the reason (`cycle`, `unknown-object`, …).
    public var code: String
    /// Why, as the English catalog words it (for readers of the raw log).
    public var reason: String

    public init(
        command: String, object: ObjectID, name: String? = nil, relation: Relation? = nil, target: String? = nil,
        axes: AxisSet? = nil, code: String, reason: String
    ) {
        self.command = command
        self.object = object
        self.name = name
        self.relation = relation
        self.target = target
        self.axes = axes
        self.code = code
        self.reason = reason
    }
}

extension Refusal {
    /// The command kinds a `refused` line can name: those a device pushes (`recordedCommand`).
    package static let commandKinds: Set<String> = [
        "create", "rename", "place", "return", "seen", "archive", "restore", "lend",
    ]

    /// The refused command as far as the line records it (an archive's note
    /// and `--with-contents` are not recorded); nil for a kind this build
    /// does not know or members that do not make one.
    public var recordedCommand: Command? {
        switch command {
        case "create": return name.map { .create(object, name: $0) }
        case "rename": return name.map { .rename(object, name: $0) }
        case "place":
            guard let relation, let axes else { return nil }
            return .place(Placement(object: object, relation: relation, target: targetID, axes: axes))
        case "return": return .returnHome(object)
        case "seen": return .seen(object)
        case "archive": return .archive(object, note: nil, withContents: false)
        case "restore": return relation.map { .restore(object, relation: $0, target: targetID) }
        case "lend":
            // The borrower is the target (a thing) or the name; the due day and note are not recorded.
            guard let borrower = target ?? name else { return nil }
            return .lend(object, to: borrower, due: nil, note: nil)
        default: return nil
        }
    }

    /// The target as an id (nil for World).
    private var targetID: ObjectID? {
        guard let target, !ObjectID.isWorldToken(target) else { return nil }
        return ObjectID(unchecked: target)
    }

    /// The error with all its members, found again by deciding the recorded
    /// command against `state`, the state the hub decided it in (the log up
    /// to the line before the refusal): the decider is pure, so it meets the
    /// same error. Nil when it does not give the recorded code (a command
    /// whose members the line does not keep, or rules of another version):
    /// then only the code is known.
    public func error(against state: WorldState) -> DomainError? {
        guard let command = recordedCommand else { return nil }
        do {
            _ = try Decider.decision(command, state: state)
        } catch {
            if error.code == code { return error }
        }
        return nil
    }
}

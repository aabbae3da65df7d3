/// A command the hub refused, as its `refused` event records it: the
/// command's kind and members as it had them, a stable code and an English
/// sentence. A refusal changes no state; it accounts for the command.
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
    /// Why, as an English sentence.
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

import PlingsKit

/// A command as it travels in the pending queue and on the sync wire: the
/// verb and its members, with the same tokens as the log (`relation`,
/// `target`, `axes`).
public struct WireCommand: Sendable, Hashable, Codable {
    /// `create`, `rename` or `place`.
    public var kind: String
    public var object: String
    public var name: String?
    public var relation: String?
    public var target: String?
    public var axes: [String]?

    /// The wire form of `command`, or nil for a command sync does not carry
    /// yet (the everyday verbs: run those on the hub).
    public init?(_ command: Command) {
        switch command {
        case .create(let id, let name):
            self.init(kind: "create", object: id.rawValue, name: name)
        case .rename(let id, let name):
            self.init(kind: "rename", object: id.rawValue, name: name)
        case .place(let p):
            self.init(
                kind: "place", object: p.object.rawValue, relation: p.relation.token,
                target: p.target?.rawValue ?? ObjectID.worldToken, axes: p.axes.axes.map(\.token))
        default:
            return nil
        }
    }

    init(
        kind: String, object: String, name: String? = nil, relation: String? = nil, target: String? = nil,
        axes: [String]? = nil
    ) {
        self.kind = kind
        self.object = object
        self.name = name
        self.relation = relation
        self.target = target
        self.axes = axes
    }

    /// The command, checked member by member.
    /// - Throws: `SyncError.protocolViolation` when a member is missing or invalid.
    public func command() throws(SyncError) -> Command {
        // What the hub records of a command must fit a log line: ids by the log's rules, a bounded name.
        guard ObjectID.problem(with: object) == nil else { throw bad("object") }
        if let target, !ObjectID.isWorldToken(target), ObjectID.problem(with: target) != nil { throw bad("target") }
        if let name, name.utf8.count > 4096 { throw bad("name") }
        let id = ObjectID(unchecked: object)
        switch kind {
        case "create", "rename":
            guard let name, relation == nil, target == nil, axes == nil else { throw bad("members of \(kind)") }
            return kind == "create" ? .create(id, name: name) : .rename(id, name: name)
        case "place":
            guard name == nil, let token = relation, let rel = Relation(token: token), let target, let axes else {
                throw bad("members of place")
            }
            var set = AxisSet()
            for token in axes {
                guard let axis = Axis(token: token) else { throw bad("axis") }
                set.insert(AxisSet(axis))
            }
            let targetID = ObjectID.isWorldToken(target) ? nil : ObjectID(unchecked: target)
            return .place(Placement(object: id, relation: rel, target: targetID, axes: set))
        default:
            throw bad("kind")
        }
    }

    /// What a `refused` event records of this command.
    func refusal(code: String, reason: String) -> Refusal {
        var axisSet: AxisSet?
        if let axes {
            var set = AxisSet()
            for token in axes { if let axis = Axis(token: token) { set.insert(AxisSet(axis)) } }
            axisSet = set
        }
        return Refusal(
            command: kind, object: ObjectID(unchecked: object), name: name, relation: relation.flatMap(Relation.init),
            target: target, axes: axisSet, code: code, reason: reason)
    }

    private func bad(_ what: String) -> SyncError {
        .protocolViolation("a command has an invalid \(what) ('\(Printable.quote(kind))')")
    }
}

import PlingsKit

/// A command as it travels in the pending queue and on the sync wire: the
/// verb and its members, with the same tokens as the log (`relation`,
/// `target`, `axes`, `note`).
public struct WireCommand: Sendable, Hashable, Codable {
    /// `create`, `rename`, `place` (protocol 1), `return`, `seen`, `archive`
    /// or `restore` (protocol 2); a `place` or `restore` with a diagonal
    /// relation needs protocol 3; `lend` needs protocol 5 (in the compact form).
    public var kind: String
    /// The id of the object the command is about.
    public var object: String
    /// The name (`create`, `rename`).
    public var name: String?
    /// The relation's token (`place`, `restore`).
    public var relation: String?
    /// The target's id, or nil for World (`place`, `restore`).
    public var target: String?
    /// The axes (`place`): `current`, `normal` or both.
    public var axes: [String]?
    /// The note of an `archive`, if any.
    public var note: String?
    /// `archive --with-contents`: true, or absent.
    public var contents: Bool?
    /// The due day of a `lend` (`YYYY-MM-DD`), if any; its borrower is `target` (protocol 5).
    public var due: String?

    /// The command kinds protocol 1 carries; every other kind needs protocol 2.
    static let version1Kinds: Set<String> = ["create", "rename", "place"]

    /// The lowest protocol version that can carry this command: 5 for a
    /// lend (only in the compact form), 3 with a diagonal relation, 1 for the
    /// first kinds, else 2.
    var protocolVersion: Int {
        if kind == "lend" { return 5 }
        if let relation, Relation(token: relation)?.isDiagonal == true { return 3 }
        return Self.version1Kinds.contains(kind) ? 1 : 2
    }

    /// The wire form of `command`, or nil for a command sync does not carry
    /// (`return --all` and `undo`: run those on the hub).
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
        case .returnHome(let id):
            self.init(kind: "return", object: id.rawValue)
        case .seen(let id):
            self.init(kind: "seen", object: id.rawValue)
        case .archive(let id, let note, let withContents):
            self.init(kind: "archive", object: id.rawValue, note: note, contents: withContents ? true : nil)
        case .restore(let id, let relation, let target):
            self.init(
                kind: "restore", object: id.rawValue, relation: relation.token,
                target: target?.rawValue ?? ObjectID.worldToken)
        case .lend(let id, let to, let due, let note):
            self.init(kind: "lend", object: id.rawValue, target: to, note: note, due: due?.description)
        case .returnAll, .undo:
            return nil
        }
    }

    init(
        kind: String, object: String, name: String? = nil, relation: String? = nil, target: String? = nil,
        axes: [String]? = nil, note: String? = nil, contents: Bool? = nil, due: String? = nil
    ) {
        self.kind = kind
        self.object = object
        self.name = name
        self.relation = relation
        self.target = target
        self.axes = axes
        self.note = note
        self.contents = contents
        self.due = due
    }

    /// The command, checked member by member.
    /// - Throws: `SyncError.badCommand` naming the first member that is missing, not one the
    ///   kind takes, or invalid, and why.
    public func command() throws(SyncError) -> Command {
        // What the hub records of a command must fit a log line: ids by the log's rules, a bounded name.
        guard ObjectID.problem(with: object) == nil else { throw bad("object", .notAnID) }
        // A lend's target is its borrower: the id of a thing or a name, checked below.
        if kind != "lend", let target, !ObjectID.isWorldToken(target), ObjectID.problem(with: target) != nil {
            throw bad("target", .notAnID)
        }
        if let name, name.utf8.count > Self.maxMemberBytes { throw bad("name", .tooLong(limit: Self.maxMemberBytes)) }
        if let note, note.utf8.count > Self.maxMemberBytes { throw bad("note", .tooLong(limit: Self.maxMemberBytes)) }
        guard let (taken, needed) = Self.members(of: kind) else { throw bad("kind", .unknown) }
        // Every member present is one the kind takes, then every one it needs is there (in the
        // order of `memberNames`, so the first one wrong is named).
        let present = presentMembers
        if let extra = Self.firstMember(of: present & ~taken) { throw bad(extra, .notTaken) }
        if let missing = Self.firstMember(of: needed & ~present) { throw bad(missing, .missing) }
        if contents == false { throw bad("contents", .unknown) }
        let id = ObjectID(unchecked: object)
        switch kind {
        case "create": return .create(id, name: name ?? "")
        case "rename": return .rename(id, name: name ?? "")
        case "place": return try place(id)
        case "return": return .returnHome(id)
        case "seen": return .seen(id)
        case "archive": return .archive(id, note: note, withContents: contents == true)
        case "lend": return try lend(id)
        default:
            guard let rel = relation.flatMap(Relation.init(token:)) else { throw bad("relation", .unknown) }
            let target = target ?? ObjectID.worldToken
            return .restore(
                id, relation: rel, target: ObjectID.isWorldToken(target) ? nil : ObjectID(unchecked: target))
        }
    }

    /// The most bytes a name, a note or a lend's borrower may have on the wire.
    static let maxMemberBytes = 4096

    /// The members besides `kind` and `object`, in the order they are checked: bit `k` of a
    /// member set (`presentMembers`, `members(of:)`) is `memberNames[k]`.
    static let memberNames = ["name", "relation", "target", "axes", "note", "contents", "due"]

    /// The members this command has, as bits of `memberNames` (every command checked comes here:
    /// a set of bits, not a set of strings).
    var presentMembers: UInt8 {
        var bits: UInt8 = name != nil ? 1 : 0
        if relation != nil { bits |= 2 }
        if target != nil { bits |= 4 }
        if axes != nil { bits |= 8 }
        if note != nil { bits |= 16 }
        if contents != nil { bits |= 32 }
        if due != nil { bits |= 64 }
        return bits
    }

    /// The members `kind` takes besides `kind` and `object`, and the ones it needs, as bits of
    /// `memberNames`; nil for a kind sync does not carry.
    static func members(of kind: String) -> (taken: UInt8, needed: UInt8)? {
        let (name, relation, target, axes, note, contents, due): (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            1, 2, 4, 8, 16, 32, 64
        )
        switch kind {
        case "create", "rename": return (name, name)
        case "place": return (relation | target | axes, relation | target | axes)
        case "return", "seen": return (0, 0)
        case "archive": return (note | contents, 0)
        case "restore": return (relation | target, relation | target)
        case "lend": return (target | due | note, target)
        default: return nil
        }
    }

    /// The first member of `bits` in the order of `memberNames`, nil when none.
    private static func firstMember(of bits: UInt8) -> String? {
        bits == 0 ? nil : memberNames[bits.trailingZeroBitCount]
    }

    /// A `lend`: the borrower in `target` (an id or a name, not empty, at most `maxMemberBytes`),
    /// an optional due day and note.
    private func lend(_ id: ObjectID) throws(SyncError) -> Command {
        let borrower = target ?? ""
        if borrower.isEmpty { throw bad("target", .missing) }
        if borrower.utf8.count > Self.maxMemberBytes { throw bad("target", .tooLong(limit: Self.maxMemberBytes)) }
        var day: CalendarDay?
        if let due {
            guard let parsed = CalendarDay(parsing: due) else { throw bad("due", .unknown) }
            day = parsed
        }
        return .lend(id, to: borrower, due: day, note: note)
    }

    private func place(_ id: ObjectID) throws(SyncError) -> Command {
        guard let rel = relation.flatMap(Relation.init(token:)) else { throw bad("relation", .unknown) }
        var set = AxisSet()
        for token in axes ?? [] {
            guard let axis = Axis(token: token) else { throw bad("axes", .unknown) }
            set.insert(AxisSet(axis))
        }
        let target = target ?? ObjectID.worldToken
        let targetID = ObjectID.isWorldToken(target) ? nil : ObjectID(unchecked: target)
        return .place(Placement(object: id, relation: rel, target: targetID, axes: set))
    }

    /// The most bytes a refused command's name takes in its `refused` line, escaped: with the other
    /// members (ids, the reason, which quotes at most 120 characters) the line stays well within
    /// what every reader takes (16 KiB).
    static let maxRecordedNameBytes = 4096

    /// The name as a `refused` line records it: as the command had it, unless its escaped form is
    /// longer than `maxRecordedNameBytes` (a name of control characters takes six bytes each): then
    /// the line has no name, and the refusal is known by its code and reason.
    var recordedName: String? {
        guard let name else { return nil }
        var escaped: [UInt8] = []
        LineFormat.appendJSONString(name, to: &escaped)
        return escaped.count - 2 <= Self.maxRecordedNameBytes ? name : nil
    }

    /// What a `refused` event records of this command (an archive's note and
    /// `--with-contents` are not recorded: the log's `refused` line has no member for them).
    func refusal(code: String, reason: String) -> Refusal {
        var axisSet: AxisSet?
        if let axes {
            var set = AxisSet()
            for token in axes { if let axis = Axis(token: token) { set.insert(AxisSet(axis)) } }
            axisSet = set
        }
        // A lend's borrower is its target when it is an id, else its name (the line's target holds ids only).
        var (recordedTarget, recordedName) = (target, self.recordedName)
        if kind == "lend", let borrower = target, ObjectID.problem(with: borrower) != nil {
            recordedTarget = nil
            recordedName = WireCommand(kind: kind, object: object, name: borrower).recordedName
        }
        return Refusal(
            command: kind, object: ObjectID(unchecked: object), name: recordedName,
            relation: relation.flatMap { Relation(token: $0) },
            target: recordedTarget, axes: axisSet, code: code, reason: reason)
    }

    private func bad(_ member: String, _ problem: CommandMemberProblem) -> SyncError {
        .badCommand(kind: kind, member: member, problem: problem)
    }
}

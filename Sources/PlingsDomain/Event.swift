/// A placement intent: put `object` with `relation` against `target` on `axes`.
///
/// This is what a `placed` event and a `place` command carry. It names the
/// intent only; the inherited parent and the cascade are derived on replay.
public struct Placement: Sendable, Hashable {
    /// The object placed.
    public var object: ObjectID
    /// How it is placed relative to the target.
    public var relation: Relation
    /// The reference object, or nil for the root, World.
    public var target: ObjectID?
    /// The axes the placement applies to (current, normal or both).
    public var axes: AxisSet

    /// Places `object` `relation` `target` (nil: the world) on `axes`.
    public init(object: ObjectID, relation: Relation, target: ObjectID?, axes: AxisSet) {
        self.object = object
        self.relation = relation
        self.target = target
        self.axes = axes
    }
}

/// What happened, as a past-tense fact. The payload of one log line.
public enum EventPayload: Sendable, Hashable {
    /// An object was tagged and named; it starts at World on both axes.
    case created(ObjectID, name: String)
    /// An object got a new display name.
    case renamed(ObjectID, name: String)
    /// An object was placed relative to another one (or World).
    case placed(Placement)
    /// An object went back home: its current location became its normal one
    /// (the projector derives the parent edge and which positional relation
    /// survives).
    case returned(ObjectID)
    /// An object was seen where Plings says it is; nothing moves.
    case seen(ObjectID)
    /// An object left the world (thrown away, sold, lent out), with an
    /// optional note. Its card and history stay; its id is never reused.
    case archived(ObjectID, note: String?)
    /// An archived object came back, placed relative to another one on both axes.
    case restored(Placement)
    /// The hub refused a command a device made; nothing changes.
    case refused(Refusal)
    /// An object was lent: its current location leaves home for the
    /// borrower until it is returned (log version 4; ADR 0011).
    case lent(Loan)

    /// The event's type.
    public var type: EventType {
        switch self {
        case .created: return .created
        case .renamed: return .renamed
        case .placed: return .placed
        case .returned: return .returned
        case .seen: return .seen
        case .archived: return .archived
        case .restored: return .restored
        case .refused: return .refused
        case .lent: return .lent
        }
    }

    /// The `type` field of the line: the type's name.
    public var typeName: String { type.rawValue }

    /// The object the event is about.
    public var object: ObjectID {
        switch self {
        case .created(let id, _), .renamed(let id, _), .archived(let id, _): return id
        case .returned(let id), .seen(let id): return id
        case .placed(let placement), .restored(let placement): return placement.object
        case .refused(let refusal): return refusal.object
        case .lent(let loan): return loan.object
        }
    }

    /// The placement the event carries (`placed` and `restored`), if any.
    public var placement: Placement? {
        switch self {
        case .placed(let placement), .restored(let placement): return placement
        default: return nil
        }
    }

    /// The refusal a `refused` event carries, if it is one.
    public var refusal: Refusal? {
        if case .refused(let refusal) = self { return refusal }
        return nil
    }
}

/// Where a command was made when it came from a device through a hub: the
/// device's name, its own gapless sequence number, and its clock's time.
public struct Origin: Sendable, Hashable {
    /// The device's name (same rules as an actor).
    public var device: String
    /// The device's sequence number for the command: 1, 2, 3, … per device.
    public var deviceSeq: Int64
    /// When the command was made, by the device's clock.
    public var deviceAt: Timestamp

    /// The origin of a command made on `device` as its `deviceSeq`th command, at `deviceAt` on the device.
    public init(device: String, deviceSeq: Int64, deviceAt: Timestamp) {
        self.device = device
        self.deviceSeq = deviceSeq
        self.deviceAt = deviceAt
    }
}

/// The kinds of event, named as the log's `type` member names them (the one
/// place those names are spelled).
public enum EventType: String, Sendable, CaseIterable {
    case created, renamed, placed, returned, seen, archived, restored, refused, lent
}

/// One recorded event: the payload plus the envelope the log gives it.
public struct Event: Sendable, Hashable {
    /// Position in the log: 1, 2, 3, … without gaps.
    public var seq: Int64
    /// When it was recorded; never decreases along the log.
    public var at: Timestamp
    /// Who or what recorded it (a person, a device, a script), if known.
    public var actor: String?
    /// A client-chosen id that makes a retried command idempotent, if given.
    public var commandID: String?
    /// Where the command was made, when a hub accepted it from a device.
    public var origin: Origin?
    /// The seq of the event this one undoes, for events appended by `undo`.
    public var undoes: Int64?
    /// The writer's clock when it was behind the log's last time by more than a minute, so `at`
    /// is the log's last time instead (times never go back along the log): the reading kept
    /// beside the clamped time, so the record stays honest (log version 4, member `clock`).
    public var clock: Timestamp?
    /// What happened.
    public var payload: EventPayload

    /// An event with its envelope: its seq, time, actor and optional command id, device origin,
    /// undone seq and the clock's own reading when `at` was clamped.
    public init(
        seq: Int64, at: Timestamp, actor: String? = nil, commandID: String? = nil, origin: Origin? = nil,
        undoes: Int64? = nil, clock: Timestamp? = nil, payload: EventPayload
    ) {
        self.seq = seq
        self.at = at
        self.actor = actor
        self.commandID = commandID
        self.origin = origin
        self.undoes = undoes
        self.clock = clock
        self.payload = payload
    }
}

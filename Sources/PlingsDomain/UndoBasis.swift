/// What `plings undo SEQ` needs to know about event SEQ: which object it was
/// about, what it changed for that object (the location on each axis it
/// changed, or the name) as it was just before, and the edges other objects
/// lost by its cascade. Built by `make(undoing:before:)` from the event and
/// the state just before it (a replay of the log's prefix), so the decider
/// stays pure and never reads the log.
public struct UndoBasis: Sendable, Hashable {
    /// The seq of the (first) event undone; the compensating events carry it as `undoes`.
    public var seq: Int64
    /// The object the event was about.
    public var object: ObjectID
    /// What the event changed, as it was before.
    public var change: Change
    /// The edges other objects lost by the event's cascade (`edgeNotRestored` notes).
    public var lostEdges: [DecisionNote]

    /// What an event changed for its own object, as it was before the event.
    public enum Change: Sendable, Hashable {
        /// The location on each axis the event changed.
        case placement([AxisLocation])
        /// The name.
        case name(String)
    }

    package init(seq: Int64, object: ObjectID, change: Change, lostEdges: [DecisionNote] = []) {
        self.seq = seq
        self.object = object
        self.change = change
        self.lostEdges = lostEdges
    }

    /// The basis for undoing `events` — one event, or the events of one undo
    /// batch (the per-axis placements that compensate one event), all about
    /// one object — given `before`, the state just before the first of them.
    public static func make(undoing events: [Event], before: WorldState) -> Result<UndoBasis, DomainError> {
        guard let first = events.first else { return .failure(.cannotUndo(seq: 0, .unknownEvent)) }
        let seq = first.seq
        let id = first.payload.object
        guard events.allSatisfy({ $0.payload.object == id }) else {
            return .failure(.cannotUndo(seq: seq, .mixedBatch))
        }
        switch first.payload {
        case .created: return .failure(.cannotUndo(seq: seq, .creation))
        case .seen: return .failure(.cannotUndo(seq: seq, .observation))
        case .archived: return .failure(.cannotUndo(seq: seq, .archive))
        case .restored: return .failure(.cannotUndo(seq: seq, .restore))
        case .refused: return .failure(.cannotUndo(seq: seq, .noChange))
        case .lent: return .failure(.cannotUndo(seq: seq, .loan))
        case .renamed, .placed, .returned: break
        }
        guard let x = before.registry.index(of: id) else { return .failure(.cannotUndo(seq: seq, .noChange)) }
        var after = before
        var effects: [Effect] = []
        for event in events { after.apply(event, effects: &effects) }
        if case .renamed = first.payload {
            let old = before.registry.name(x)
            guard after.registry.name(x) != old else { return .failure(.cannotUndo(seq: seq, .noChange)) }
            return .success(UndoBasis(seq: seq, object: id, change: .name(old)))
        }
        var locations: [AxisLocation] = []
        for axis in Axis.allCases {
            let was = before.projection(axis)
            let now = after.projection(axis)
            guard was.parents.edge(x) != now.parents.edge(x) || was.positional.outbound(x) != now.positional.outbound(x)
            else { continue }
            locations.append(AxisLocation(axis, x, in: before))
        }
        guard !locations.isEmpty else { return .failure(.cannotUndo(seq: seq, .noChange)) }
        var lost: [DecisionNote] = []
        for case .positionalRemoved(let source, let axis, let edge, because: .referenceMoved(x)) in effects
        where source != x {
            lost.append(.edgeNotRestored(before.registry.id(source), axis, edge.relation, reference: id))
        }
        return .success(UndoBasis(seq: seq, object: id, change: .placement(locations), lostEdges: lost))
    }
}

/// An object's location on one axis, by ids: its parent edge and its
/// positional relation, if any.
public struct AxisLocation: Sendable, Hashable {
    /// The axis this location is on.
    public var axis: Axis
    /// The parent edge's relation (`in`, `on`, `attachedTo`).
    public var parentRelation: Relation
    /// The parent, or nil for World.
    public var parent: ObjectID?
    /// The positional relation, if any, and its reference.
    public var positional: Relation?
    /// The object of the positional relation, if any.
    public var reference: ObjectID?

    package init(
        axis: Axis, parentRelation: Relation, parent: ObjectID?, positional: Relation? = nil, reference: ObjectID? = nil
    ) {
        self.axis = axis
        self.parentRelation = parentRelation
        self.parent = parent
        self.positional = positional
        self.reference = reference
    }

    /// `x`'s location on `axis` in `state`.
    public init(_ axis: Axis, _ x: ObjectIndex, in state: WorldState) {
        let projection = state.projection(axis)
        let edge = projection.parents.edge(x)
        let positional = projection.positional.outbound(x)
        self.init(
            axis: axis, parentRelation: edge.relation, parent: edge.isWorld ? nil : state.registry.id(edge.parent),
            positional: positional?.relation, reference: positional.map { state.registry.id($0.target) })
    }
}

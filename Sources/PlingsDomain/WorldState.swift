/// Every projection together: what the decider validates against and what
/// views read. Folding the log's events through `apply` in order is the only
/// way state comes about; a fresh process replaying the log gets exactly
/// this value.
public struct WorldState: Sendable, Equatable {
    /// Every object that was ever created: ids, names and their indices.
    @usableFromInline package var registry = ObjectRegistry()
    /// Where each object is now.
    @usableFromInline package var current = AxisProjection(axis: .current)
    /// Where each object belongs (its home).
    @usableFromInline package var normal = AxisProjection(axis: .normal)
    /// The seq of the last event applied (0 before any).
    public private(set) var lastSeq: Int64 = 0
    /// The time of the last event applied.
    public private(set) var lastAt = Timestamp(milliseconds: 0)
    /// Events that were invalid against the state when replayed (possible
    /// after a merge or a hand edit), skipped in a deterministic way.
    public private(set) var skipped: [SkippedEvent] = []
    /// Client command ids seen so far, with the seq of the event that carried
    /// each: a retried command with a known id is not appended again.
    public private(set) var commandIDs: [String: Int64] = [:]
    /// Projector: for each object, the seq of the event since which it has
    /// been away from home without a break, or 0 when it is at home (kept
    /// in `status`, beside the clock a placement also writes; `away(_:)`
    /// reads one object's without making the column).
    public var awaySince: [Int64] { status.awaySince }
    /// The time of that event, in milliseconds (0 when at home).
    public var awaySinceAt: [Int64] { status.awaySinceAt }
    /// Projector: last seen, last handled, away since, archived (see `ObjectStatus`).
    public internal(set) var status = ObjectStatus()
    /// Projector: the hub's verdict for each command a device pushed.
    public private(set) var devices = DeviceVerdicts()

    /// The empty world, before the first event.
    public init() {}

    /// Records that the event `seq` carried the command id `cid`.
    package mutating func recordCommandID(_ cid: String, seq: Int64) {
        if commandIDs[cid] == nil { commandIDs[cid] = seq }
    }

    /// The projection of `axis`.
    @inlinable
    package func projection(_ axis: Axis) -> AxisProjection {
        axis == .current ? current : normal
    }

    /// Applies one event and reports its effects. An event the decider would
    /// refuse against this state is skipped, recorded in `skipped`, and has no
    /// effect.
    /// - Returns: the error that made it skip, or nil when it applied.
    @discardableResult
    package mutating func apply(_ event: Event, effects: inout EffectLog) -> DomainError? {
        recordEnvelope(event)
        switch Decider.resolve(event.payload, in: self) {
        case .failure(let error):
            skipped.append(SkippedEvent(seq: event.seq, error: error))
            return error
        case .success(let resolved):
            apply(resolved, effects: &effects)
            return nil
        }
    }

    /// Records what every event carries besides its change, whether it applies
    /// or is skipped: its seq and time, its command id, and the device it came from.
    @inline(__always)
    private mutating func recordEnvelope(_ event: Event) {
        lastSeq = event.seq
        if event.at > lastAt { lastAt = event.at }
        if let cid = event.commandID { recordCommandID(cid, seq: event.seq) }
        if let origin = event.origin {
            devices.record(origin, seq: event.seq, payload: event.payload, actor: event.actor)
        }
    }

    /// Applies an event that the decider has just resolved against this very
    /// state (the append path), without resolving it again.
    package mutating func apply(_ event: Event, resolved: ResolvedEvent, effects: inout EffectLog) {
        recordEnvelope(event)
        apply(resolved, effects: &effects)
    }

    /// Applies one event, returning its effects in `effects`.
    @discardableResult
    public mutating func apply(_ event: Event, effects: inout [Effect]) -> DomainError? {
        var log = EffectLog(recording: true)
        let error = apply(event, effects: &log)
        effects.append(contentsOf: log.items)
        return error
    }

    /// Applies one event without recording effects.
    @discardableResult
    public mutating func apply(_ event: Event) -> DomainError? {
        var effects = EffectLog(recording: false)
        return apply(event, effects: &effects)
    }

    /// Applies an event whose ids are resolved and validated.
    package mutating func apply(_ resolved: ResolvedEvent, effects: inout EffectLog) {
        switch resolved {
        case .created(let id, let name):
            registry.create(id, name: name, effects: &effects)
            appendObjectToProjections(seq: lastSeq, at: lastAt)
        case .renamed(let x, let name):
            registry.rename(x, to: name, effects: &effects)
        case .placed(let x, let relation, let target, let axes):
            applyPlacement(x, relation, target, axes, seq: lastSeq, at: lastAt, effects: &effects)
        case .returned(let x):
            applyReturn(x, effects: &effects)
        case .seen(let x):
            status.see(x, seq: lastSeq, at: lastAt)
            effects.add(.seen(x))
        case .archived(let x, let note):
            applyArchive(x, note: note, effects: &effects)
        case .restored(let x, let relation, let target):
            applyRestore(x, relation, target, effects: &effects)
        case .refused:
            break
        case .lent(let x, let holder, let due, let note):
            applyLend(x, holder, due: due, note: note, effects: &effects)
        }
    }

    /// Applies a validated placement.
    @usableFromInline
    package mutating func applyPlacement(
        _ x: ObjectIndex, _ relation: Relation, _ target: ObjectIndex, _ axes: AxisSet, seq: Int64, at: Timestamp,
        effects: inout EffectLog
    ) {
        if axes.contains(.current) {
            status.endLoan(x)
            for (source, _) in current.place(x, relation, against: target, effects: &effects) {
                updateAway(source, seq: seq, at: at)
            }
        }
        if axes.contains(.normal) {
            for (source, _) in normal.place(x, relation, against: target, effects: &effects) {
                updateAway(source, seq: seq, at: at)
            }
        }
        updateAway(x, seq: seq, at: at)
        status.check(x, seq: seq, at: at)
    }

    mutating func updateAway(_ x: ObjectIndex, seq: Int64, at: Timestamp) {
        status.updateAway(x, away: isAway(x), seq: seq, at: at)
    }

    /// The seq and time (milliseconds) of the event since which `x` has been away from home; zeros at home.
    package func away(_ x: ObjectIndex) -> (seq: Int64, at: Int64) { status.away(x) }

    /// Adds a validated new object from the UTF-8 bytes of its id and name (the fast replay path).
    @inlinable
    package mutating func applyCreate(
        idBytes: some Collection<UInt8>, nameBytes: some Collection<UInt8>, seq: Int64, at: Timestamp,
        effects: inout EffectLog
    ) {
        registry.create(idBytes: idBytes, nameBytes: nameBytes, effects: &effects)
        appendObjectToProjections(seq: seq, at: at)
    }

    /// A new object (just added to the registry) starts at World, with no
    /// edges, at home and not archived, in every other projection; handled at `seq`.
    @usableFromInline
    mutating func appendObjectToProjections(seq: Int64, at: Timestamp) {
        current.appendObject()
        normal.appendObject()
        status.appendObject(seq: seq, at: at)
    }

    /// Records the envelope of an event applied through `apply(_:effects:)` with
    /// a resolved payload (the fast replay path).
    @usableFromInline
    package mutating func advance(seq: Int64, at: Timestamp) {
        lastSeq = seq
        if at > lastAt { lastAt = at }
    }

    /// Records an event skipped by a replay path that resolves on its own.
    @usableFromInline
    package mutating func recordSkip(seq: Int64, at: Timestamp, error: DomainError) {
        advance(seq: seq, at: at)
        skipped.append(SkippedEvent(seq: seq, error: error))
    }

    /// Rebuilds a state from its parts (a snapshot); nil when they do not fit together.
    package init?(
        registry: ObjectRegistry, current: AxisProjection, normal: AxisProjection, lastSeq: Int64, lastAt: Timestamp,
        skipped: [SkippedEvent], commandIDs: [String: Int64] = [:], awaySince: [Int64], awaySinceAt: [Int64],
        status: ObjectStatus,
        devices: DeviceVerdicts = DeviceVerdicts()
    ) {
        let n = registry.count
        guard current.parents.count == n, normal.parents.count == n, current.positional.count == n,
            status.count == n, normal.positional.count == n, current.axis == .current, normal.axis == .normal
        else { return nil }
        var status = status
        guard status.setAway(seq: awaySince, at: awaySinceAt) else { return nil }
        self.registry = registry
        self.current = current
        self.normal = normal
        self.lastSeq = lastSeq
        self.lastAt = lastAt
        self.skipped = skipped
        self.commandIDs = commandIDs
        self.status = status
        self.devices = devices
    }

    /// Bytes held by each projection's arrays (by capacity), for the benchmark's memory report.
    package var footprint: [(String, Int)] {
        func bytes<T>(_ a: [T]) -> Int { a.capacity * MemoryLayout<T>.stride }
        let r = registry.raw
        let idBytes = bytes(r.idBytes) + bytes(r.idStart) + bytes(r.idLength)
        let nameBytes = bytes(r.nameBytes) + bytes(r.nameStart) + bytes(r.nameLength)
        var result = [("registry ids", idBytes), ("registry names", nameBytes), ("registry table", bytes(r.table))]
        for projection in [current, normal] {
            let e = projection.positional
            result.append(("\(projection.axis.token) parents", bytes(projection.parents.nodes)))
            result.append(("\(projection.axis.token) positional", bytes(e.slots)))
        }
        let st = status
        result.append(("status and away since", st.seenBytes + st.clockBytes + st.count))
        result.append(("skipped", skipped.count * 64))
        return result
    }

    // MARK: - Fast replay entry points
    //
    // The log's fast reader hands over the UTF-8 bytes of ids and names, as
    // any collection of bytes (it passes views into its lines); these
    // resolve the ids, run the decider's checks and apply. They are
    // inlinable, so the reader's own collection type is specialised in and
    // the compiler sees the whole path. They give the same state as
    // `apply(_:)` does for the same event, and report the same effects to
    // `effects` (recorded only when it records: the rebuild's object
    // timeline). How the bytes are found and read fast (pointers, words,
    // keys made while scanning, cache hints) is the log layer's business.

    /// Replays a `created` event from the bytes of its id and name.
    @inlinable
    package mutating func replayCreated(
        id: some Collection<UInt8>, name: some Collection<UInt8>, seq: Int64, at: Timestamp, effects: inout EffectLog
    ) {
        if let error = Decider.checkCreate(idBytes: id, nameBytes: name, in: self) {
            recordSkip(seq: seq, at: at, error: error)
            return
        }
        applyCreate(idBytes: id, nameBytes: name, seq: seq, at: at, effects: &effects)
        advance(seq: seq, at: at)
    }

    /// Replays a `renamed` event from the bytes of its id and name.
    @inlinable
    package mutating func replayRenamed(
        id: some Collection<UInt8>, name: some Collection<UInt8>, seq: Int64, at: Timestamp, effects: inout EffectLog
    ) {
        guard let x = registry.index(bytes: id) else {
            recordSkip(
                seq: seq, at: at, error: .unknownObject(ObjectID(unchecked: String(decoding: id, as: UTF8.self))))
            return
        }
        if status.isArchived(x) {
            recordSkip(seq: seq, at: at, error: .archived(registry.id(x)))
            return
        }
        guard ObjectName.isValid(name) else {
            let text = String(decoding: name, as: UTF8.self)
            do { try ObjectName.validate(text) } catch { recordSkip(seq: seq, at: at, error: error) }
            return
        }
        registry.rename(x, toBytes: name, effects: &effects)
        advance(seq: seq, at: at)
    }

    /// Replays a `placed` event from the bytes of its ids; `target` nil is World.
    /// - Parameter found: indices the registry gave for the ids earlier in
    ///   the same run (it only grows, so they still hold), nil where unknown:
    ///   those ids are looked up here, by their keys.
    /// - Parameter keys: the ids' keys (`ObjectRegistry.key`; 0 for an id
    ///   longer than 8 bytes, whose key is made here): a short id's bytes
    ///   are then not read.
    /// - Returns: false, with nothing changed, when an id is not one the
    ///   registry knows and not even a valid id: the general reader then
    ///   reports the line as damaged.
    @inlinable
    package mutating func replayPlaced<ID: Collection<UInt8>>(
        object: ID, relation: Relation, target: ID?, axes: AxisSet, seq: Int64, at: Timestamp,
        found: (object: ObjectIndex?, target: ObjectIndex?) = (nil, nil), keys: (object: UInt64, target: UInt64),
        effects: inout EffectLog
    ) -> Bool {
        guard let x = found.object ?? registry.index(key: keys.object, bytes: object) else {
            guard ObjectID.isValid(object) else { return false }
            if let target, !ObjectID.isValid(target) { return false }
            recordSkip(
                seq: seq, at: at, error: .unknownObject(ObjectID(unchecked: String(decoding: object, as: UTF8.self))))
            return true
        }
        var y = ObjectIndex.world
        if let target {
            guard let known = found.target ?? registry.index(key: keys.target, bytes: target) else {
                guard ObjectID.isValid(target) else { return false }
                recordSkip(
                    seq: seq, at: at,
                    error: .unknownObject(ObjectID(unchecked: String(decoding: target, as: UTF8.self))))
                return true
            }
            y = known
        }
        if let error = Decider.checkPlacement(x, relation, y, axes, in: self) {
            recordSkip(seq: seq, at: at, error: error)
            return true
        }
        advance(seq: seq, at: at)
        applyPlacement(x, relation, y, axes, seq: seq, at: at, effects: &effects)
        return true
    }

    /// Reserves room for `count` more objects.
    package mutating func reserve(objects count: Int) {
        registry.reserve(count)
        status.reserve(count)
        current.reserve(count)
        normal.reserve(count)
    }

    /// Whether `x` is away from home: not where it belongs (see the static
    /// `isAway(current:normal:currentOutbound:normalOutbound:)`, the one rule).
    /// Always inlined: a placement asks it for every object it changes, and
    /// a call would copy the whole state.
    @inline(__always)
    public func isAway(_ x: ObjectIndex) -> Bool {
        status.isLent(x)
            || Self.isAway(
                current: current.parents.edge(x), normal: normal.parents.edge(x),
                currentOutbound: current.positional.outbound(x), normalOutbound: normal.positional.outbound(x))
    }

    /// The away rule, "not where it belongs", on an object's edges; every
    /// reader (the state, the views, the snapshot and timeline readers, the
    /// web pages and `return --all`) asks this one function:
    /// - the parent edges differ (another container, or another holding
    ///   relation): away;
    /// - they agree, and the current positional relation is another than the
    ///   home one: away (someone put it elsewhere in its home container);
    /// - they agree and only the current positional relation is missing (a
    ///   cascade dropped it when its reference moved, or it was put in its
    ///   container without one): in place, position unknown — not away.
    ///
    /// The outbound positional edges are read only when the parent edges agree.
    @inline(__always)
    package static func isAway(
        current: ParentEdge, normal: ParentEdge, currentOutbound: @autoclosure () -> PositionalEdge?,
        normalOutbound: @autoclosure () -> PositionalEdge?
    ) -> Bool {
        if current != normal { return true }
        guard let now = currentOutbound() else { return false }
        return now != normalOutbound()
    }
}

/// An event that replay skipped because it was invalid against the state.
public struct SkippedEvent: Sendable, Hashable {
    /// The skipped event's seq.
    public var seq: Int64
    /// Why the event could not be applied.
    public var error: DomainError

    package init(seq: Int64, error: DomainError) {
        self.seq = seq
        self.error = error
    }
}

/// An event payload with ids resolved to dense indices, validated against a state.
package enum ResolvedEvent: Sendable, Hashable {
    case created(ObjectID, name: String)
    case renamed(ObjectIndex, name: String)
    case placed(ObjectIndex, Relation, target: ObjectIndex, axes: AxisSet)
    case returned(ObjectIndex)
    case seen(ObjectIndex)
    case archived(ObjectIndex, note: String?)
    case restored(ObjectIndex, Relation, target: ObjectIndex)
    /// A `lent` event: the thing, who has it, the due day and the note.
    case lent(ObjectIndex, LoanRecord.Holder, due: CalendarDay?, note: String?)
    /// A `refused` event: it accounts for a device's command and changes nothing.
    case refused
}

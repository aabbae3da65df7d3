import PlingsDomain

/// One event as a replay folded it, for an observer of its changes (the
/// rebuild's object timeline): what the line said of it, where the line
/// lies, and what the registry made of its ids, beside the effects and the
/// state the event left.
package struct FoldedEvent {
    /// The event's seq and time.
    package var seq: Int64
    package var at: Timestamp
    /// Its type.
    package var type: EventType
    /// Where its line starts in the log, and the line's length with its newline.
    package var offset: Int64
    package var length: Int
    /// The object the event is about, as the registry knows it after the event; nil when it knows no such id.
    package var object: ObjectIndex?
    /// For a `placed` event with a target other than World: the target, as the registry knows it (nil when unknown).
    package var target: ObjectIndex?
    /// Whether the event is a `placed` event with a target other than World.
    package var hasTarget: Bool
    /// Whether the replay skipped the event as invalid against the state.
    package var skipped: Bool
    /// The ids as the line spells them, for an object (or target) the registry does not know; nil otherwise.
    package var unknownObject: String?
    package var unknownTarget: String?
    /// The line, without its newline: valid only during the call that hands the event over.
    package var line: UnsafeBufferPointer<UInt8>
    /// The event, when the replay decoded it (the general route).
    package var decoded: Event?

    /// The event itself: decoded again from `line` when the replay folded it from its bytes.
    /// Call it only during the call that hands the event over; nil only when the line does not decode (it did, to be folded).
    package func event() -> Event? {
        if let decoded { return decoded }
        return try? LineDecoder.decode(line).get().event
    }

    package init(
        seq: Int64, at: Timestamp, type: EventType, offset: Int64, length: Int, object: ObjectIndex?,
        target: ObjectIndex?, hasTarget: Bool, skipped: Bool, unknownObject: String? = nil,
        unknownTarget: String? = nil, line: UnsafeBufferPointer<UInt8>, decoded: Event? = nil
    ) {
        self.line = line
        self.decoded = decoded
        self.seq = seq
        self.at = at
        self.type = type
        self.offset = offset
        self.length = length
        self.object = object
        self.target = target
        self.hasTarget = hasTarget
        self.skipped = skipped
        self.unknownObject = unknownObject
        self.unknownTarget = unknownTarget
    }

    /// The folded form of a decoded `event` whose `line` lies at `offset`, given the state after it.
    package init(_ event: Event, _ line: UnsafeBufferPointer<UInt8>, offset: Int64, state: WorldState) {
        let object = event.payload.object
        var target: ObjectID?
        if case .placed(let p) = event.payload { target = p.target }
        let x = state.registry.index(of: object)
        let y = target.flatMap { state.registry.index(of: $0) }
        self.init(
            seq: event.seq, at: event.at, type: event.payload.type, offset: offset, length: line.count + 1, object: x,
            target: y, hasTarget: target != nil, skipped: state.skipped.last?.seq == event.seq,
            unknownObject: x == nil ? object.rawValue : nil,
            unknownTarget: target != nil && y == nil ? target?.rawValue : nil, line: line, decoded: event)
    }

    /// The folded form of a line folded from its bytes (`fields` scanned from `line` at `offset`), given the state after it.
    @inline(__always)
    package init(
        _ fields: UnsafePointer<LineFields>, _ line: UnsafeBufferPointer<UInt8>, offset: Int64, state: WorldState
    ) {
        let f = fields.pointee
        let objectBytes = UnsafeBufferPointer(rebasing: line[f.object.range])
        let x = state.registry.index(key: f.objectKey, bytes: objectBytes)
        var y: ObjectIndex?
        var unknownTarget: String?
        let targetSpan = f.type == .placed ? f.target : nil
        if let span = targetSpan {
            let bytes = UnsafeBufferPointer(rebasing: line[span.range])
            y = state.registry.index(key: f.targetKey, bytes: bytes)
            if y == nil { unknownTarget = String(decoding: bytes, as: UTF8.self) }
        }
        self.init(
            seq: f.seq, at: f.at, type: f.type, offset: offset, length: line.count + 1, object: x, target: y,
            hasTarget: targetSpan != nil, skipped: state.skipped.last?.seq == f.seq,
            unknownObject: x == nil ? String(decoding: objectBytes, as: UTF8.self) : nil, unknownTarget: unknownTarget,
            line: line)
    }
}

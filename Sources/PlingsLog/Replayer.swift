import PlingsDomain

/// Where a replay stops: after a seq, or after the last event at or before a time.
public enum ReplayLimit: Sendable, Hashable {
    /// Up to and including the event with this seq.
    case seq(Int64)
    /// Up to and including the last event at or before this time.
    case time(Timestamp)

    /// Whether an event with `seq` and `at` is within the limit.
    @inlinable
    package func allows(seq: Int64, at: Timestamp) -> Bool {
        switch self {
        case .seq(let s): return seq <= s
        case .time(let t): return at <= t
        }
    }
}

/// Folds log lines into a `WorldState`.
///
/// Every line goes through `ChainChecker` (the strict scan with its own hash,
/// then the chain rules), the same as `verify`. The fold then takes one of two
/// routes that must end in the same state (tests compare them): version-1
/// lines go straight from the scanned bytes into the projections (ids resolved
/// through the registry's hash table, names copied as bytes, the decider's own
/// checks), and every other line is turned into an `Event` and applied.
package struct Replayer {
    package var state: WorldState
    package let path: String
    private var checker: ChainChecker
    /// Where reading has come to.
    package var cursor: LogCursor {
        get { checker.cursor }
        set { checker = ChainChecker(path: path, cursor: newValue) }
    }
    /// Fold version-1 lines from their bytes (on by default; off applies every line as an `Event`).
    package var fastPath = true
    /// Whether long reads check hashes on a second thread (see `ReadAhead`).
    package var readAhead = ReadAhead.automatic
    /// The lines of the last `run` that keep the writer's clock beside a clamped time (see `ChainChecker`).
    package var clockKept: Int { checker.clockKept }
    /// Lines folded as an `Event` (for the benchmark and tests).
    package private(set) var generalLines = 0
    /// What the look-ahead found for coming placements (see `peek`).
    var resolvedAhead = ResolvedAhead()

    package init(path: String, state: WorldState = WorldState(), cursor: LogCursor = LogCursor()) {
        self.path = path
        self.state = state
        checker = ChainChecker(path: path, cursor: cursor)
    }

    /// Moves the cursor past lines the caller appended and applied itself.
    package mutating func moved(to cursor: LogCursor) {
        self.cursor = cursor
    }

    /// Reads every line of `file` from the cursor on, stopping before the
    /// first event past `limit`. `observe` (when given) sees each decoded
    /// event with its effects (every line then goes the `Event` route);
    /// `changes` (when given) sees each event as folded (`FoldedEvent`) with
    /// its effects and the state after it, on either route. `every` is called after each `interval` lines
    /// with the replayer itself (for snapshots and progress).
    /// - Returns: the torn tail — bytes after the last whole line, or a batch
    ///   not on disk whole — if the limit was not reached before it.
    @discardableResult
    package mutating func run(
        _ file: LogFile, limit: ReplayLimit? = nil,
        observe: ((Event, [Effect], WorldState) -> Void)? = nil,
        changes: ((FoldedEvent, [Effect], WorldState) -> Void)? = nil,
        interval: Int = 0, every: ((inout Replayer) -> Void)? = nil
    ) throws(LogError) -> TornTail? {
        let size = try file.size()
        if size < cursor.offset { throw .shrunk(path: path, size: size, read: cursor.offset) }
        // Start from what was folded: lines of a batch that was not whole last time are read again.
        checker = ChainChecker(path: path, cursor: checker.cursor)
        var stopped = false
        var effects = EffectLog(recording: observe != nil || changes != nil)
        resolvedAhead.clear()
        let peeking = observe == nil && fastPath ? Self.lookahead : .none
        let batchComplete = { (start: Int64, n: Int) throws(LogError) -> Bool in
            try file.hasLines(from: start, count: n)
        }
        try file.scanLines(
            from: cursor.offset, ahead: readAhead, lookahead: peeking,
            peek: { (stage, line, offset, fields) in peek(stage, line, offset, fields) }
        ) { (line, offset, scanned) throws(LogError) in
            let before = limit == nil ? nil : checker.position
            let going: Bool
            if case .passed(let fields) = scanned {
                // Read ahead and scanned: the members are read where the reading thread left them.
                guard try checker.admit(line, at: offset, passed: fields, batchComplete: batchComplete)
                else { return true }  // a line of a batch not on disk whole: checked, never folded
                going = fold(
                    fields, line, at: offset, limit: limit, observe: observe, changes: changes, effects: &effects)
            } else {
                guard let f = try checker.admit(line, at: offset, scanned: scanned, batchComplete: batchComplete)
                else { return true }
                going = withUnsafePointer(to: f) {
                    fold($0, line, at: offset, limit: limit, observe: observe, changes: changes, effects: &effects)
                }
            }
            if !going {  // past the limit: step back over the line
                if let before { checker.position = before }
                stopped = true
                return false
            }
            if interval > 0, let every, checker.cursor.lines % interval == 0 {
                every(&self)
                resolvedAhead.clear()  // `every` may have changed the state
            }
            return true
        }
        if stopped { return nil }
        return try file.tornTail(after: checker)
    }

    /// Folds an admitted line into the state, unless its event is past
    /// `limit`: then it changes nothing and returns false.
    private mutating func fold(
        _ f: UnsafePointer<LineFields>, _ line: UnsafeBufferPointer<UInt8>, at offset: Int64, limit: ReplayLimit?,
        observe: ((Event, [Effect], WorldState) -> Void)?,
        changes: ((FoldedEvent, [Effect], WorldState) -> Void)?, effects: inout EffectLog
    ) -> Bool {
        if let limit, !limit.allows(seq: f.pointee.seq, at: f.pointee.at) { return false }
        if changes != nil { effects.clear() }
        if observe == nil, fastPath, f.pointee.version == 1, foldBytes(f, line, at: offset, effects: &effects) {
            if let changes { changes(FoldedEvent(f, line, offset: offset, state: state), effects.items, state) }
            return true
        }
        let decoded = LineCodec.interpret(f.pointee, line)
        generalLines += 1
        effects.clear()
        state.apply(decoded.event, effects: &effects)
        observe?(decoded.event, effects.items, state)
        if let changes {
            changes(FoldedEvent(decoded.event, line, offset: offset, state: state), effects.items, state)
        }
        return true
    }

    /// Folds a version-1 line from its bytes; false (changing nothing) when
    /// it must go the `Event` route instead.
    private mutating func foldBytes(
        _ f: UnsafePointer<LineFields>, _ p: UnsafeBufferPointer<UInt8>, at offset: Int64, effects: inout EffectLog
    ) -> Bool {
        // Members are read through the pointer one by one: copying the whole
        // `LineFields` out costs more than the few that are used.
        let (seq, at) = (f.pointee.seq, f.pointee.at)
        let object = UnsafeBufferPointer(rebasing: p[f.pointee.object.range])
        switch f.pointee.type {
        case .created, .renamed:
            guard let name = f.pointee.name, !name.escaped else { return false }
            let nameBytes = UnsafeBufferPointer(rebasing: p[name.range])
            if f.pointee.type == .created {
                state.replayCreated(id: object, name: nameBytes, seq: seq, at: at, effects: &effects)
            } else {
                state.replayRenamed(id: object, name: nameBytes, seq: seq, at: at, effects: &effects)
            }
        case .placed:
            guard let relation = f.pointee.relation, let axes = f.pointee.axes else { return false }
            let target = f.pointee.target.map { UnsafeBufferPointer(rebasing: p[$0.range]) }
            guard
                state.replayPlaced(
                    object: object, relation: relation, target: target, axes: axes, seq: seq, at: at,
                    found: resolvedAhead.indices(at: offset), keys: (f.pointee.objectKey, f.pointee.targetKey),
                    effects: &effects)
            else { return false }
        case .returned, .seen, .archived, .restored, .refused, .lent:
            return false  // version 2 and 4 types go the `Event` route
        }
        if let cid = f.pointee.cid {
            state.recordCommandID(
                String(decoding: UnsafeBufferPointer(rebasing: p[cid.range]), as: UTF8.self), seq: seq)
        }
        return true
    }
}

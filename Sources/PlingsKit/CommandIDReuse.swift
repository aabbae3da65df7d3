import PlingsLog

/// A command id the log holds already, given again: a retry of the same
/// commands ("already done", nothing appended) or other commands under an
/// id that is taken (refused: `DomainError.commandIDReused`, naming the
/// earlier event).
enum CommandIDReuse {
    /// Whether `items`, decided as one batch under `commandID` against the
    /// world just before event `seq` (the first event the log recorded with
    /// that command id), give the events the log holds from `seq` on: the
    /// same payloads, in order, compensating the same events. An undo given
    /// again counts as a retry of an earlier undo (plain `undo` names the
    /// next step by then, so its basis is another).
    /// - Complexity: a replay to `seq` (from the nearest snapshot) and of the batch's lines.
    static func isRetry(
        _ items: [Store.Item], commandID: String, seq: Int64, path: String
    ) throws(StoreError) -> Bool {
        let point = try Timeline(path: path).state(at: .seq(seq - 1))
        var state = point.state
        var effects = EffectLog(recording: false)
        let decided = Decided.batch(
            items, in: &state, at: state.lastAt, commandID: commandID, policy: .stop, effects: &effects)
        let count = decided.failure == nil ? max(decided.events.count, 1) : 1
        let recorded = try events(from: point, through: seq + Int64(count) - 1, path: path)
        guard let first = recorded.first, first.seq == seq else { return false }
        let undoing = items.allSatisfy { if case .undo = $0.command { true } else { false } }
        if undoing && first.undoes != nil { return true }
        guard decided.failure == nil, recorded.count == decided.events.count else { return false }
        return zip(recorded, decided.events).allSatisfy { $0.payload == $1.payload && $0.undoes == $1.undoes }
    }

    /// The events after `point` up to `last`, read from the log.
    private static func events(from point: Timeline.Point, through last: Int64, path: String) throws(StoreError)
        -> [Event]
    {
        var found: [Event] = []
        do {
            guard let file = try LogFile.open(path, create: false) else { return [] }
            try file.lock(exclusive: false)
            defer { file.unlock() }
            var replayer = Replayer(path: path, state: point.state, cursor: point.cursor)
            try replayer.run(file, limit: .seq(last), observe: { event, _, _ in found.append(event) })
        } catch {
            throw .log(error)
        }
        return found
    }
}

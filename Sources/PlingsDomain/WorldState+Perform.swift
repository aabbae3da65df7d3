/// The one "what would happen": decide a command against a state, then
/// apply the events it stands for to that state, each resolved against the
/// state it meets. The store's appends (a device's pushes at the hub among
/// them), a device's optimistic view, `apply`, `apply --dry-run` and single
/// commands all go through `perform`, so what a dry run predicts is what
/// the run appends: the run only adds the write.
extension WorldState {
    /// Decides `command` against this state and applies its events to it, in order.
    /// - Parameters:
    ///   - envelope: the event for a seq (this state's `lastSeq + 1` when it
    ///     is applied), a payload and the seq an undo compensates, if any:
    ///     the caller's time, actor, command id and origin.
    ///   - events: where the events are appended, as they are applied.
    ///   - effects: what applying them changed, cascades included (recorded when it records).
    /// - Returns: the decision: its notes for the person, and `isUnchanged`
    ///   when the command changes nothing (then nothing was applied).
    /// - Throws: `DomainError` when the command is refused; nothing was applied then.
    @discardableResult
    package mutating func perform(
        _ command: Command, envelope: (_ seq: Int64, EventPayload, _ undoes: Int64?) -> Event, events: inout [Event],
        effects: inout EffectLog
    ) throws(DomainError) -> Decision {
        let decision = try Decider.decision(command, state: self)
        for (payload, resolved) in zip(decision.events, decision.resolved) {
            let event = envelope(lastSeq + 1, payload, decision.undoes)
            apply(event, resolved: resolved, effects: &effects)
            events.append(event)
        }
        return decision
    }

    /// `perform` with the envelope a preview gives: the next seq, `at`, the actor and no command id.
    /// - Returns: the events applied and the decision.
    @discardableResult
    package mutating func perform(
        _ command: Command, at time: Timestamp, actor: String?, effects: inout EffectLog
    ) throws(DomainError) -> (events: [Event], decision: Decision) {
        var events: [Event] = []
        let decision = try perform(
            command,
            envelope: { seq, payload, undoes in
                Event(seq: seq, at: time, actor: actor, undoes: undoes, payload: payload)
            },
            events: &events, effects: &effects)
        return (events, decision)
    }
}

/// A batch of commands performed in order on an evolving state (each with
/// `WorldState.perform`): what the store appends, and what `apply --dry-run`
/// says it would append, from the same function; the run only adds the write.
package struct Decided {
    /// The events, in order, as applied.
    package var events: [Event] = []
    /// The commands refused (under `skip`), by position, with why.
    package var rejected: [(index: Int, error: DomainError)] = []
    /// What the decider told about the commands.
    package var notes: [DecisionNote] = []
    /// The positions of the commands that changed nothing.
    package var unchanged: [Int] = []
    /// The lines of `events`, when encoded (the store's append).
    package var bytes: [UInt8] = []
    /// The cursor after `bytes`.
    package var cursor = LogCursor()
    /// Under `stop`, the refusal that stopped the batch: nothing of it is to be appended.
    package var failure: StoreError?

    /// One command's part of the batch: its events and effects as ranges of `events` and the
    /// effect log's items, and its decision or refusal.
    package struct Item {
        package var index: Int
        package var events: Range<Int>
        package var effects: Range<Int>
        package var decision: Decision?
        package var refusal: DomainError?
    }

    /// Performs `items` in order on `state`, as one batch.
    /// - Parameters:
    ///   - commandID: the batch's command id, on its first event; else each item's own, on each of its events.
    ///   - policy: `stop` ends at the first refusal (`failure`; the events before it are applied to `state`
    ///     but are not to be appended); `skip` lists it in `rejected` and goes on. An item with an origin
    ///     (a device's command at the hub) is accounted for in the events either way: refused, as a
    ///     `refused` event; unchanged, as its own event, which changes nothing.
    ///   - observe: shown each command's part as soon as it is performed, with its events, its effects
    ///     and the state after them (a command whose command id or origin was seen before has none).
    ///   - clock: the writer's clock when it was behind the log and `at` is the log's last time
    ///     instead (`Store.clockBehind`), kept on every event.
    package static func batch(
        _ items: [Store.Item], in state: inout WorldState, at: Timestamp, clock: Timestamp? = nil, commandID: String?,
        policy: Store.BatchPolicy, effects: inout EffectLog,
        observe: ((Item, ArraySlice<Event>, ArraySlice<Effect>, WorldState) -> Void)? = nil
    ) -> Decided {
        var result = Decided()
        result.events.reserveCapacity(items.count)
        let firstSeq = state.lastSeq + 1
        for (index, item) in items.enumerated() {
            if commandID == nil, let cid = item.commandID, state.commandIDs[cid] != nil { continue }
            if let o = item.origin, state.devices.verdict(device: o.device, deviceSeq: o.deviceSeq) != nil { continue }
            let (eventsBefore, effectsBefore) = (result.events.count, effects.items.count)
            // The batch's command id goes on its first event, else the item's own on each of its events.
            func envelope(_ seq: Int64, _ payload: EventPayload, _ undoes: Int64?) -> Event {
                let cid = commandID.map { seq == firstSeq ? $0 : nil } ?? item.commandID
                return Event(
                    seq: seq, at: at, actor: item.actor, commandID: cid, origin: item.origin, undoes: undoes,
                    clock: clock, payload: payload)
            }
            var outcome: (decision: Decision?, refusal: DomainError?)
            do throws(DomainError) {
                let decision = try state.perform(
                    item.command, envelope: envelope, events: &result.events, effects: &effects)
                outcome.decision = decision
                result.notes.append(contentsOf: decision.notes)
                if decision.isUnchanged {
                    result.unchanged.append(index)
                    // A device's command is accounted for even when it changes nothing.
                    if item.origin != nil, let (payload, resolved) = recorded(item.command, state) {
                        let event = envelope(state.lastSeq + 1, payload, nil)
                        state.apply(event, resolved: resolved, effects: &effects)
                        result.events.append(event)
                    }
                }
            } catch {
                outcome.refusal = error
                if policy == .stop { result.failure = .domain(error) }
                result.rejected.append((index, error))
                // A device's command is accounted for in the log: its refusal is an event.
                if policy == .skip, item.origin != nil, let refusal = item.refusal {
                    let event = envelope(state.lastSeq + 1, .refused(refusal(error)), nil)
                    state.apply(event, resolved: .refused, effects: &effects)
                    result.events.append(event)
                }
            }
            if let observe {
                let item = Item(
                    index: index, events: eventsBefore..<result.events.count,
                    effects: effectsBefore..<effects.items.count, decision: outcome.decision, refusal: outcome.refusal)
                observe(item, result.events[item.events], effects.items[item.effects], state)
            }
            if result.failure != nil { return result }
        }
        return result
    }

    /// The event an unchanged command of a device is recorded as (it changes nothing when applied).
    private static func recorded(_ command: Command, _ state: WorldState) -> (EventPayload, ResolvedEvent)? {
        let payload: EventPayload
        switch command {
        case .rename(let id, let name): payload = .renamed(id, name: name)
        case .place(let placement): payload = .placed(placement)
        case .returnHome(let id): payload = .returned(id)
        default: return nil
        }
        guard case .success(let resolved) = Decider.resolve(payload, in: state) else { return nil }
        return (payload, resolved)
    }
}

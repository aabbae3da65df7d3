import PlingsKit
import PlingsText

extension ApplyRun {
    /// Decides one line against the evolving state and says what it would do,
    /// including the positional relations it would drop. Returns whether to read on.
    mutating func decideDry(_ number: Int, _ command: Command, commandID: String?) -> Bool {
        let t = context.text
        let out = context.terminal.out
        if let cid = commandID, let seq = dryState.commandIDs[cid] {
            out(t(.applyWouldAlreadyDone, ["line": "\(number)", "seq": "\(seq)"]) + "\n")
            report.unchanged += 1
            return true
        }
        let payloads: [EventPayload]
        do {
            payloads = try Decider.decide(command, state: dryState)
        } catch {
            let reason = reason(error)
            out(t(.applyWouldRefuse, ["line": "\(number)", "reason": reason]) + "\n")
            report.rejected.append(.init(line: number, reason: reason))
            if policy == .stop { report.stopped = true }
            return policy == .skip
        }
        if payloads.isEmpty {
            out(t(.applyWouldUnchanged, ["line": "\(number)"]) + "\n")
            report.unchanged += 1
        }
        for payload in payloads {
            let event = Event(
                seq: dryState.lastSeq + 1, at: dryState.lastAt, actor: context.actor, commandID: commandID,
                payload: payload)
            var effects: [Effect] = []
            _ = dryState.apply(event, effects: &effects)
            report.appended += 1
            let what = "#\(event.seq) " + Describe.event(event, state: dryState, t)
            out(t(.applyWould, ["line": "\(number)", "what": what]) + "\n")
            for case .positionalRemoved(let x, let axis, let edge, let cause) in effects {
                if case .replaced = cause, event.payload.object == dryState.registry.id(x) { continue }
                let values = [
                    "line": "\(number)", "object": Printable.quote(dryState.registry.name(x)),
                    "relation": t.word(edge.relation),
                    "target": Printable.quote(dryState.registry.name(edge.target)), "axis": t.axisWord(axis),
                ]
                out(t(.applyWouldDrop, values) + "\n")
            }
            if case .created(let id, _) = payload, let twin = caseTwin(of: id, line: number, in: dryState.registry) {
                let note = t(.noteCaseTwin, ["id": id.rawValue, "existing": twin.rawValue])
                out(t(.applyWouldNote, ["line": "\(number)", "note": note]) + "\n")
            }
        }
        return true
    }
}

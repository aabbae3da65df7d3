import PlingsDomain
import PlingsText

/// Sentences about events, for people.
package enum Describe {
    package static func name(_ id: ObjectID?, _ state: WorldState, _ language: Language = .sv) -> String {
        guard let id else { return Texts(language).world }
        guard let x = state.registry.index(of: id) else { return id.rawValue }
        return Printable.quote(state.registry.name(x))
    }

    /// "placed Plastlåda (yTvK) under Bord (5GgB), both current and home" (see `EventSentence`).
    package static func event(_ event: Event, state: WorldState, _ text: Catalog) -> String {
        EventSentence.of(event, state: state, text)
    }

    /// "unchanged: Plastlåda is already under Bord": what a command that appends nothing says.
    package static func unchanged(_ command: Command, state: WorldState, _ text: Catalog) -> String {
        switch command {
        case .create(let id, let name), .rename(let id, let name):
            return text(.unchangedName, ["id": id.rawValue, "name": Printable.quote(name)])
        case .place(let p):
            return text(
                .unchangedPlacement,
                [
                    "object": name(p.object, state, text.language),
                    "relation": text.word(p.relation),
                    "target": name(p.target, state, text.language),
                ])
        case .returnHome(let id):
            return text(.unchangedReturn, ["object": name(id, state, text.language)])
        case .undo(let basis):
            return text(.unchangedUndo, ["object": name(basis.object, state, text.language), "seq": String(basis.seq)])
        default:
            return text(.unchangedOther)
        }
    }
}

extension Describe {
    /// The positional relations of other things a command dropped (the cascade), as the values
    /// of a sentence each (`object`, `relation`, `target`, `axis`): a move never takes "under Bord"
    /// from something else without saying so. A command's own objects replacing their own
    /// relation are not listed. The run (`droppedRelation`) and its dry run (`applyWouldDrop`)
    /// both say these, and only these.
    package static func drops(_ effects: [Effect], of events: [Event], _ state: WorldState, _ text: Catalog)
        -> [[String: String]]
    {
        let movers = Set(events.map(\.payload.object))
        var drops: [[String: String]] = []
        for case .positionalRemoved(let x, let axis, let edge, let cause) in effects {
            if case .replaced = cause, movers.contains(state.registry.id(x)) { continue }
            drops.append([
                "object": Printable.quote(state.registry.name(x)), "relation": text.word(edge.relation),
                "target": Printable.quote(state.registry.name(edge.target)), "axis": text.axisWord(axis),
            ])
        }
        return drops
    }
}

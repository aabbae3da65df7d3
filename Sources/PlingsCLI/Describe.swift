import PlingsKit
import PlingsText

/// Sentences about events, for people.
enum Describe {
    static func name(_ id: ObjectID?, _ state: WorldState, _ language: Language = .sv) -> String {
        guard let id else { return Texts(language).world }
        guard let x = state.registry.index(of: id) else { return id.rawValue }
        return Printable.quote(state.registry.name(x))
    }

    /// "placed Plastlåda (yTvK) under Bord (5GgB), both current and home".
    static func event(_ event: Event, state: WorldState, _ text: Catalog) -> String {
        let language = text.language
        switch event.payload {
        case .created(let id, let name):
            return text(.createdSentence, ["name": Printable.quote(name), "id": id.rawValue])
        case .renamed(let id, let name):
            return text(.renamedSentence, ["name": Printable.quote(name), "id": id.rawValue])
        case .placed(let p):
            let target = p.target.map { "\(self.name($0, state, language)) (\($0))" } ?? Texts(language).world
            return text(
                .placedSentence,
                [
                    "object": self.name(p.object, state, language), "id": p.object.rawValue,
                    "relation": text.word(p.relation), "target": target,
                    "axes": HistoryText(language).axes(p.axes.axes),
                ])
        default:
            return verbEvent(event.payload, state, text)
        }
    }

    /// The sentences of the everyday verbs' events.
    static func verbEvent(_ payload: EventPayload, _ state: WorldState, _ text: Catalog) -> String {
        let language = text.language
        let object = ["object": name(payload.object, state, language), "id": payload.object.rawValue]
        switch payload {
        case .returned: return text(.returnedSentence, object)
        case .seen: return text(.seenSentence, object)
        case .archived(_, let note?):
            return text(.archivedNoteSentence, object.merging(["note": Printable.quote(note)]) { a, _ in a })
        case .archived: return text(.archivedSentence, object)
        case .restored(let p):
            let target = p.target.map { "\(self.name($0, state, language)) (\($0))" } ?? Texts(language).world
            return text(
                .restoredSentence,
                object.merging(["relation": text.word(p.relation), "target": target]) { a, _ in a })
        case .refused(let r): return HistoryText(language).refused(r, in: state)
        default: return payload.typeName
        }
    }

    /// "unchanged: Plastlåda is already under Bord": what a command that appends nothing says.
    static func unchanged(_ command: Command, state: WorldState, _ text: Catalog) -> String {
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
    static func drops(_ effects: [Effect], of events: [Event], _ state: WorldState, _ text: Catalog)
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

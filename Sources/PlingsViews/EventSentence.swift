import PlingsDomain
import PlingsText

/// An event of the log as a sentence for a person ("placed Plastlåda (yTvK)
/// under Bord (5GgB), both current and home"), with the names of the things
/// it names as they were right after it: the one wording of `plings log`,
/// whether the world after the event is a replayed state or read from the
/// object timeline.
package enum EventSentence {
    /// The sentence of `event` in `text`'s language; `world` reads the world right after it, `refusalError`
    /// finds a refusal's error again (see `Refusal.error(against:)`). A placement is said by `placed`
    /// (its values `object`, `id`, `relation`, `target`, `axes`): the past by default.
    package static func of(
        _ event: Event, world: some HistoryReading, _ text: Catalog, placed: MessageKey = .placedSentence,
        refusalError: (Refusal) -> DomainError?
    ) -> String {
        let language = text.language
        func name(_ id: ObjectID) -> String {
            guard let x = world.index(of: id) else { return id.rawValue }
            return Printable.quote(world.name(x))
        }
        func target(_ id: ObjectID?) -> String {
            id.map { "\(name($0)) (\($0))" } ?? Texts(language).world
        }
        let object = ["object": name(event.payload.object), "id": event.payload.object.rawValue]
        switch event.payload {
        case .created(let id, let name):
            return text(.createdSentence, ["name": Printable.quote(name), "id": id.rawValue])
        case .renamed(let id, let name):
            return text(.renamedSentence, ["name": Printable.quote(name), "id": id.rawValue])
        case .placed(let p):
            return text(
                placed,
                object.merging([
                    "relation": text.word(p.relation), "target": target(p.target),
                    "axes": HistoryText(language).axes(p.axes.axes),
                ]) { a, _ in a })
        case .returned: return text(.returnedSentence, object)
        case .seen: return text(.seenSentence, object)
        case .archived(_, let note?):
            return text(.archivedNoteSentence, object.merging(["note": Printable.quote(note)]) { a, _ in a })
        case .archived: return text(.archivedSentence, object)
        case .restored(let p):
            return text(
                .restoredSentence,
                object.merging(["relation": text.word(p.relation), "target": target(p.target)]) { a, _ in a })
        case .refused(let r): return HistoryText(language).refused(r, error: refusalError(r))
        case .lent(let loan):
            let due = loan.due.map { text(.loanDue, ["due": $0.description]) } ?? ""
            let values = ["borrower": HistoryText.borrower(loan.borrower, world), "due": due]
            return text(.lentSentence, object.merging(values) { a, _ in a })
        }
    }

    /// The sentence of `event` with `state` the world right after it (a placement said by `placed`).
    package static func of(
        _ event: Event, state: WorldState, _ text: Catalog, placed: MessageKey = .placedSentence
    ) -> String {
        of(event, world: StateReading(state), text, placed: placed) { $0.error(against: state) }
    }
}

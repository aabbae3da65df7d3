import PlingsDomain

/// What one event means for one object's history, read from the projectors'
/// effects: the one rule for which entries an event gives, shared by the
/// history replayed from the log and the history read from the object
/// timeline (which records these facts when `rebuild` replays the log).
package enum HistoryFact: Sendable, Hashable {
    /// The event is about the object and was skipped as invalid against the state.
    case skipped(DomainError)
    /// The event is about the object and was applied: whether it changed
    /// anything (a placement that changed nothing says so), and the name before
    /// it when it renamed the object (a rename to the same name gives no entry).
    case own(changed: Bool, renamedFrom: String?)
    /// One of its positional relations dropped because it, or the relation's
    /// reference, left the world or came back (an archive or a restore).
    case droppedByArchive(Axis, PositionalEdge)
    /// Another object was placed relative to it.
    case reference
    /// One of its positional relations dropped because its reference moved (the cascade).
    case dropped(Axis, PositionalEdge, because: ObjectIndex)
    /// It left the world with the archive of the container `root`.
    case archivedWith(ObjectIndex)
    /// It came back with the restore of the container `root`.
    case restoredWith(ObjectIndex)
    /// A container above it on `axis` (`mover`, the event's object) moved or
    /// was renamed; `shown` and `elided` are the path now, as `HistoryText.shown` gives it.
    case path(Axis, mover: ObjectIndex, renamed: Bool, shown: [ObjectIndex], elided: Bool)

    /// Where the fact's entry comes among the entries of one event: the entries
    /// of the event itself, then relations dropped by an archive, then what
    /// another object's event did to this one, the path last.
    package var rank: Int {
        switch self {
        case .skipped, .own: 0
        case .droppedByArchive: 1
        case .reference: 2
        case .dropped: 3
        case .archivedWith: 4
        case .restoredWith: 5
        case .path: 6
        }
    }
}

/// Finds the facts of one event for every object its effects name.
package enum HistoryFacts {
    /// Hands `body` each object's facts of one event (all but `path`, which
    /// depends on the object's chain of containers), in the order of the
    /// entries they give.
    /// - Parameters:
    ///   - object: the event's object as the registry knows it after the
    ///     event; nil when it knows no such id (then nothing follows: a skipped
    ///     event about an unknown id is the caller's to record).
    ///   - target: for a `placed` event, its target (nil for World or an unknown id).
    ///   - skipped: the error when the event was skipped, nil when it applied.
    ///   - effects: the effects of applying it.
    package static func collect(
        object: ObjectIndex?, target: ObjectIndex?, skipped: DomainError?, effects: [Effect],
        _ body: (ObjectIndex, HistoryFact) -> Void
    ) {
        guard let m = object else { return }
        if let skipped {
            body(m, .skipped(skipped))
            return
        }
        var changed = false
        var renamedFrom: String?
        for effect in effects {
            switch effect {
            case .unchanged: break
            case .renamed(m, let from, _):
                changed = true
                renamedFrom = from
            default: changed = true
            }
        }
        body(m, .own(changed: changed, renamedFrom: renamedFrom))
        for case .positionalRemoved(let x, let axis, let edge, let cause) in effects {
            switch cause {
            case .referenceArchived, .archived: body(x, .droppedByArchive(axis, edge))
            case .referenceMoved, .replaced: break
            }
        }
        if let target, target != m { body(target, .reference) }
        for case .positionalRemoved(let x, let axis, let edge, .referenceMoved(let ref)) in effects where x != m {
            body(x, .dropped(axis, edge, because: ref))
        }
        for case .archived(let x, let root) in effects where x != m { body(x, .archivedWith(root)) }
        for case .restored(let x, let root) in effects where x != m { body(x, .restoredWith(root)) }
    }
}

/// Collects one object's history entries as a replay hands it each event,
/// its effects and the state after it (see `ObjectHistory`): the facts come
/// from `HistoryFacts` (the projectors' effects), the path changes from the
/// object's chain of containers kept up to date, and the sentences from the
/// state after the event.
struct HistoryBuilder {
    let id: ObjectID
    let t: HistoryText
    private(set) var entries: [HistoryEntry] = []
    /// The object's index, once its `created` event has been replayed.
    private(set) var index: ObjectIndex?
    /// The containers above the object, per axis (current, normal).
    private var chains = [AncestorChain(), AncestorChain()]

    init(id: ObjectID, text: HistoryText) {
        self.id = id
        self.t = text
    }

    /// A builder that goes on from `state` (a replay that started there), where the object may exist already.
    init(id: ObjectID, text: HistoryText, from state: WorldState) {
        self.init(id: id, text: text)
        guard let x = state.registry.index(of: id) else { return }
        index = x
        for axis in Axis.allCases {
            let tree = state.projection(axis).parents
            chains[slot(axis)].rebuild(from: tree.parent(x), tree)
        }
    }

    private func slot(_ axis: Axis) -> Int { axis == .current ? 0 : 1 }

    /// Takes in one replayed event, folded either way.
    mutating func observe(_ e: FoldedEvent, _ effects: [Effect], _ state: WorldState) {
        if index == nil, e.type == .created, !e.skipped, let x = e.object, state.registry.index(of: id) == x {
            index = x
        }
        let about = e.object.map { $0 == index } ?? (e.unknownObject == id.rawValue)
        var facts: [HistoryFact] = []
        if about, e.skipped, let error = state.skipped.last?.error {
            facts.append(.skipped(error))
        } else if let x = index {
            let skipped = e.skipped ? state.skipped.last?.error : nil
            HistoryFacts.collect(object: e.object, target: e.target, skipped: skipped, effects: effects) { y, fact in
                if y == x { facts.append(fact) }
            }
            updateChains(x, effects, state)
            if !about, let mover = e.object { pathFacts(mover, effects, into: &facts) }
        }
        guard !facts.isEmpty, let event = e.event() else { return }
        let world = StateReading(state)
        let x = index ?? .world
        for fact in facts {
            let made = HistoryEntry.make(fact, of: x, id: id, event: event, world: world, t) {
                $0.error(against: state)
            }
            if let entry = made { entries.append(entry) }
        }
    }

    /// Keeps the chains of containers up to date with the parent changes of one event.
    private mutating func updateChains(_ x: ObjectIndex, _ effects: [Effect], _ state: WorldState) {
        for case .parentChanged(let y, let axis, _, _) in effects {
            let tree = state.projection(axis).parents
            if y == x {
                chains[slot(axis)].rebuild(from: tree.parent(x), tree)
            } else {
                chains[slot(axis)].moved(y, tree)
            }
        }
    }

    /// A container above the object (`mover`, the event's object) moved or was renamed: its path changed.
    private func pathFacts(_ mover: ObjectIndex, _ effects: [Effect], into facts: inout [HistoryFact]) {
        var axesMoved: [Axis] = []
        var renamed = false
        for effect in effects {
            switch effect {
            case .parentChanged(mover, let axis, _, _): if !axesMoved.contains(axis) { axesMoved.append(axis) }
            case .renamed(mover, _, _): renamed = true
            default: break
            }
        }
        for axis in renamed ? Axis.allCases : axesMoved where chains[slot(axis)].contains(mover) {
            let (shown, elided) = HistoryText.shown(chains[slot(axis)].chain)
            facts.append(.path(axis, mover: mover, renamed: renamed, shown: shown, elided: elided))
        }
    }
}

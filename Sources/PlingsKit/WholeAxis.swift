import PlingsViews

/// One axis of the head snapshot read whole: its four columns (parents,
/// their relations, positional relations and their targets), every block
/// checked and every value in its range (a parent relation that holds, a
/// positional relation that is one and points at another object), the
/// parents a forest under World. What `HeadTree` and `HeadAway` read a
/// whole world from.
struct WholeAxis {
    let parents: [ObjectIndex]
    let relations: [UInt8]
    let positional: [UInt8]
    let targets: [ObjectIndex]

    /// The stored positional relation of an object without one.
    static let noPositional: UInt8 = 0xFF

    /// The columns of `axis` in `view`; nil when one is damaged (the view then `failed`)
    /// or a value is out of its range or the parents form a cycle (only a damaged file has one).
    init?(_ view: SnapshotView, _ axis: Axis) {
        guard let parents = view.whole(axis, column: 0), let relations = view.wholeRelations(axis, column: 1),
            let positional = view.wholeRelations(axis, column: 2), let targets = view.whole(axis, column: 3)
        else { return nil }
        for x in 0..<parents.count {
            guard let relation = Relation(rawValue: relations[x]), relation.isParentCreating else { return nil }
            if positional[x] != Self.noPositional {
                guard let relation = Relation(rawValue: positional[x]), relation.isPositional, targets[x] >= 0,
                    Int(targets[x]) != x
                else { return nil }
            }
        }
        guard Self.acyclic(parents) else { return nil }
        (self.parents, self.relations, self.positional, self.targets) = (parents, relations, positional, targets)
    }

    /// The parent of `x` (World's own is World).
    func parent(_ x: ObjectIndex) -> ObjectIndex { x == .world ? .world : parents[Int(x)] }

    /// The parent edge of `x`.
    func edge(_ x: ObjectIndex) -> ParentEdge {
        ParentEdge(Relation(rawValue: relations[Int(x)]) ?? .in, parents[Int(x)])
    }

    /// The outbound positional edge of `x`, if any.
    func outbound(_ x: ObjectIndex) -> PositionalEdge? {
        guard positional[Int(x)] != Self.noPositional, let relation = Relation(rawValue: positional[Int(x)]) else {
            return nil
        }
        return PositionalEdge(relation, targets[Int(x)])
    }

    /// Each object's inbound positional sources, in index order (as a scan of the target
    /// column finds them): those of `y` are `sources[start[y]..<start[y + 1]]`.
    func inbound() -> (start: [Int32], sources: [ObjectIndex]) {
        let n = parents.count
        var start = [Int32](repeating: 0, count: n + 1)
        for x in 0..<n where positional[x] != Self.noPositional { start[Int(targets[x]) + 1] += 1 }
        for k in 0..<n { start[k + 1] += start[k] }
        var fill = start
        var sources = [ObjectIndex](repeating: 0, count: Int(start[n]))
        for x in 0..<n where positional[x] != Self.noPositional {
            let y = Int(targets[x])
            sources[Int(fill[y])] = ObjectIndex(x)
            fill[y] += 1
        }
        return (start, sources)
    }

    /// Whether every chain of parents ends at World.
    private static func acyclic(_ parents: [ObjectIndex]) -> Bool {
        var state = [UInt8](repeating: 0, count: parents.count)  // 0 not yet, 1 on the chain walked, 2 ends at World
        var chain: [Int] = []
        for x in 0..<parents.count where state[x] == 0 {
            chain.removeAll(keepingCapacity: true)
            var node = x
            while node != -1, state[node] == 0 {
                state[node] = 1
                chain.append(node)
                node = Int(parents[node])
            }
            if node != -1, state[node] == 1 { return false }
            for y in chain { state[y] = 2 }
        }
        return true
    }
}

extension SnapshotView.Registry {
    /// Whether every object's id and name lie inside their arenas.
    func fits() -> Bool {
        for x in 0..<idStart.count {
            let i = Int(idStart[x])
            let s = nameStart[x]
            guard i + Int(idLength[x]) <= idBytes.count, s >= 0, s + Int(nameLength[x]) <= nameBytes.count else {
                return false
            }
        }
        return true
    }

    /// The id of `x` (the registry `fits`).
    func id(_ x: ObjectIndex) -> String {
        let start = Int(idStart[Int(x)])
        return String(decoding: idBytes[start..<(start + Int(idLength[Int(x)]))], as: UTF8.self)
    }

    /// The name of `x` (the registry `fits`).
    func name(_ x: ObjectIndex) -> String {
        let start = nameStart[Int(x)]
        return String(decoding: nameBytes[start..<(start + Int(nameLength[Int(x)]))], as: UTF8.self)
    }
}

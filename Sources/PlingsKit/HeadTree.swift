import PlingsViews

/// `tree` at the head of the log, read from the head snapshot without making
/// the world: the registry's columns and the axis's four columns (parents,
/// their relations, positional relations and targets) read whole once, every
/// block checked, each object's children listed from the parent column and
/// sorted as `WorldTree` sorts them (by name, then id), and the rows handed
/// out depth first as they are made, never held.
///
/// It answers on the conditions `HeadCard` answers on (the log vouched for,
/// the newest snapshot intact and still the log's, see `SnapshotCache`), and
/// when the log has gone on since, only when no event after the snapshot could
/// change the tree: every one is a `seen` or a refusal (a creation, a rename,
/// a placement, a return, an archive or a restore changes a whole tree).
/// Otherwise, or when any value read is out of its range or the parents form
/// a cycle, it gives nil and the caller takes the full path.
package enum HeadTree {
    /// The element reads the tree may make (the columns count one read per megabyte).
    package static let elementReadBudget = 1 << 22

    /// The tree read from the head snapshot, every value checked, its rows
    /// not yet made: `forEach` makes them one at a time.
    package struct Rows {
        /// The axis shown.
        package let axis: Axis
        /// The last event the tree reflects.
        package let asOfSeq: Int64
        fileprivate let registry: SnapshotView.Registry
        fileprivate let parents: [ObjectIndex]
        fileprivate let relations: [UInt8]
        fileprivate let positionalRelations: [UInt8]
        fileprivate let targets: [ObjectIndex]
        /// The objects at World, in order.
        fileprivate let roots: [ObjectIndex]
        /// The children of `x`, in order: `children[childStart[x]..<childStart[x + 1]]`.
        fileprivate let childStart: [Int32]
        fileprivate let children: [ObjectIndex]

        /// Hands each row to `each`, depth first, as `WorldTree` lists them.
        package func forEach(_ each: (TreeRow) throws -> Void) rethrows {
            try forEachBytes { try each(TreeRow($0)) }
        }

        /// Hands each row to `each` as the bytes of its names and ids, depth first, as
        /// `WorldTree` lists them: no string is made (`TreeText` and `TreeJSON` write them).
        package func forEachBytes(_ each: (TreeRowBytes) throws -> Void) rethrows {
            try registry.idBytes.withUnsafeBufferPointer { idBytes in
                try registry.nameBytes.withUnsafeBufferPointer { nameBytes in
                    func id(_ x: ObjectIndex) -> UnsafeBufferPointer<UInt8> {
                        let start = Int(registry.idStart[Int(x)])
                        return UnsafeBufferPointer(rebasing: idBytes[start..<(start + Int(registry.idLength[Int(x)]))])
                    }
                    func name(_ x: ObjectIndex) -> UnsafeBufferPointer<UInt8> {
                        let start = registry.nameStart[Int(x)]
                        return UnsafeBufferPointer(
                            rebasing: nameBytes[start..<(start + Int(registry.nameLength[Int(x)]))])
                    }
                    var stack: [(ObjectIndex, Int, Bool)] = roots.reversed().enumerated().map { ($1, 0, $0 == 0) }
                    while let (x, depth, last) = stack.popLast() {
                        let k = Int(x)
                        let parent = parents[k]
                        var positional: TreeRowBytes.Positional?
                        if positionalRelations[k] != WholeAxis.noPositional,
                            let relation = Relation(rawValue: positionalRelations[k])
                        {
                            let target = targets[k]
                            positional = .init(relation: relation, target: id(target), targetName: name(target))
                        }
                        try each(
                            TreeRowBytes(
                                depth: depth, id: id(x), name: name(x), parent: parent == .world ? nil : id(parent),
                                relation: parent == .world ? nil : Relation(rawValue: relations[k]),
                                positional: positional, isLast: last))
                        let first = Int(childStart[k])
                        let end = Int(childStart[k + 1])
                        for (n, child) in children[first..<end].reversed().enumerated() {
                            stack.append((child, depth + 1, n == 0))
                        }
                    }
                }
            }
        }
    }

    /// What the head snapshot says of a tree.
    package enum Answer {
        /// The tree's rows, read from the whole columns, not yet made.
        case rows(Rows)
        /// A small subtree's rows, read one object at a time.
        case listed([TreeRow], asOfSeq: Int64)
        /// The subtree's root is not in the head snapshot (nor made after it: see `tailLeavesTree`).
        case unknown
    }

    /// The element reads a subtree read one object at a time may make (the
    /// parent column counts one per megabyte, each thing a few dozen): a
    /// larger subtree is read from the whole columns.
    package static let subtreeReadBudget = 1 << 16

    /// The tree of `axis` at the head (with `root`, that object's subtree, it
    /// first), ready to be written; nil when the head snapshot cannot answer.
    /// A subtree of more than `smallSubtree` things is read from the whole columns.
    package static func answer(
        axis: Axis, root: ObjectID? = nil, logPath: String, readBudget: Int = elementReadBudget,
        tailBudget: Int64 = HeadCard.tailBudget, smallSubtree: Int = 2_000
    ) -> Answer? {
        if let root, smallSubtree > 0,
            let small = answer(axis: axis, small: root, limit: smallSubtree, logPath: logPath, tailBudget: tailBudget)
        {
            return small
        }
        return HeadSnapshot.read(logPath: logPath, readBudget: readBudget, tailBudget: tailBudget) { head in
            let view = head.view
            var top: ObjectIndex?
            if let root {
                guard let x = view.index(of: root) else { return view.failed ? nil : finish(.unknown, head) }
                top = x
            }
            guard let rows = read(axis, view, root: top, asOfSeq: head.cursor.lastSeq), !view.failed else {
                return nil
            }
            return finish(.rows(rows), head)
        }
    }

    /// A subtree of `root` of at most `limit` things read one object at a time, found from
    /// the head index (or the parent column read whole without one); nil when it is larger or
    /// the snapshot cannot answer.
    private static func answer(axis: Axis, small root: ObjectID, limit: Int, logPath: String, tailBudget: Int64)
        -> Answer?
    {
        return HeadSnapshot.read(logPath: logPath, readBudget: subtreeReadBudget, tailBudget: tailBudget) { head in
            let view = head.view
            guard let x = view.index(of: root) else { return view.failed ? nil : finish(.unknown, head) }
            guard let rows = listed(axis, view, root: x, limit: limit), !view.failed else { return nil }
            return finish(.listed(rows, asOfSeq: head.cursor.lastSeq), head)
        }
    }

    /// `answer` as of the last event (`HeadSnapshot.stands`); nil when an event after the
    /// snapshot could change the tree or a read failed.
    private static func finish(_ answer: Answer, _ head: HeadSnapshot) -> Answer? {
        head.stands(answer) { answer, seq in
            switch answer {
            case .rows(let rows): return .rows(rows.asOf(seq))
            case .listed(let rows, _): return .listed(rows, asOfSeq: seq)
            case .unknown: return .unknown
            }
        }
    }

    /// The rows of `root`'s subtree read one object at a time; nil when the subtree is too
    /// large for the view's budget or a read failed.
    private static func listed(_ axis: Axis, _ view: SnapshotView, root: ObjectIndex, limit: Int) -> [TreeRow]? {
        guard let members = view.members(below: root, axis), members.count <= limit else { return nil }
        var children: [ObjectIndex: [ObjectIndex]] = [:]
        for x in members where !view.isArchived(x) { children[view.edge(x, axis).parent, default: []].append(x) }
        var rows: [TreeRow] = []
        var stack: [(ObjectIndex, Int, Bool)] = [(root, 0, true)]
        while let (x, depth, last) = stack.popLast() {
            let edge = view.edge(x, axis)
            rows.append(
                TreeRow(
                    depth: depth, id: view.id(x), name: view.name(x),
                    parent: edge.isWorld ? nil : view.id(edge.parent),
                    relation: edge.isWorld ? nil : edge.relation.token,
                    positional: PositionalRef.outbound(of: x, axis, reading: view), isLast: last))
            let sorted = (children[x] ?? []).map { ($0, view.name($0), view.id($0)) }.sorted {
                ($0.1, $0.2) < ($1.1, $1.2)
            }
            for (k, child) in sorted.reversed().enumerated() { stack.append((child.0, depth + 1, k == 0)) }
            if view.failed { return nil }
        }
        return rows
    }

    /// The seq of the last event after `cursor` when every one is a `seen` or
    /// a refusal (none changes a tree); nil when any other is there, or a
    /// damaged line or a torn tail (the full path says what they are).
    static func tailLeavesTree(_ file: LogFile, after cursor: LogCursor) -> Int64? {
        HeadSnapshot.tailSeq(file, after: cursor) { payload in
            switch payload {
            case .seen, .refused: return true
            case .created, .renamed, .placed, .returned, .archived, .restored, .lent: return false
            }
        }
    }

    /// The tree of `axis` read from `view`, every value checked; nil when any is damaged.
    private static func read(_ axis: Axis, _ view: SnapshotView, root: ObjectIndex?, asOfSeq: Int64) -> Rows? {
        let n = view.count
        guard n < Int(Int32.max), let registry = view.wholeRegistry(), let columns = WholeAxis(view, axis) else {
            return nil
        }
        let (parents, relations, positional, targets) =
            (columns.parents, columns.relations, columns.positional, columns.targets)
        var archived = [Bool](repeating: false, count: n)
        for x in 0..<n where view.isArchived(ObjectIndex(x)) { archived[x] = true }
        guard !view.failed, registry.fits() else { return nil }
        // The children of each object, not archived, in index order (as `WorldTree` lists them), then sorted.
        var childStart = [Int32](repeating: 0, count: n + 1)
        var roots: [ObjectIndex] = []
        for x in 0..<n where !archived[x] {
            let p = parents[x]
            if p == .world { roots.append(ObjectIndex(x)) } else { childStart[Int(p) + 1] += 1 }
        }
        for k in 0..<n { childStart[k + 1] += childStart[k] }
        var fill = childStart
        var children = [ObjectIndex](repeating: 0, count: Int(childStart[n]))
        for x in 0..<n where !archived[x] && parents[x] != .world {
            let p = Int(parents[x])
            children[Int(fill[p])] = ObjectIndex(x)
            fill[p] += 1
        }
        registry.nameBytes.withUnsafeBufferPointer { names in
            registry.idBytes.withUnsafeBufferPointer { ids in
                let order = NameOrder(registry, names: names, ids: ids)
                if let root { roots = [root] } else { roots.sort(by: order.before) }
                children.withUnsafeMutableBufferPointer { all in
                    for k in 0..<n where childStart[k + 1] - childStart[k] > 1 {
                        var list = UnsafeMutableBufferPointer(
                            rebasing: all[Int(childStart[k])..<Int(childStart[k + 1])])
                        list.sort(by: order.before)
                    }
                }
            }
        }
        return Rows(
            axis: axis, asOfSeq: asOfSeq, registry: registry, parents: parents, relations: relations,
            positionalRelations: positional, targets: targets, roots: roots, childStart: childStart, children: children)
    }

    /// The order `WorldTree` sorts siblings in, `(name, id) <` on Swift
    /// strings, read from the stored bytes: bytes compared as they are when
    /// both names are of the characters whose UTF-8 order is the order Swift
    /// compares strings in (ASCII and the precomposed letters up to U+017F,
    /// each in the normal form Swift compares by), else as strings.
    private struct NameOrder {
        let registry: SnapshotView.Registry
        let names: UnsafeBufferPointer<UInt8>
        let ids: UnsafeBufferPointer<UInt8>
        /// Whether each name's bytes may be compared as they are.
        let plain: [Bool]
        /// The first eight bytes of each name, big-endian, zeros after its end: names
        /// whose keys differ are in the order of their keys.
        let key: [UInt64]

        init(_ registry: SnapshotView.Registry, names: UnsafeBufferPointer<UInt8>, ids: UnsafeBufferPointer<UInt8>) {
            self.registry = registry
            self.names = names
            self.ids = ids
            var plain = [Bool](repeating: true, count: registry.nameStart.count)
            var key = [UInt64](repeating: 0, count: registry.nameStart.count)
            for x in 0..<plain.count {
                let start = registry.nameStart[x]
                let count = Int(registry.nameLength[x])
                var k: UInt64 = 0
                for i in 0..<8 { k = k << 8 | (i < count ? UInt64(names[start + i]) : 0) }
                key[x] = k
                plain[x] = Self.isPlain(UnsafeBufferPointer(rebasing: names[start..<(start + count)]))
            }
            self.plain = plain
            self.key = key
        }

        /// Whether a name's bytes may be compared as they are (`PlingsViews.NameOrder.isPlain`).
        static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { PlingsViews.NameOrder.isPlain(bytes) }

        func name(_ x: Int) -> UnsafeBufferPointer<UInt8> {
            let start = registry.nameStart[x]
            return UnsafeBufferPointer(rebasing: names[start..<(start + Int(registry.nameLength[x]))])
        }

        func id(_ x: Int) -> UnsafeBufferPointer<UInt8> {
            let start = Int(registry.idStart[x])
            return UnsafeBufferPointer(rebasing: ids[start..<(start + Int(registry.idLength[x]))])
        }

        /// -1, 0 or 1 as `a` comes before, with or after `b`, byte by byte.
        static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
            for i in 0..<min(a.count, b.count) where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
        }

        func before(_ a: ObjectIndex, _ b: ObjectIndex) -> Bool {
            let (i, j) = (Int(a), Int(b))
            guard plain[i], plain[j] else {
                return (String(decoding: name(i), as: UTF8.self), String(decoding: id(i), as: UTF8.self))
                    < (String(decoding: name(j), as: UTF8.self), String(decoding: id(j), as: UTF8.self))
            }
            if key[i] != key[j] { return key[i] < key[j] }
            let byName = Self.compare(name(i), name(j))
            return byName != 0 ? byName < 0 : Self.compare(id(i), id(j)) < 0
        }
    }
}

extension HeadTree.Rows {
    /// The same rows as of `seq` (the tail after the snapshot changes none).
    fileprivate func asOf(_ seq: Int64) -> Self {
        Self(
            axis: axis, asOfSeq: seq, registry: registry, parents: parents, relations: relations,
            positionalRelations: positionalRelations, targets: targets, roots: roots, childStart: childStart,
            children: children)
    }
}

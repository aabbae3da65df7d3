import PlingsDomain

/// Paths shortened as history shows them (every container up to five,
/// otherwise the top two, "…" and the nearest three), for many objects of
/// one axis. Each object's depth and top containers are worked out once and
/// kept, so the paths of k objects cost O(k) plus the containers above them
/// once, instead of O(k × depth): the stocktake of a chain 100,000 deep
/// lists 100,000 short paths, not five billion names.
package struct ShortPaths {
    private let parent: (ObjectIndex) -> ObjectIndex
    /// The parent column, for paths on one read whole (then read in place of `parent`).
    private let column: [ObjectIndex]
    /// The number of objects of the tree.
    private let count: Int
    /// Whether what is worked out is kept only for the objects looked at (`slots`), not in
    /// columns as long as the tree.
    private let sparse: Bool
    /// Where each object looked at keeps what is worked out of it, when `sparse` (otherwise
    /// the object's own index is its place).
    private var slots: [ObjectIndex: Int32] = [:]
    /// The containers above an object not worked out yet, while they are (kept for the next).
    private var chain: [ObjectIndex] = []
    /// The number of containers above each object (its path's length), -1 until worked out.
    private var depth: [Int32]
    /// The first `head` containers of each object's path, from the top (World past its length).
    private var top: [ObjectIndex]
    private static let head = HistoryText.pathHead
    private static let tail = HistoryText.pathTail

    /// Short paths on the parent tree `parents`.
    /// - Complexity: O(n) memory (12 bytes an object), filled as paths are asked for.
    package init(_ parents: ParentTree) {
        self.init(count: parents.count, parent: { parents.parent($0) }, column: [], sparse: false)
    }

    /// Short paths of a few objects on the tree of `count` objects whose parent `parent`
    /// gives (World or an object below `count`; World's own is World), each read when asked
    /// for: what is worked out is kept for the objects looked at only, so the paths of the
    /// things in a box cost nothing in proportion to the world.
    /// - Complexity: O(k) memory for the k objects and containers looked at.
    package init(count: Int, parent: @escaping (ObjectIndex) -> ObjectIndex) {
        self.init(count: count, parent: parent, column: [], sparse: true)
    }

    private init(count: Int, parent: @escaping (ObjectIndex) -> ObjectIndex, column: [ObjectIndex], sparse: Bool) {
        self.parent = parent
        self.column = column
        self.count = count
        self.sparse = sparse
        depth = sparse ? [] : [Int32](repeating: -1, count: count)
        top = sparse ? [] : [ObjectIndex](repeating: .world, count: count * Self.head)
    }

    /// Short paths on the tree whose parent column is `parents` (World or an object of the
    /// column for each object), read as it is, without a call for each step up.
    /// - Complexity: O(n) memory (12 bytes an object), filled as paths are asked for.
    package init(parents: [ObjectIndex]) {
        self.init(
            count: parents.count, parent: { x in x == .world ? .world : parents[Int(x)] }, column: parents,
            sparse: false)
    }

    /// The parent of `x` (World's own is World).
    private func up(_ x: ObjectIndex) -> ObjectIndex {
        guard !column.isEmpty else { return parent(x) }
        return x == .world ? .world : column[Int(x)]
    }

    /// Where what is worked out of `x` is kept, nil until it is.
    private func slot(_ x: ObjectIndex) -> Int? {
        guard let s = sparse ? slots[x].map(Int.init) : Int(x), depth[s] >= 0 else { return nil }
        return s
    }

    /// Where what is worked out of `x` is to be kept (made when sparse).
    private mutating func place(_ x: ObjectIndex) -> Int {
        guard sparse else { return Int(x) }
        if let s = slots[x] { return Int(s) }
        let s = depth.count
        slots[x] = Int32(s)
        depth.append(-1)
        top.append(contentsOf: repeatElement(.world, count: Self.head))
        return s
    }

    /// Asks for what is kept of `x` in memory, when kept in columns (only a hint).
    package func prefetch(_ x: ObjectIndex) {
        guard !sparse else { return }
        CacheHint.element(depth, Int(x))
        CacheHint.element(top, Int(x) * Self.head)
    }

    /// The containers of `x`'s path that a view shows, nearest first (as
    /// `HistoryText.shown` gives them), and whether some between the top ones
    /// and the nearest ones are left out.
    /// - Complexity: O(1), plus the containers above `x` not worked out before.
    package mutating func shown(_ x: ObjectIndex) -> (shown: [ObjectIndex], elided: Bool) {
        var shown: [ObjectIndex] = []
        let elided = self.shown(x, into: &shown)
        return (shown, elided)
    }

    /// The containers of `x`'s path that a view shows, nearest first, put in `shown` (emptied
    /// first, its storage kept: one buffer serves a whole list); returns whether some between
    /// the top ones and the nearest ones are left out.
    /// - Complexity: O(1), plus the containers above `x` not worked out before.
    package mutating func shown(_ x: ObjectIndex, into shown: inout [ObjectIndex]) -> Bool {
        shown.removeAll(keepingCapacity: true)
        guard x >= 0, Int(x) < count else { return false }
        let s = resolve(x)
        let d = Int(depth[s])
        var node = up(x)
        let elided = d > Self.head + Self.tail
        for _ in 0..<(elided ? Self.tail : d) where node != .world {
            shown.append(node)
            node = up(node)
        }
        if elided {
            for k in (0..<Self.head).reversed() { shown.append(top[s * Self.head + k]) }
        }
        return elided
    }

    /// Works out the depth and top containers of `x` and of the containers
    /// above it not worked out yet, from the nearest one that is (or World);
    /// returns where those of `x` are kept.
    private mutating func resolve(_ x: ObjectIndex) -> Int {
        if let s = slot(x) { return s }
        chain.removeAll(keepingCapacity: true)
        var node = x
        while node != .world, slot(node) == nil, chain.count <= count {
            chain.append(node)
            node = up(node)
        }
        for z in chain.reversed() {
            let p = up(z)
            let s = place(z)
            // A parent not worked out here would be a cycle (damage): counted as World.
            guard p != .world, let ps = slot(p) else {
                depth[s] = 0
                continue
            }
            let d = Int(depth[ps])
            depth[s] = Int32(d + 1)
            for k in 0..<Self.head {
                top[s * Self.head + k] = k < d ? top[ps * Self.head + k] : (k == d ? p : .world)
            }
        }
        return place(x)
    }
}

extension Location {
    /// The location of `x` on `paths`' axis with its path shortened as
    /// history shows it (`elided` when containers are left out).
    /// - Complexity: O(k log k) for k inbound positional relations, plus what `paths` works out.
    package init(_ x: ObjectIndex, axis: Axis, reading world: some CardReading, paths: inout ShortPaths) {
        self.init(x, axis: axis, reading: world, path: [])
        let (shown, elided) = paths.shown(x)
        path = shown.reversed().map { ObjectRef(id: world.id($0), name: world.name($0)) }
        self.elided = elided
    }
}

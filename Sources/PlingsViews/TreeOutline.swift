import PlingsDomain

/// The tree as a navigator shows it: the things in one place (World or a
/// thing), a page of them at a time, and below them as many levels as fit
/// in a budget of rows, breadth first; every thing listed says how many
/// things it holds, so what is not shown is one step away.
///
/// A small world is shown whole; in a large one the page stays the same
/// size whatever the world's: at most `Limits.rows` rows, each listed
/// thing's contents cut at `Limits.perThing`.
public struct TreeOutline: Sendable, Hashable {
    /// How much one outline shows.
    public struct Limits: Sendable, Hashable {
        /// The things of the place listed at once (a page of them, from `from`).
        public var page: Int
        /// The rows in all, the place's things first, then the levels below them.
        public var rows: Int
        /// The things listed below one thing.
        public var perThing: Int

        /// Limits of `page` things of the place, `rows` rows in all, `perThing` below each.
        public init(page: Int = 100, rows: Int = 300, perThing: Int = 25) {
            (self.page, self.rows, self.perThing) = (max(1, page), max(1, rows), max(0, perThing))
        }
    }

    /// One thing listed, depth first.
    public struct Item: Sendable, Hashable {
        /// The thing's row; its depth is 0 for the things directly in the place.
        public var row: TreeRow
        /// How many things it holds directly (archived things left out).
        public var contents: Int
        /// How many of them are listed right after it (the first of them by name, then id).
        public var shown: Int
        /// On the current axis, the loan it is on when it is lent (it is then at World, with
        /// the person who has it); nil otherwise.
        public var loan: LoanRef?
    }

    /// The axis shown (`current` or `normal`).
    public var axis: String
    /// The last event the outline reflects.
    public var asOfSeq: Int64
    /// The thing whose contents are listed (its row at depth 0), or nil for World.
    public var place: TreeRow?
    /// The containers from the top (below World) down to the place's parent; when
    /// `elided`, only the top two and the nearest three.
    public var path: [ObjectRef]
    /// Whether containers are left out of the middle of `path`.
    public var elided: Bool
    /// How many things the place holds directly.
    public var total: Int
    /// Where in the place's things (sorted by name, then id) the page starts.
    public var from: Int
    /// The things listed, depth first.
    public var items: [Item]

    /// The outline of `place` (World when nil) on `axis` in `world`, its things from `from` on.
    ///
    /// - Parameters:
    ///   - parents: every object's parent on `axis` (`.world` at World), read whole;
    ///   - archived: the archived objects (left out, as the tree leaves them out).
    /// - Complexity: O(n) for n objects, plus O(k log k) for the k things of each
    ///   place whose contents are listed.
    package init(
        axis: Axis, place: ObjectIndex?, from: Int, limits: Limits, parents: [ObjectIndex],
        archived: [ObjectIndex], reading world: some CardReading
    ) {
        let contents = Contents(parents: parents, archived: archived)
        self.init(
            axis: axis, place: place, from: from, limits: limits, reading: world,
            inside: { $0.map { contents.of($0) } ?? contents.roots })
    }

    /// The outline of `place` (World when nil) on `axis`, its things from `from` on, with what
    /// each place holds given by `inside` (the things directly in it, archived ones left out,
    /// in index order; World's for nil): from a parent column, or an index of one.
    package init(
        axis: Axis, place: ObjectIndex?, from: Int, limits: Limits, reading world: some CardReading,
        inside: (ObjectIndex?) -> ArraySlice<ObjectIndex>
    ) {
        func order(_ list: ArraySlice<ObjectIndex>) -> [ObjectIndex] {
            let xs = Array(list)
            return NameOrder.sorted(xs, names: world.names(xs), ids: { world.ids($0) })
        }
        let top = order(place.map { inside($0) } ?? inside(nil))
        let start = min(max(0, from), top.count)
        let listed = Array(top[start..<min(top.count, start + limits.page)])
        // Breadth first: each thing listed opens its first things while rows are left. Each
        // object is listed once (only a damaged parent column has a cycle to meet one again).
        var below: [ObjectIndex: [ObjectIndex]] = [:]
        var left = limits.rows - listed.count
        var queue = listed[...]
        var met = Set(listed + (place.map { [$0] } ?? []))
        while left > 0, let x = queue.popFirst() {
            let held = inside(x)
            guard !held.isEmpty, limits.perThing > 0 else { continue }
            let shown = Array(order(held).lazy.filter { !met.contains($0) }.prefix(min(limits.perThing, left)))
            met.formUnion(shown)
            below[x] = shown
            left -= shown.count
            queue.append(contentsOf: shown)
        }
        var items: [Item] = []
        var stack: [(ObjectIndex, Int, Bool)] = listed.reversed().enumerated().map { ($1, 0, $0 == 0) }
        while let (x, depth, last) = stack.popLast() {
            let edge = world.edge(x, axis)
            let shown = below[x] ?? []
            items.append(
                Item(
                    row: TreeRow(
                        depth: depth, id: world.id(x), name: world.name(x),
                        parent: edge.isWorld ? nil : world.id(edge.parent),
                        relation: edge.isWorld ? nil : edge.relation.token,
                        positional: PositionalRef.outbound(of: x, axis, reading: world), isLast: last),
                    contents: inside(x).count, shown: shown.count,
                    loan: axis == .current ? world.loan(x).map { LoanRef($0, reading: world) } : nil))
            for (k, child) in shown.reversed().enumerated() { stack.append((child, depth + 1, k == 0)) }
        }
        self.axis = axis.token
        asOfSeq = world.lastSeq
        self.place = place.map { x in
            let edge = world.edge(x, axis)
            return TreeRow(
                depth: 0, id: world.id(x), name: world.name(x), parent: edge.isWorld ? nil : world.id(edge.parent),
                relation: edge.isWorld ? nil : edge.relation.token,
                positional: PositionalRef.outbound(of: x, axis, reading: world), isLast: true)
        }
        let chain = place.map { world.path(to: $0, axis) } ?? []
        elided = chain.count > 5
        path = (elided ? Array(chain.prefix(2) + chain.suffix(3)) : chain).map {
            ObjectRef(id: world.id($0), name: world.name($0))
        }
        total = top.count
        self.from = start
        self.items = items
    }

    /// The same outline as of `seq` (no event up to it changes it).
    package func asOf(_ seq: Int64) -> Self {
        var outline = self
        outline.asOfSeq = seq
        return outline
    }
}

/// What every object holds, from a parent column: the children of each, in
/// index order, archived objects left out.
private struct Contents {
    /// The objects at World.
    let roots: ArraySlice<ObjectIndex>
    /// The children of `x`: `children[start[x]..<start[x + 1]]`.
    private let start: [Int32]
    private let children: [ObjectIndex]

    init(parents: [ObjectIndex], archived: [ObjectIndex]) {
        let n = parents.count
        var out = [Bool](repeating: false, count: n)
        for x in archived where x >= 0 && Int(x) < n { out[Int(x)] = true }
        var start = [Int32](repeating: 0, count: n + 1)
        var roots: [ObjectIndex] = []
        for x in 0..<n where !out[x] {
            let p = parents[x]
            if p == .world {
                roots.append(ObjectIndex(x))
            } else if p >= 0 && Int(p) < n {
                start[Int(p) + 1] += 1
            }
        }
        for k in 0..<n { start[k + 1] += start[k] }
        var fill = start
        var children = [ObjectIndex](repeating: 0, count: Int(start[n]))
        for x in 0..<n where !out[x] {
            let p = parents[x]
            guard p >= 0 && Int(p) < n else { continue }
            children[Int(fill[Int(p)])] = ObjectIndex(x)
            fill[Int(p)] += 1
        }
        self.roots = roots[...]
        self.start = start
        self.children = children
    }

    /// The children of `x`.
    func of(_ x: ObjectIndex) -> ArraySlice<ObjectIndex> {
        guard x >= 0, Int(x) + 1 < start.count else { return [] }
        return children[Int(start[Int(x)])..<Int(start[Int(x) + 1])]
    }
}

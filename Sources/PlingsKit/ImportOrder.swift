/// The order of an import's placements: each after the placement, on the same axis, of the
/// row its container cell names (Kahn's algorithm, the file's order among the free ones).
///
/// A placement on both axes waits for its reference on both. Placements on both axes can
/// wait for each other across the axes where placements on one axis each would not (A both
/// in B; B now in C, at home in World; C both in D; D now in World, at home in A: no axis
/// has a circle): then the waiting ones are split into one per axis and ordered again. Placements that still wait
/// for each other form a circle on one axis (A in B and B in A; A left of B and B right of
/// A), which no order can make: they are taken out and reported.
struct ImportOrder {
    /// A placement: the entry and its axes.
    typealias Node = (entry: Int32, axes: AxisSet)

    private let entries: [ImportPlan.Entry]
    /// The placements in order.
    private(set) var nodes: [Node] = []
    /// Entries whose placement on `axis` is in a circle, with the other entries of the circle.
    private(set) var circles: [(entry: Int32, others: [Int32], axis: Axis)] = []

    init(_ entries: [ImportPlan.Entry]) { self.entries = entries }

    mutating func run() {
        var waiting: [Node] = []
        for (i, entry) in entries.enumerated() where !entry.bad {
            guard let current = entry.current, let home = entry.home else { continue }
            if current == home {
                waiting.append((Int32(i), .both))
            } else {
                waiting.append((Int32(i), .current))
                waiting.append((Int32(i), .normal))
            }
        }
        while !waiting.isEmpty {
            waiting = pass(waiting)
            if waiting.isEmpty { break }
            if waiting.contains(where: { $0.axes == .both }) {
                waiting = waiting.flatMap { node in
                    node.axes == .both ? [(node.entry, .current), (node.entry, .normal)] : [node]
                }
                continue
            }
            waiting = removeCircle(waiting)
        }
    }

    /// The entry `node`'s placement on `axis` waits for, if it is one of the file's.
    private func reference(_ node: Node, _ axis: Axis) -> Int32? {
        let entry = entries[Int(node.entry)]
        let place = axis == .current ? entry.current : entry.home
        guard let row = place?.row, row >= 0, row != node.entry else { return nil }
        return row
    }

    /// Where each entry's placements are in a set being ordered: one array per axis set
    /// (current, normal, both), -1 for none.
    private struct Positions {
        var of: [[Int32]]

        init(_ set: [Node], entries: Int) {
            of = Array(repeating: [Int32](repeating: -1, count: entries), count: 3)
            for (k, node) in set.enumerated() { of[Int(node.axes.rawValue) - 1][Int(node.entry)] = Int32(k) }
        }

        /// The placement of `entry` that covers `axis`: on both axes, or on this one.
        func covering(_ entry: Int32, _ axis: Axis) -> Int? {
            let both = of[Int(AxisSet.both.rawValue) - 1][Int(entry)]
            let one = of[Int(AxisSet(axis).rawValue) - 1][Int(entry)]
            let k = both >= 0 ? both : one
            return k >= 0 ? Int(k) : nil
        }
    }

    /// The positions in `set` of the placements `set[k]` waits for.
    private func waitsFor(_ k: Int, _ set: [Node], _ positions: Positions) -> [Int] {
        var found: [Int] = []
        for axis in set[k].axes.axes {
            guard let row = reference(set[k], axis), let m = positions.covering(row, axis) else { continue }
            if m != k && !found.contains(m) { found.append(m) }
        }
        return found
    }

    /// Orders what it can of `set` into `nodes`; returns the placements left waiting.
    private mutating func pass(_ set: [Node]) -> [Node] {
        let positions = Positions(set, entries: entries.count)
        var waitCount = [Int32](repeating: 0, count: set.count)
        var start = [Int](repeating: 0, count: set.count + 1)
        var edges: [(from: Int, to: Int)] = []
        for k in set.indices {
            for m in waitsFor(k, set, positions) {
                edges.append((m, k))
                waitCount[k] += 1
                start[m + 1] += 1
            }
        }
        for k in set.indices { start[k + 1] += start[k] }
        var fill = start
        var next = [Int](repeating: 0, count: edges.count)
        for edge in edges {
            next[fill[edge.from]] = edge.to
            fill[edge.from] += 1
        }
        var queue = set.indices.filter { waitCount[$0] == 0 }
        var head = 0
        while head < queue.count {
            let k = queue[head]
            head += 1
            nodes.append(set[k])
            for to in next[start[k]..<start[k + 1]] {
                waitCount[to] -= 1
                if waitCount[to] == 0 { queue.append(to) }
            }
        }
        return set.indices.filter { waitCount[$0] > 0 }.map { set[$0] }
    }

    /// Finds one circle among `set` (each of which waits for another of it), records it, and
    /// returns the placements of the other entries.
    private mutating func removeCircle(_ set: [Node]) -> [Node] {
        let positions = Positions(set, entries: entries.count)
        var seenAt: [Int: Int] = [:]
        var path: [Int] = []
        var k = 0
        while seenAt[k] == nil {
            seenAt[k] = path.count
            path.append(k)
            guard let m = waitsFor(k, set, positions).first else { break }
            k = m
        }
        let circle = seenAt[k].map { Array(path[$0...]) } ?? [k]
        let members = circle.map { set[$0].entry }
        for k in circle {
            let axis = set[k].axes.axes.first ?? .current
            let entry = set[k].entry
            circles.append((entry, members.filter { $0 != entry }, axis))
        }
        // The rows of the circle are refused whole: their other placements go too.
        let out = Set(members)
        return set.filter { !out.contains($0.entry) }
    }
}

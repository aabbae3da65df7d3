/// Projector: the positional edges of one axis, with an inbound index so the
/// cascade finds every edge pointing at an object that moves.
///
/// Each object has at most one outbound positional edge per axis, so the
/// inbound index is an intrusive doubly-linked list threaded through the
/// sources: adding, removing and walking cost O(1) per edge and nothing is
/// allocated per edge.
public struct PositionalEdges: Sendable {
    public let axis: Axis
    @usableFromInline var relation: [UInt8] = []  // Relation raw value, or `none`
    @usableFromInline var target: [ObjectIndex] = []
    @usableFromInline var inboundHead: [ObjectIndex] = []
    @usableFromInline var nextInbound: [ObjectIndex] = []
    @usableFromInline var prevInbound: [ObjectIndex] = []
    @usableFromInline static let none: UInt8 = 0xFF
    @usableFromInline static let nobody: ObjectIndex = -1

    public init(axis: Axis) { self.axis = axis }

    /// The outbound positional edge of `x`, if any.
    @inlinable
    public func outbound(_ x: ObjectIndex) -> PositionalEdge? {
        let raw = relation[Int(x)]
        guard raw != Self.none, let rel = Relation(rawValue: raw) else { return nil }
        return PositionalEdge(rel, target[Int(x)])
    }

    /// The objects with a positional edge pointing at `y`, newest first.
    public func inbound(_ y: ObjectIndex) -> [ObjectIndex] {
        var result: [ObjectIndex] = []
        var node = inboundHead[Int(y)]
        while node != Self.nobody {
            result.append(node)
            node = nextInbound[Int(node)]
        }
        return result
    }

    /// Number of edges on the axis.
    public var edgeCount: Int { relation.reduce(0) { $0 + ($1 == Self.none ? 0 : 1) } }

    /// Number of objects the edge sets know.
    public var count: Int { relation.count }

    /// A new object starts with no edges.
    public mutating func appendObject() {
        relation.append(Self.none)
        target.append(Self.nobody)
        inboundHead.append(Self.nobody)
        nextInbound.append(Self.nobody)
        prevInbound.append(Self.nobody)
    }

    /// Replaces the outbound edge of `x` by `edge` (or by nothing), reporting
    /// the change. Returns whether anything changed.
    @discardableResult
    public mutating func setOutbound(_ x: ObjectIndex, to edge: PositionalEdge?, effects: inout EffectLog) -> Bool {
        let old = outbound(x)
        guard old != edge else { return false }
        if let old {
            unlink(x, from: old.target)
            effects.add(.positionalRemoved(x, axis, old, because: .replaced))
        }
        if let edge {
            relation[Int(x)] = edge.relation.rawValue
            target[Int(x)] = edge.target
            link(x, to: edge.target)
            effects.add(.positionalAdded(x, axis, edge))
        }
        return true
    }

    /// The cascade: drops every edge that points at `y`, because `y` moved.
    /// The dropped edges are reported in index order, whatever order the
    /// inbound list holds them in.
    @discardableResult
    public mutating func dropInbound(to y: ObjectIndex, effects: inout EffectLog) -> [(ObjectIndex, UInt8)] {
        var node = inboundHead[Int(y)]
        if node == Self.nobody { return [] }
        var dropped: [(ObjectIndex, UInt8)] = []
        while node != Self.nobody {
            let next = nextInbound[Int(node)]
            dropped.append((node, relation[Int(node)]))
            relation[Int(node)] = Self.none
            target[Int(node)] = Self.nobody
            nextInbound[Int(node)] = Self.nobody
            prevInbound[Int(node)] = Self.nobody
            node = next
        }
        inboundHead[Int(y)] = Self.nobody
        guard effects.isRecording else { return dropped }
        for (source, raw) in dropped.sorted(by: { $0.0 < $1.0 }) {
            if let r = Relation(rawValue: raw) {
                effects.add(.positionalRemoved(source, axis, PositionalEdge(r, y), because: .referenceMoved(y)))
            }
        }
        return dropped
    }

    /// The raw outbound edges: relation raw values (0xFF for none) and targets.
    public var rawOutbound: (relations: [UInt8], targets: [ObjectIndex]) { (relation, target) }

    /// Rebuilds the edges from raw outbound arrays, deriving the inbound index;
    /// nil when the arrays do not describe valid edges.
    public init?(axis: Axis, relations: [UInt8], targets: [ObjectIndex]) {
        guard relations.count == targets.count else { return nil }
        for x in 0..<relations.count {
            if relations[x] == Self.none {
                guard targets[x] == Self.nobody else { return nil }
            } else {
                guard let r = Relation(rawValue: relations[x]), r.isPositional, targets[x] >= 0,
                    Int(targets[x]) < relations.count, Int(targets[x]) != x
                else { return nil }
            }
        }
        self.axis = axis
        relation = relations
        target = targets
        let n = relations.count
        inboundHead = [ObjectIndex](repeating: Self.nobody, count: n)
        nextInbound = [ObjectIndex](repeating: Self.nobody, count: n)
        prevInbound = [ObjectIndex](repeating: Self.nobody, count: n)
        for x in 0..<n where relations[x] != Self.none { link(ObjectIndex(x), to: targets[x]) }
    }

    private mutating func link(_ x: ObjectIndex, to y: ObjectIndex) {
        let head = inboundHead[Int(y)]
        nextInbound[Int(x)] = head
        prevInbound[Int(x)] = Self.nobody
        if head != Self.nobody { prevInbound[Int(head)] = x }
        inboundHead[Int(y)] = x
    }

    private mutating func unlink(_ x: ObjectIndex, from y: ObjectIndex) {
        let prev = prevInbound[Int(x)]
        let next = nextInbound[Int(x)]
        if prev != Self.nobody { nextInbound[Int(prev)] = next } else { inboundHead[Int(y)] = next }
        if next != Self.nobody { prevInbound[Int(next)] = prev }
        relation[Int(x)] = Self.none
        target[Int(x)] = Self.nobody
        nextInbound[Int(x)] = Self.nobody
        prevInbound[Int(x)] = Self.nobody
    }

    /// Reserves room for `count` more objects.
    public mutating func reserve(_ count: Int) {
        relation.reserveCapacity(relation.count + count)
        target.reserveCapacity(target.count + count)
        inboundHead.reserveCapacity(inboundHead.count + count)
        nextInbound.reserveCapacity(nextInbound.count + count)
        prevInbound.reserveCapacity(prevInbound.count + count)
    }
}

extension PositionalEdges: Equatable {
    /// Equal when every object has the same outbound edge; the inbound index
    /// is derived from those and its order is not part of the state.
    public static func == (a: PositionalEdges, b: PositionalEdges) -> Bool {
        a.axis == b.axis && a.relation == b.relation && a.target == b.target
    }
}

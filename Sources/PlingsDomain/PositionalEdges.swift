/// Projector: the positional edges of one axis, with an inbound index so the
/// cascade finds every edge pointing at an object that moves.
///
/// Each object has at most one outbound positional edge per axis, so the
/// inbound index is an intrusive doubly-linked list threaded through the
/// sources: adding, removing and walking cost O(1) per edge and nothing is
/// allocated per edge.
public struct PositionalEdges: Sendable, Equatable {
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
    public mutating func dropInbound(to y: ObjectIndex, effects: inout EffectLog) {
        var node = inboundHead[Int(y)]
        while node != Self.nobody {
            let next = nextInbound[Int(node)]
            let rel = relation[Int(node)]
            relation[Int(node)] = Self.none
            target[Int(node)] = Self.nobody
            nextInbound[Int(node)] = Self.nobody
            prevInbound[Int(node)] = Self.nobody
            if let r = Relation(rawValue: rel) {
                effects.add(.positionalRemoved(node, axis, PositionalEdge(r, y), because: .referenceMoved(y)))
            }
            node = next
        }
        inboundHead[Int(y)] = Self.nobody
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

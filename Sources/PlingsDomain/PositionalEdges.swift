/// Projector: the positional edges of one axis, with an inbound index so the
/// cascade finds every edge pointing at an object that moves.
///
/// Each object has at most one outbound positional edge per axis, so the
/// inbound index is an intrusive doubly-linked list threaded through the
/// sources: adding, removing and walking cost O(1) per edge and nothing is
/// allocated per edge. An object's edge, its list links and the head of its
/// own inbound list share one 20-byte slot, so changing an edge and
/// dropping the edges that point at the object touch one cache line (two
/// when the slot straddles a line), not six.
@usableFromInline package struct PositionalEdges: Sendable {
    /// The axis these edges are of.
    @usableFromInline package let axis: Axis

    /// One object's outbound edge, its links in the target's inbound list,
    /// and the first edge of its own inbound list.
    @usableFromInline
    struct Slot: Sendable {
        @usableFromInline var target: ObjectIndex
        @usableFromInline var next: ObjectIndex
        @usableFromInline var prev: ObjectIndex
        /// The newest edge pointing at this object, or `nobody`.
        @usableFromInline var head: ObjectIndex
        /// Relation raw value, or `none`.
        @usableFromInline var relation: UInt8

        @usableFromInline static let empty = Slot(
            target: nobody, next: nobody, prev: nobody, head: nobody, relation: none)

        @usableFromInline
        init(target: ObjectIndex, next: ObjectIndex, prev: ObjectIndex, head: ObjectIndex, relation: UInt8) {
            self.target = target
            self.next = next
            self.prev = prev
            self.head = head
            self.relation = relation
        }

        /// Takes the outbound edge away, keeping the inbound head.
        @usableFromInline
        mutating func clearEdge() {
            target = nobody
            next = nobody
            prev = nobody
            relation = none
        }
    }

    @usableFromInline var slots: [Slot] = []
    @usableFromInline static let none: UInt8 = 0xFF
    @usableFromInline static let nobody: ObjectIndex = -1

    @usableFromInline package init(axis: Axis) { self.axis = axis }

    /// The outbound positional edge of `x`, if any.
    @inlinable
    package func outbound(_ x: ObjectIndex) -> PositionalEdge? {
        let slot = slots[Int(x)]
        guard slot.relation != Self.none, let rel = Relation(rawValue: slot.relation) else { return nil }
        return PositionalEdge(rel, slot.target)
    }

    /// The objects with a positional edge pointing at `y`, newest first.
    @usableFromInline package func inbound(_ y: ObjectIndex) -> [ObjectIndex] {
        var result: [ObjectIndex] = []
        var node = slots[Int(y)].head
        while node != Self.nobody {
            result.append(node)
            node = slots[Int(node)].next
        }
        return result
    }

    /// Number of edges on the axis.
    @usableFromInline package var edgeCount: Int { slots.reduce(0) { $0 + ($1.relation == Self.none ? 0 : 1) } }

    /// Number of objects the edge sets know.
    @usableFromInline package var count: Int { slots.count }

    /// A new object starts with no edges.
    @usableFromInline package mutating func appendObject() {
        slots.append(.empty)
    }

    /// Replaces the outbound edge of `x` by `edge` (or by nothing), reporting
    /// the change. Returns whether anything changed.
    @discardableResult
    @usableFromInline package mutating func setOutbound(
        _ x: ObjectIndex, to edge: PositionalEdge?, effects: inout EffectLog
    ) -> Bool {
        let old = outbound(x)
        guard old != edge else { return false }
        if let old {
            unlink(x, from: old.target)
            effects.add(.positionalRemoved(x, axis, old, because: .replaced))
        }
        if let edge {
            slots[Int(x)].relation = edge.relation.rawValue
            slots[Int(x)].target = edge.target
            link(x, to: edge.target)
            effects.add(.positionalAdded(x, axis, edge))
        }
        return true
    }

    /// Removes the outbound edge of `x`, if any, reporting `cause`. Returns whether there was one.
    @discardableResult
    @usableFromInline package mutating func removeOutbound(
        _ x: ObjectIndex, because cause: Effect.RemovalCause, effects: inout EffectLog
    ) -> Bool {
        guard let old = outbound(x) else { return false }
        unlink(x, from: old.target)
        effects.add(.positionalRemoved(x, axis, old, because: cause))
        return true
    }

    /// The cascade: drops every edge that points at `y`, because `y` moved.
    /// The dropped edges are reported in index order, whatever order the
    /// inbound list holds them in.
    @discardableResult
    @usableFromInline package mutating func dropInbound(to y: ObjectIndex, effects: inout EffectLog) -> [(
        ObjectIndex, UInt8
    )] {
        var node = slots[Int(y)].head
        if node == Self.nobody { return [] }
        var dropped: [(ObjectIndex, UInt8)] = []
        while node != Self.nobody {
            let next = slots[Int(node)].next
            dropped.append((node, slots[Int(node)].relation))
            slots[Int(node)].clearEdge()
            node = next
        }
        slots[Int(y)].head = Self.nobody
        guard effects.isRecording else { return dropped }
        for (source, raw) in dropped.sorted(by: { $0.0 < $1.0 }) {
            if let r = Relation(rawValue: raw) {
                effects.add(.positionalRemoved(source, axis, PositionalEdge(r, y), because: .referenceMoved(y)))
            }
        }
        return dropped
    }

    /// The raw outbound edges: relation raw values (0xFF for none) and targets.
    @usableFromInline package var rawOutbound: (relations: [UInt8], targets: [ObjectIndex]) {
        (slots.map(\.relation), slots.map(\.target))
    }

    /// Rebuilds the edges from raw outbound arrays, deriving the inbound index;
    /// nil when the arrays do not describe valid edges.
    @usableFromInline package init?(axis: Axis, relations: [UInt8], targets: [ObjectIndex]) {
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
        let n = relations.count
        slots = (0..<n).map {
            Slot(target: targets[$0], next: Self.nobody, prev: Self.nobody, head: Self.nobody, relation: relations[$0])
        }
        for x in 0..<n where relations[x] != Self.none { link(ObjectIndex(x), to: targets[x]) }
    }

    private mutating func link(_ x: ObjectIndex, to y: ObjectIndex) {
        let head = slots[Int(y)].head
        slots[Int(x)].next = head
        slots[Int(x)].prev = Self.nobody
        if head != Self.nobody { slots[Int(head)].prev = x }
        slots[Int(y)].head = x
    }

    private mutating func unlink(_ x: ObjectIndex, from y: ObjectIndex) {
        let prev = slots[Int(x)].prev
        let next = slots[Int(x)].next
        if prev != Self.nobody { slots[Int(prev)].next = next } else { slots[Int(y)].head = next }
        if next != Self.nobody { slots[Int(next)].prev = prev }
        slots[Int(x)].clearEdge()
    }

    /// Reserves room for `count` more objects.
    @usableFromInline package mutating func reserve(_ count: Int) {
        slots.reserveCapacity(slots.count + count)
    }
}

extension PositionalEdges: Equatable {
    /// Equal when every object has the same outbound edge; the inbound index
    /// is derived from those and its order is not part of the state.
    @usableFromInline package static func == (a: PositionalEdges, b: PositionalEdges) -> Bool {
        guard a.axis == b.axis, a.slots.count == b.slots.count else { return false }
        for k in a.slots.indices
        where a.slots[k].relation != b.slots[k].relation || a.slots[k].target != b.slots[k].target {
            return false
        }
        return true
    }
}

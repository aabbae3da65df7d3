// Replay's look-ahead: hints that bring the cache lines a coming event will
// touch closer while the events before it are folded, so their misses
// overlap instead of following one another. The domain says which records
// a coming event reads (it knows its own layout); the log layer says how to
// bring them closer (it owns the machine's prefetch instruction, see
// PlingsLog's `Prefetch`). A hint never changes a value: the fold does every
// check itself when the event's turn comes (the only thing it takes from the
// look-ahead is an id's index, which cannot change).

/// Something that can be told which array elements are about to be read.
///
/// Conformers only hint: they must not change, and cannot see, what a
/// program computes. The look-ahead below is generic over it and inlinable,
/// so the caller's conformer is specialised in and each hint is one
/// instruction.
@usableFromInline package protocol CacheHinting {
    /// Hints the cache line of element `i` of `array` (nothing when `i` is out of bounds).
    func element<Element>(_ array: [Element], _ i: Int)
    /// Hints every cache line of element `i`: its first and its last byte
    /// (an element whose size is not a power of two may straddle two lines).
    func whole<Element>(_ array: [Element], _ i: Int)
}

extension ObjectRegistry {
    /// Hints the table slot where the search for an id of `length` bytes
    /// with `key` (see `index(key:bytes:)`) starts, and the slot after it (a
    /// search that goes on takes it next; a new line for one slot in four);
    /// nothing for a long id.
    @inlinable
    func prefetchSlot(key: UInt64, length: Int, _ hints: some CacheHinting) {
        guard length <= 8 else { return }
        let slot = Self.slot(key, length, mask: table.count / 2 - 1)
        hints.element(table, 2 * slot)
        hints.element(table, 2 * slot + 3)
    }
}

extension ParentTree {
    /// Hints everything `set`, `edge` and `wouldCycle` read of `x`.
    @inlinable
    func prefetch(_ x: ObjectIndex, _ hints: some CacheHinting) {
        hints.whole(nodes, Int(x))
    }
}

extension PositionalEdges {
    /// Hints `x`'s slot (with the head of its inbound list).
    @inlinable
    func prefetch(_ x: ObjectIndex, _ hints: some CacheHinting) {
        hints.whole(slots, Int(x))
    }

    /// Hints the slots `x`'s edge is linked to and the first edge pointing at `x`.
    @inlinable
    func prefetchNeighbours(_ x: ObjectIndex, _ hints: some CacheHinting) {
        let slot = slots[Int(x)]
        if slot.relation != Self.none {
            hints.whole(slots, Int(slot.prev >= 0 ? slot.prev : slot.target))
            if slot.next >= 0 { hints.whole(slots, Int(slot.next)) }
        }
        if slot.head >= 0 { hints.whole(slots, Int(slot.head)) }
    }
}

extension ObjectStatus {
    /// Hints what a placement reads and writes of `x`'s status.
    @inlinable
    func prefetch(_ x: ObjectIndex, handled: Bool, _ hints: some CacheHinting) {
        hints.element(archivedFlags, Int(x))
        guard handled else { return }
        hints.whole(clocks, Int(x))
    }
}

// The look-ahead's entry points are `mutating` although they change
// nothing: a caller in another module then passes the state by reference
// instead of copying its 200-odd bytes for every call (three calls a line).
extension WorldState {
    /// Look-ahead, first stage: hints the table slots of a coming line's
    /// ids, given as their keys and lengths (see `ObjectRegistry.index(key:bytes:)`).
    @inlinable
    package mutating func prefetchSlots(
        object: (key: UInt64, length: Int), target: (key: UInt64, length: Int)?, _ hints: some CacheHinting
    ) {
        registry.prefetchSlot(key: object.key, length: object.length, hints)
        if let target { registry.prefetchSlot(key: target.key, length: target.length, hints) }
    }

    /// Look-ahead, third stage (on a line whose slots were hinted before):
    /// hints what placing object `x` against target `y` reads and writes of
    /// their own records. Nil is an id not (yet) known, or World.
    @inlinable
    package mutating func prefetchRecords(object x: ObjectIndex?, target y: ObjectIndex?, _ hints: some CacheHinting) {
        if let x { prefetchOwnRecords(x, handled: true, hints) }
        if let y { prefetchOwnRecords(y, handled: false, hints) }
    }

    /// One object's records on both axes and its status (`handled`: also the
    /// clocks a placement of it writes).
    @inlinable @inline(__always)
    func prefetchOwnRecords(_ x: ObjectIndex, handled: Bool, _ hints: some CacheHinting) {
        current.parents.prefetch(x, hints)
        normal.parents.prefetch(x, hints)
        current.positional.prefetch(x, hints)
        normal.positional.prefetch(x, hints)
        status.prefetch(x, handled: handled, hints)
    }

    /// Look-ahead, fourth stage (once the records of `prefetchRecords` are in
    /// cache): hints the records they point to, on both axes.
    @inlinable
    package mutating func prefetchLinked(object x: ObjectIndex?, target y: ObjectIndex?, _ hints: some CacheHinting) {
        current.prefetchLinked(x, y, hints)
        normal.prefetchLinked(x, y, hints)
        // The newest object placed against `x` on each axis: when `x` moves,
        // the cascade drops that edge and asks whether the object is away.
        guard let x else { return }
        let heads = (current.positional.slots[Int(x)].head, normal.positional.slots[Int(x)].head)
        if heads.0 >= 0 { prefetchOwnRecords(heads.0, handled: true, hints) }
        if heads.1 >= 0 && heads.1 != heads.0 { prefetchOwnRecords(heads.1, handled: true, hints) }
    }
}

extension AxisProjection {
    /// Hints the records that placing `x` against `y` reaches through their
    /// own: the child counts of the old and new parents, the grandparent the
    /// cycle check climbs to, and the neighbours in the inbound lists.
    @inlinable
    func prefetchLinked(_ x: ObjectIndex?, _ y: ObjectIndex?, _ hints: some CacheHinting) {
        if let x {
            let old = parents.parent(x)
            if old != .world { hints.whole(parents.nodes, Int(old)) }
            positional.prefetchNeighbours(x, hints)
        }
        if let y {
            let up = parents.parent(y)
            if up != .world { hints.whole(parents.nodes, Int(up)) }
            let head = positional.slots[Int(y)].head
            if head >= 0 { hints.whole(positional.slots, Int(head)) }
        }
    }
}

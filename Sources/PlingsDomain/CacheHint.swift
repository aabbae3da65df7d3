import CPlingsPrefetch

// Replay's look-ahead: hints that bring the cache lines a coming event will
// touch closer while the events before it are folded, so their misses
// overlap instead of following one another. A hint never changes a value:
// the fold does every check itself when the event's turn comes (the only
// thing it takes from the look-ahead is an id's index, which cannot change).

/// Cache hints for memory the caller knows it will read soon.
package enum CacheHint {
    /// Hints the cache line of element `i` of `array` (nothing when `i` is out of bounds).
    @inline(__always)
    package static func prefetch<Element>(_ array: [Element], _ i: Int) {
        array.prefetch(i)
    }

    /// Hints every cache line of the `count` bytes at `start`.
    @inline(__always)
    package static func prefetch(_ start: UnsafeRawPointer, count: Int) {
        var offset = 0
        while offset < count {
            plings_prefetch(start + offset)
            offset += 64
        }
        // The last line, when `start` is not on a line boundary.
        if count > 0 { plings_prefetch(start + (count - 1)) }
    }
}

extension Array {
    /// Hints the cache line of element `i` (nothing when `i` is out of bounds).
    @inline(__always)
    func prefetch(_ i: Int) {
        guard i >= 0, i < count else { return }
        withUnsafeBufferPointer { p in
            if let base = p.baseAddress { plings_prefetch(base + i) }
        }
    }

    /// Hints every cache line of element `i`: its first and its last byte
    /// (an element whose size is not a power of two may straddle two lines).
    @inline(__always)
    func prefetchWhole(_ i: Int) {
        guard i >= 0, i < count else { return }
        withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            let start = UnsafeRawPointer(base + i)
            plings_prefetch(start)
            plings_prefetch(start + (MemoryLayout<Element>.size - 1))
        }
    }
}

extension ObjectRegistry {
    /// Hints the table slot where the search for an id of `length` bytes
    /// with `key` (see `index(key:bytes:)`) starts, and the slot after it (a
    /// search that goes on takes it next; a new line for one slot in four);
    /// nothing for a long id.
    func prefetchSlot(key: UInt64, length: Int) {
        guard length <= 8 else { return }
        let slot = Self.slot(key, length, mask: table.count / 2 - 1)
        table.prefetch(2 * slot)
        table.prefetch(2 * slot + 3)
    }
}

extension ParentTree {
    /// Hints everything `set`, `edge` and `wouldCycle` read of `x`.
    func prefetch(_ x: ObjectIndex) {
        nodes.prefetchWhole(Int(x))
    }
}

extension PositionalEdges {
    /// Hints `x`'s slot (with the head of its inbound list).
    func prefetch(_ x: ObjectIndex) {
        slots.prefetchWhole(Int(x))
    }
}

extension ObjectStatus {
    /// Hints what a placement reads and writes of `x`'s status.
    func prefetch(_ x: ObjectIndex, handled: Bool) {
        archivedFlags.prefetch(Int(x))
        guard handled else { return }
        clocks.prefetchWhole(Int(x))
    }
}

// The look-ahead's entry points are `mutating` although they change
// nothing: a caller in another module then passes the state by reference
// instead of copying its 200-odd bytes for every call (three calls a line).
extension WorldState {
    /// Look-ahead, first stage: hints the table slots of a coming line's
    /// ids, given as their keys and lengths (see `ObjectRegistry.index(key:bytes:)`).
    package mutating func prefetchSlots(object: (key: UInt64, length: Int), target: (key: UInt64, length: Int)?) {
        registry.prefetchSlot(key: object.key, length: object.length)
        if let target { registry.prefetchSlot(key: target.key, length: target.length) }
    }

    /// Look-ahead, third stage (on a line whose slots were hinted before):
    /// hints what placing object `x` against target `y` reads and writes of
    /// their own records. Nil is an id not (yet) known, or World.
    package mutating func prefetchRecords(object x: ObjectIndex?, target y: ObjectIndex?) {
        if let x { prefetchOwnRecords(x, handled: true) }
        if let y { prefetchOwnRecords(y, handled: false) }
    }

    /// One object's records on both axes and its status (`handled`: also the
    /// clocks a placement of it writes).
    @inline(__always)
    private func prefetchOwnRecords(_ x: ObjectIndex, handled: Bool) {
        current.parents.prefetch(x)
        normal.parents.prefetch(x)
        current.positional.prefetch(x)
        normal.positional.prefetch(x)
        status.prefetch(x, handled: handled)
    }

    /// Look-ahead, fourth stage (once the records of `prefetchRecords` are in
    /// cache): hints the records they point to, on both axes.
    package mutating func prefetchLinked(object x: ObjectIndex?, target y: ObjectIndex?) {
        current.prefetchLinked(x, y)
        normal.prefetchLinked(x, y)
        // The newest object placed against `x` on each axis: when `x` moves,
        // the cascade drops that edge and asks whether the object is away.
        guard let x else { return }
        let heads = (current.positional.slots[Int(x)].head, normal.positional.slots[Int(x)].head)
        if heads.0 >= 0 { prefetchOwnRecords(heads.0, handled: true) }
        if heads.1 >= 0 && heads.1 != heads.0 { prefetchOwnRecords(heads.1, handled: true) }
    }
}

extension AxisProjection {
    /// Hints the records that placing `x` against `y` reaches through their
    /// own: the child counts of the old and new parents, the grandparent the
    /// cycle check climbs to, and the neighbours in the inbound lists.
    func prefetchLinked(_ x: ObjectIndex?, _ y: ObjectIndex?) {
        if let x {
            let old = parents.parent(x)
            if old != .world { parents.nodes.prefetchWhole(Int(old)) }
            positional.prefetchNeighbours(x)
        }
        if let y {
            let up = parents.parent(y)
            if up != .world { parents.nodes.prefetchWhole(Int(up)) }
            let head = positional.slots[Int(y)].head
            if head >= 0 { positional.slots.prefetchWhole(Int(head)) }
        }
    }
}

extension PositionalEdges {
    /// Hints the slots `x`'s edge is linked to and the first edge pointing at `x`.
    func prefetchNeighbours(_ x: ObjectIndex) {
        let slot = slots[Int(x)]
        if slot.relation != Self.none {
            slots.prefetchWhole(Int(slot.prev >= 0 ? slot.prev : slot.target))
            if slot.next >= 0 { slots.prefetchWhole(Int(slot.next)) }
        }
        if slot.head >= 0 { slots.prefetchWhole(Int(slot.head)) }
    }
}

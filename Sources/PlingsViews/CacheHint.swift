import CPlingsPrefetch

/// Asks the CPU to bring cache lines closer (`plings_prefetch`), for a list that jumps
/// about large columns: only hints, never a read or a change of a value. The views' side of
/// PlingsLog's `Prefetch` (the views do not depend on the log); both call the same C hints.
package enum CacheHint {
    /// Hints the cache line of element `i` of `array` (nothing when `i` is out of bounds).
    @inlinable @inline(__always)
    package static func element<Element>(_ array: [Element], _ i: Int) {
        guard i >= 0, i < array.count else { return }
        array.withUnsafeBufferPointer { p in
            if let base = p.baseAddress { plings_prefetch(base + i) }
        }
    }

    /// Hints every cache line of the elements of `buffer`.
    @inlinable @inline(__always)
    package static func all<Element>(_ buffer: UnsafeBufferPointer<Element>) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        plings_prefetch_range(UnsafeRawPointer(base), buffer.count * MemoryLayout<Element>.stride)
    }
}

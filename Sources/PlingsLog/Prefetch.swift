import CPlingsPrefetch
import PlingsDomain

/// The machine's cache hint (`__builtin_prefetch`, from the one-function C
/// target `CPlingsPrefetch`; a no-op where the compiler lacks it), for the
/// fast reader and replay's look-ahead: the domain says which records a
/// coming event reads (`CacheHinting`), this says how to bring them closer.
/// A hint never faults and never changes a value.
package struct Prefetch: CacheHinting {
    package init() {}

    /// Hints the cache line of element `i` of `array` (nothing when `i` is out of bounds).
    @inline(__always)
    package func element<Element>(_ array: [Element], _ i: Int) {
        guard i >= 0, i < array.count else { return }
        array.withUnsafeBufferPointer { p in
            if let base = p.baseAddress { plings_prefetch(base + i) }
        }
    }

    /// Hints every cache line of element `i`: its first and its last byte.
    @inline(__always)
    package func whole<Element>(_ array: [Element], _ i: Int) {
        guard i >= 0, i < array.count else { return }
        array.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            let start = UnsafeRawPointer(base + i)
            plings_prefetch(start)
            plings_prefetch(start + (MemoryLayout<Element>.size - 1))
        }
    }

    /// Hints every cache line of the `count` bytes at `start`.
    @inline(__always)
    package static func bytes(_ start: UnsafeRawPointer, count: Int) {
        plings_prefetch_range(start, max(0, count))
    }
}

/// Sorting only part of an array: the elements a sort would put at some
/// places, put there in order, the others around them unordered (a partial
/// selection, as C++'s `nth_element` then a sort of the part).
package enum Selection {
    /// Puts at `range` of `a` the elements a sort of `a` would put there, in order; before
    /// the range the elements that are at most its first, after it those at least its last.
    /// - Complexity: O(n) on average for the n elements, plus O(k log k) for the k of `range`
    ///   (a selection that goes on too long sorts what it has left: O(n log n) at worst).
    package static func sort(_ a: inout [UInt64], at range: Range<Int>) {
        let range = range.clamped(to: a.indices)
        guard !range.isEmpty else { return }
        select(&a, range.lowerBound, in: 0..<a.count)
        select(&a, range.upperBound, in: range.lowerBound..<a.count)
        a[range].sort()
    }

    /// Puts at `k` of `a` the element a sort would put there, the elements of `bounds` before
    /// `k` at most it and those after at least it (the elements outside `bounds` already
    /// before and after all of them). `k` at the end of `bounds` leaves them as they are.
    package static func select(_ a: inout [UInt64], _ k: Int, in bounds: Range<Int>) {
        var (low, high) = (bounds.lowerBound, bounds.upperBound)
        guard k >= low, k < high else { return }
        var rounds = 0
        while high - low > 16 {
            rounds += 1
            guard rounds < 64 else { break }
            // The median of three as the pivot, then three parts: below, equal, above.
            let (x, y, z) = (a[low], a[low + (high - low) / 2], a[high - 1])
            let pivot = max(min(x, y), min(max(x, y), z))
            var (lt, i, gt) = (low, low, high)
            while i < gt {
                if a[i] < pivot {
                    a.swapAt(lt, i)
                    (lt, i) = (lt + 1, i + 1)
                } else if a[i] > pivot {
                    gt -= 1
                    a.swapAt(i, gt)
                } else {
                    i += 1
                }
            }
            if k < lt {
                high = lt
            } else if k >= gt {
                low = gt
            } else {
                return
            }
        }
        a[low..<high].sort()
    }
}

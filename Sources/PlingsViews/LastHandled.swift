import PlingsDomain

/// The things handled last (placed, returned, seen, made, lent), newest first: the start
/// page's latest changes, picked from each thing's clock of when it was last handled
/// (`ObjectStatus.checked`), with no replay of the log.
package enum LastHandled {
    /// The `count` things of `objects` that `include` keeps whose `handled` seq is the
    /// highest, newest first (of things handled by the same event, the first made first).
    /// - Complexity: O(n log count) for n objects.
    package static func pick(
        _ count: Int, objects n: Int, handled: (ObjectIndex) -> Int64, include: (ObjectIndex) -> Bool
    ) -> [ObjectIndex] {
        guard count > 0 else { return [] }
        var last: [(seq: Int64, x: ObjectIndex)] = []
        for k in 0..<n {
            let x = ObjectIndex(k)
            let seq = handled(x)
            guard last.count < count || seq > last[last.count - 1].seq, include(x) else { continue }
            // After the last one with a seq at least as high: the first made stays first.
            let at = last.firstIndex { $0.seq < seq } ?? last.count
            last.insert((seq, x), at: at)
            if last.count > count { last.removeLast() }
        }
        return last.map(\.x)
    }
}

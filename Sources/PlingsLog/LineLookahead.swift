/// Which coming lines a read shows its caller before their turn, so the
/// caller can hint the CPU's caches about what folding them will touch.
///
/// Before line `k` goes to the caller, the read shows line `k + distances[s]`
/// as stage `s`, with its members, when that line is in the same read-ahead
/// chunk and passed the scan. Peeking is only a hint: the line is still
/// admitted and folded in its turn, as every line is.
package struct LineLookahead: Sendable {
    /// How many lines ahead each stage looks, farthest first (empty: no peeking).
    package var distances: [Int]

    package init(distances: [Int]) {
        self.distances = distances
    }

    /// No peeking.
    package static let none = LineLookahead(distances: [])
}

import PlingsDomain
import PlingsTestSupport
import PlingsViews
import Testing

/// The short paths kept in columns as long as the tree (a whole list's) and those
/// kept for the objects looked at only (a box's) are the paths history cuts:
/// every object's, asked for in any order, on random forests (and on parent
/// columns with cycles, as damage would leave them: both keep the same answer).
@Suite("short paths: kept whole or for the objects looked at, as history cuts them")
struct ShortPathsTests {
    /// A random parent column of `n` objects: each below an earlier one or at World, the
    /// chains up to some twenty deep; with `cycles`, some parents point anywhere.
    static func parents(_ n: Int, cycles: Bool, _ rng: inout SplitMix64) -> [ObjectIndex] {
        var parents = [ObjectIndex](repeating: .world, count: n)
        for x in 1..<max(n, 1) where rng.next() % 5 != 0 {
            parents[x] = ObjectIndex(x - 1 - Int(rng.next() % UInt64(min(x, 3 + Int(rng.next() % 20)))))
        }
        if cycles {
            for _ in 0..<(1 + n / 20) { parents[Int(rng.next() % UInt64(n))] = ObjectIndex(rng.next() % UInt64(n)) }
        }
        return parents
    }

    /// History's cut of `x`'s whole path (nearest first), walked up to World.
    static func byDefinition(_ x: ObjectIndex, _ parents: [ObjectIndex]) -> (shown: [ObjectIndex], elided: Bool) {
        var chain: [ObjectIndex] = []
        var node = parents[Int(x)]
        while node != .world {
            chain.append(node)
            node = parents[Int(node)]
        }
        return HistoryText.shown(chain)
    }

    @Test("random forests and damaged columns, every object in a random order", arguments: [false, true])
    func forests(cycles: Bool) {
        var rng = SplitMix64(seed: cycles ? 77 : 7)
        for _ in 0..<(Stress.enabled ? 2_000 : 200) {
            let n = 1 + Int(rng.next() % 120)
            let parents = Self.parents(n, cycles: cycles, &rng)
            var whole = ShortPaths(parents: parents)
            var few = ShortPaths(count: n) { x in x == .world ? .world : parents[Int(x)] }
            var order = (0..<n).map { ObjectIndex($0) }
            order.shuffle(using: &rng)
            // Some objects asked for twice: the second answer is the kept one.
            for x in order + order.prefix(n / 3) {
                let (a, b) = (whole.shown(x), few.shown(x))
                #expect(a.shown == b.shown && a.elided == b.elided, "\(parents) \(x)")
                guard !cycles else { continue }
                let expected = Self.byDefinition(x, parents)
                #expect(a.shown == expected.shown && a.elided == expected.elided, "\(parents) \(x)")
            }
        }
    }
}

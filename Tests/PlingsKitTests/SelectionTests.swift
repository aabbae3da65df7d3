import PlingsKit
import PlingsTestSupport
import Testing

/// Sorting part of an array puts there what the whole sort puts there, and the
/// rest on the right sides of it.
@Suite("a partial selection: the part of the sort that a page needs")
struct SelectionTests {
    @Test("random arrays, with many equal elements and without, every kind of range")
    func randomArrays() {
        var rng = SplitMix64(seed: 47)
        for round in 0..<(Stress.enabled ? 20_000 : 1_500) {
            let n = Int(rng.next() % (round % 10 == 0 ? 2_000 : 80))
            let spread = [2, 10, 1 << 20, UInt64.max][Int(rng.next() % 4)]
            var a = (0..<n).map { _ in rng.next() % spread }
            if round % 7 == 0 { a.sort() }
            if round % 11 == 0 { a.sort(by: >) }
            let sorted = a.sorted()
            let low = n == 0 ? 0 : Int(rng.next() % UInt64(n + 1))
            let high = min(n, low + Int(rng.next() % 60))
            Selection.sort(&a, at: low..<high)
            #expect(a.sorted() == sorted, "the same elements")
            #expect(Array(a[low..<high]) == Array(sorted[low..<high]), "\(n) \(low)..<\(high)")
            guard low < high else { continue }
            #expect(a[..<low].allSatisfy { $0 <= a[low] } && a[high...].allSatisfy { $0 >= a[high - 1] })
        }
    }
}

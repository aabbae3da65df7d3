import PlingsKit
import PlingsTestSupport
import Testing

/// The one newline search and count of whole lines (`LineSplit`), and the one reading of
/// where whole batches end (`LineBatches`), against plain loops over the bytes.
@Suite("Lines are split and batches found in one place")
struct LineSplitTests {
    /// The line ends of `bytes`, found one byte at a time.
    static func newlines(_ bytes: [UInt8]) -> [Int] { bytes.indices.filter { bytes[$0] == 0x0A } }

    @Test("the first and last line end of an array, a slice and raw bytes; none in bytes without one")
    func ends() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in
                Bool.random(using: &rng) ? UInt8(0x0A) : UInt8.random(in: 0x20...0x7E, using: &rng)
            }
            let ends = Self.newlines(bytes)
            let from = Int.random(in: 0...bytes.count, using: &rng)
            #expect(LineSplit.firstEnd(in: bytes) == ends.first)
            #expect(LineSplit.firstEnd(in: bytes[from...]) == ends.first { $0 >= from })
            #expect(LineSplit.lastEnd(in: bytes[..<from]) == ends.last { $0 < from })
            bytes.withUnsafeBytes { raw in
                #expect(LineSplit.firstEnd(in: raw) == ends.first)
                #expect(LineSplit.firstEnd(in: raw[from...]) == ends.first { $0 >= from })
            }
        }
        #expect(LineSplit.firstEnd(in: [UInt8]()) == nil)
        #expect(LineSplit.lastEnd(in: Array("no end".utf8)) == nil)
    }

    @Test("whole lines leave out the bytes after the last line end and keep empty lines")
    func wholeLines() {
        let bytes = Array("a\n\nbc\ntorn".utf8)
        #expect(LineSplit.wholeLines(bytes).map(Array.init) == [Array("a".utf8), [], Array("bc".utf8)])
        #expect(LineSplit.wholeLines(bytes[2...]).map(Array.init) == [[], Array("bc".utf8)])
        #expect(LineSplit.wholeLines(Array("torn".utf8)).isEmpty)
    }

    @Test("whole lines are counted up to a limit, with the offset after the last one counted")
    func counting() {
        let bytes = Array("ab\nc\n\nd".utf8)
        bytes.withUnsafeBytes { raw in
            #expect(LineSplit.countLines(in: raw, upTo: .max) == (3, 6))
            #expect(LineSplit.countLines(in: raw, upTo: 2) == (2, 5))
            #expect(LineSplit.countLines(in: raw, upTo: 0) == (0, 0))
        }
        #expect(LineSplit.hasLines(in: bytes, from: 3, count: 2))
        #expect(!LineSplit.hasLines(in: bytes, from: 3, count: 3))
        #expect(!LineSplit.hasLines(in: bytes, from: 99, count: 1))
    }

    /// A plan of whole batches (nil: a line outside a batch) of `count` batches.
    static func wholePlan(_ count: Int, _ rng: inout SplitMix64) -> [Int?] {
        (0..<count).flatMap { _ -> [Int?] in
            guard Int.random(in: 0..<3, using: &rng) == 0 else { return [nil] }
            let n = Int.random(in: 2...5, using: &rng)
            return [n] + [Int?](repeating: nil, count: n - 1)
        }
    }

    @Test("where whole batches end in any cut of a log: from the end, from the start and a batch at a time")
    func batchEnds() {
        var rng = SplitMix64(seed: 2121)
        for _ in 0..<20 {
            let plan = Self.wholePlan(12, &rng)
            let log = batchedLog(plan, &rng)
            // The ends of whole batches, from the plan: after line k when no batch is open past it.
            var ends = [0]
            var remaining = 0
            for (k, end) in Self.newlines(log).enumerated() {
                remaining = plan[k].map { $0 - 1 } ?? max(remaining - 1, 0)
                if remaining == 0 { ends.append(end + 1) }
            }
            for cut in [0, 1, log.count / 3, log.count / 2, log.count - 1, log.count] {
                let chunk = Array(log[..<cut])
                let expected = ends.last { $0 <= cut } ?? 0
                #expect(LineBatches.wholeBatchesEnd(chunk) == expected, "cut at \(cut)")
                #expect(LineBatches.wholeBatchesEnd(chunk, stoppingAfter: .max - 1) == expected, "cut at \(cut)")
                #expect(
                    LineBatches.wholeBatchesEnd(chunk, stoppingAfter: 1) == (ends.dropFirst().first { $0 <= cut } ?? 0))
            }
        }
    }
}

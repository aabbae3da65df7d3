import PlingsTestSupport
import Testing

@testable import PlingsKit

/// The object timeline's byte lists, grown a chunk's room at a time, must
/// give back every list exactly as appended, whatever the lengths.
@Suite("The object timeline's chunked byte lists")
struct TimelineChunksTests {
    @Test("runs of 0 to 59 bytes on 300 lists, over many chunks and two pages, come back as appended")
    func roundTrip() {
        let chunks = TimelineChunks()
        var expected = [[UInt8]](repeating: [], count: 300)
        var rng = SplitMix64(seed: 21)
        for step in 0..<40_000 {
            // The first lists are made from the last down, so a list's room is made before the ones below it.
            let x = step < 600 ? 299 - step % 300 : Int.random(in: 0..<300, using: &rng)
            let run = (0..<Int.random(in: 0..<60, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            run.withUnsafeBufferPointer { chunks.append(x, $0) }
            expected[x] += run
        }
        #expect(expected.reduce(0) { $0 + $1.count } > 32 << 15, "more than one page of chunks")
        for x in 0..<300 {
            #expect(chunks.size(x) == expected[x].count)
            var out: [UInt8] = []
            chunks.forEachRun(x) { out += $0 }
            #expect(out == expected[x], "list \(x)")
        }
    }
}

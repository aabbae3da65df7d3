import PlingsPlatform
import PlingsTestSupport
import Testing

@testable import PlingsKit

/// The timeline builder's streams, kept in a scratch file a buffer at a
/// time, must come back exactly as appended, whatever the lengths; and a
/// range's records must turn into the lists the file holds.
@Suite("The object timeline's spilled streams and ranges of records")
struct TimelineSpillTests {
    @Test("runs of 0 to 300 bytes on 40 streams, over many segments of a small buffer, come back as appended")
    func roundTrip() throws {
        let dir = TemporaryDirectory()
        let folder = CacheFolder(logPath: dir.file("log.jsonl"))
        let spill = TimelineSpill(fd: try folder.scratchFile(for: "spill"), path: "spill", bufferBytes: 256)
        #expect(
            try Platform.listDirectory(folder.path).filter { !$0.hasPrefix(".") || $0.hasPrefix(".tmp") }.isEmpty,
            "the scratch file has no name")
        var expected = [[UInt8]](repeating: [], count: 40)
        var rng = SplitMix64(seed: 12)
        for _ in 0..<3_000 {
            let s = Int.random(in: 0..<40, using: &rng)
            let run = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if run.count < 64, Bool.random(using: &rng) {
                let p = spill.room(s, run.count)
                for (i, b) in run.enumerated() { p[i] = b }
                spill.advance(s, by: run.count)
            } else {
                run.withUnsafeBytes { spill.append(s, $0) }
            }
            expected[s] += run
        }
        for s in 0..<41 {
            let want = s < 40 ? expected[s] : []
            #expect(spill.count(s) == want.count)
            #expect(try spill.bytes(s) == want, "stream \(s)")
            var pieces: [UInt8] = []
            try spill.forEachPiece(s) { pieces += $0 }
            #expect(pieces == want, "stream \(s), piece by piece")
        }
    }

    @Test("a range's records become each object's list with the seq since its own record before")
    func ranges() {
        // Records of objects 2, 0, 2 at seqs 5, 5, 300: kinds seen (one value), restored (none), named (two).
        let range: [UInt8] = [5, 2, 3, 9, 0, 0, 2, 0xA7, 2, 2, 0, 4, 1]
        let sizes = range.withUnsafeBytes { TimelineBucket.sizes($0, count: 3) }
        #expect(sizes == [2, 0, 3 + 5])
        let lists = range.withUnsafeBytes { TimelineBucket.lists($0, sizes: sizes ?? []) }
        #expect(lists == [5, 2] + [5, 3, 9, 0xA7, 2, 0, 4, 1])
        for k in 0..<16 {
            let count = TimelineRecord.Kind(rawValue: UInt8(k))?.valueCount
            #expect(Int(TimelineBucket.valueCounts >> (4 * UInt64(k)) & 0x0F) == count, "kind \(k)")
        }
        #expect([UInt8](range.dropLast()).withUnsafeBytes { TimelineBucket.sizes($0, count: 3) } == nil)
    }
}

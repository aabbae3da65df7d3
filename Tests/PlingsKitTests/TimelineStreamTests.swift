import PlingsPlatform
import PlingsTestSupport
import Testing

@testable import PlingsKit

/// The timeline's body streamed to its file piece by piece must be the bytes
/// given, with the checksums of its 64 KiB blocks as if taken of the whole.
@Suite("The object timeline's body streamed to its file")
struct TimelineStreamTests {
    @Test("words and runs across piece and block boundaries: the file and the block checksums", arguments: [1, 3])
    func pieces(blocks: Int) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("body.bin")
        let fd = try Platform.open(path, .writeOnly, [.create, .exclusive])
        var stream = TimelineStream(fd: fd, path: path, blocksAtATime: blocks)
        var expected: [UInt8] = []
        var rng = SplitMix64(seed: UInt64(blocks))
        while expected.count < 5 * SnapshotHeader.blockSize + 777 {
            if Bool.random(using: &rng) {
                let v = UInt64.random(in: 0...UInt64.max, using: &rng)
                stream.word(v)
                withUnsafeBytes(of: v.littleEndian) { expected += $0 }
            } else {
                let run = (0..<Int.random(in: 0..<20_000, using: &rng)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
                run.withUnsafeBytes { stream.bytes($0) }
                expected += run
            }
        }
        stream.flush()
        fd.close()
        #expect(stream.failure == nil)
        #expect(fileBytes(path) == expected)
        #expect(stream.sums == SnapshotHeader.blockChecksums(of: expected))
    }
}

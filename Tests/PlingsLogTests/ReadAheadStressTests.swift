import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// The default read-ahead (128 KiB chunks, 12 in flight, segments of 128)
/// against one thread on logs over the threshold, damaged anywhere (PLINGS_STRESS only).
@Suite("Read-ahead at its defaults, stress", .enabled(if: Stress.enabled, "PLINGS_STRESS is not set"))
struct ReadAheadStressTests {
    @Test("damaged logs over the threshold: the default read-ahead agrees with one thread")
    func damagedLarge() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("big.jsonl")
        try SyntheticLog(events: 24000, objects: 2000, seed: 5).write(to: path)
        let base = fileBytes(path)
        #expect(base.count > 4 << 20, "over the read-ahead threshold")
        var rng = SplitMix64(seed: 99)
        let runs = Stress.setting("RUNS", 60)
        for run in 0..<runs {
            var m = base
            let at = Int.random(in: 0..<m.count, using: &rng)
            switch run % 8 {
            case 0...3: _ = damage(run % 8, &m, at: at, &rng)
            case 4: m.insert(contentsOf: [UInt8](repeating: 0x61, count: 200_000), at: at)
            case 5: m.insert(contentsOf: [UInt8](repeating: 0x0A, count: 300_000), at: at)
            case 6:
                m.insert(
                    contentsOf: [UInt8](repeating: 0x61, count: Int.random(in: 16_000...140_000, using: &rng)), at: at)
            default:
                for _ in 0..<20 { m[Int.random(in: 0..<m.count, using: &rng)] ^= 0x10 }
            }
            writeBytes(m, to: path)
            let sequential = try readBothWays(path, .never)
            let ahead = try readBothWays(path, .automatic)
            #expect(sequential == ahead, "run \(run), offset \(at)")
            let seq = Int64.random(in: 1...24000, using: &rng)
            #expect(
                try readBothWays(path, .never, limit: .seq(seq)) == readBothWays(path, .automatic, limit: .seq(seq)),
                "run \(run), up to \(seq)")
        }
    }

    @Test("only newlines, over the threshold")
    func newlines() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("nl.jsonl")
        for size in [5 << 20, (4 << 20) + 1, 9 << 20] {
            writeBytes([UInt8](repeating: 0x0A, count: size), to: path)
            #expect(try readBothWays(path, .never) == readBothWays(path, .automatic))
            writeBytes([UInt8](repeating: 0x61, count: size), to: path)
            #expect(try readBothWays(path, .never) == readBothWays(path, .automatic))
        }
    }
}

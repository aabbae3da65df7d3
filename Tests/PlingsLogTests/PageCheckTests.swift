import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// `ChainChecker.checkPage`, what a device runs on the lines it pulls before writing them, as
/// `LogFile.checkChain` on the same bytes: the same position reached and the same first error.
@Suite("Checking a page in memory gives the verdict of checking the file")
struct PageCheckTests {
    let dir = TemporaryDirectory()

    /// The file's verdict, from the start or from a cursor.
    func fileCheck(_ path: String, from cursor: LogCursor) throws -> (LogCursor, LogError?) {
        guard let file = try LogFile.open(path, create: false) else { return (cursor, nil) }
        var checker = ChainChecker(path: path, cursor: cursor)
        do { _ = try file.checkChain(&checker, .always(chunkBytes: 311)) } catch { return (checker.cursor, error) }
        return (checker.cursor, nil)
    }

    /// The page's verdict: the bytes after `cursor`, checked in memory.
    func pageCheck(_ path: String, _ bytes: [UInt8], from cursor: LogCursor, _ options: ChunkCheck)
        -> (LogCursor, LogError?)
    {
        var checker = ChainChecker(path: path, cursor: cursor)
        let page = Array(bytes[Int(cursor.offset)...])
        let result = page.withUnsafeBytes { p in Result { () throws(LogError) in try checker.checkPage(p, options) } }
        if case .failure(let error) = result { return (checker.cursor, error) }
        return (checker.cursor, nil)
    }

    @Test("batches whole, torn at the end and opened inside others; pages from the start and from a batch's end")
    func batches() throws {
        let path = dir.file("page.jsonl")
        let seed: UInt64 = 919
        var rng = SplitMix64(seed: seed)
        for run in 0..<24 {
            var plan: [Int?] = []
            while plan.count < 120 {
                let n = Int.random(in: 1...30, using: &rng)
                plan.append(n >= 2 ? n : nil)
                plan += Array(repeating: nil, count: n - 1)
            }
            if run % 3 == 1 { plan[Int.random(in: 1..<plan.count, using: &rng)] = Int.random(in: 2...200, using: &rng) }
            var bytes = batchedLog(plan, &rng)
            if run % 3 == 2 { bytes.removeLast(Int.random(in: 1...(bytes.count / 3), using: &rng)) }
            writeBytes(bytes, to: path)
            // From the start, and from where a check up to a random seq stood (a batch's end).
            var starts = [LogCursor()]
            if let file = try LogFile.open(path, create: false) {
                var checker = ChainChecker(path: path)
                _ = try? file.checkChain(&checker, .automatic, stoppingAfter: Int64.random(in: 1...60, using: &rng))
                starts.append(checker.cursor)
            }
            for start in starts {
                let expected = try fileCheck(path, from: start)
                for options in [ChunkCheck.always(chunkBytes: 97), .always(chunkBytes: 1000, workers: 1), .automatic] {
                    let got = pageCheck(path, bytes, from: start, options)
                    #expect(got.0 == expected.0, "seed \(seed), run \(run), from \(start.offset): position")
                    #expect(got.1 == expected.1, "seed \(seed), run \(run), from \(start.offset): error")
                }
            }
        }
    }

    @Test("random damage is found at the same line as in the file")
    func mutations() throws {
        let path = dir.file("mutated.jsonl")
        let seed: UInt64 = 5151
        var rng = SplitMix64(seed: seed)
        let base = damageBase(&rng)
        var failures = 0
        for run in 0..<60 {
            let m = damaging(base, [LogDamage.byte, .newline, .removal][run % 3], splicing: base, &rng)
            writeBytes(m, to: path)
            let expected = try fileCheck(path, from: LogCursor())
            if expected.1 != nil { failures += 1 }
            let got = pageCheck(path, m, from: LogCursor(), .always(chunkBytes: Int.random(in: 50...900, using: &rng)))
            #expect(got.0 == expected.0 && got.1 == expected.1, "seed \(seed), run \(run)")
        }
        #expect(failures > 30, "the damage is seen (\(failures) of 60)")
    }
}

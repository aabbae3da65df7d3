import PlingsKit
import PlingsTestSupport
import Testing

/// The same read, on one thread and with the scan on a reading thread.
struct ReadOutcome: Equatable {
    var fingerprint: Fingerprint?
    var cursor: LogCursor?
    var torn: TornTail?
    var generalLines = 0
    var error: LogError?
    var lines = 0
    var chainCursor: LogCursor?
    var chainError: LogError?
}

/// The damages both read-ahead suites make to a log's bytes `m` at `at`:
/// kind 0 flips a byte, 1 removes one, 2 inserts a newline, 3 cuts up to 400
/// bytes off the end. False, with `m` unchanged, for any other kind (the caller's own).
func damage(_ kind: Int, _ m: inout [UInt8], at: Int, _ rng: inout SplitMix64) -> Bool {
    switch kind {
    case 0: m[at] ^= UInt8.random(in: 1...255, using: &rng)
    case 1: m.remove(at: at)
    case 2: m.insert(0x0A, at: at)
    case 3: m.removeLast(Int.random(in: 1...400, using: &rng))
    default: return false
    }
    return true
}

func readBothWays(_ path: String, _ ahead: ReadAhead, limit: ReplayLimit? = nil) throws -> ReadOutcome {
    var outcome = ReadOutcome()
    guard let file = try LogFile.open(path, create: false) else { return outcome }
    var replayer = Replayer(path: path)
    replayer.readAhead = ahead
    do {
        outcome.torn = try replayer.run(file, limit: limit)
        outcome.fingerprint = Fingerprint(replayer.state)
        outcome.cursor = replayer.cursor
        outcome.generalLines = replayer.generalLines
    } catch {
        outcome.error = error
        outcome.cursor = replayer.cursor
    }
    var lines = 0
    do {
        _ = try file.read(from: LogCursor(), ahead: ahead) { _, _ in lines += 1 }
    } catch {
        #expect(error == outcome.error || limit != nil, "read and replay disagree")
    }
    outcome.lines = lines
    do { outcome.chainCursor = try file.checkChain(ahead: ahead) } catch { outcome.chainError = error }
    return outcome
}

@Suite("Reading ahead on a second thread changes no verdict")
struct ReadAheadTests {
    let dir = TemporaryDirectory()
    // The smallest chunks allowed (many chunk boundaries), on one thread and on two.
    static let small = ReadAhead.always(chunkSize: 1)
    static let sequential = ReadAhead(threshold: .max, chunkSize: 1)

    @Test("a pipelined replay equals a sequential one on generated logs, whole and up to random points")
    func generated() throws {
        let path = dir.file("gen.jsonl")
        try SyntheticLog(events: 3000, objects: 300, seed: 9).write(to: path)
        #expect(try readBothWays(path, Self.sequential) == readBothWays(path, Self.small))
        var rng = SplitMix64(seed: 12)
        for _ in 0..<5 {
            let seq = Int64.random(in: 1...3000, using: &rng)
            let sequential = try readBothWays(path, Self.sequential, limit: .seq(seq))
            #expect(sequential == (try readBothWays(path, Self.small, limit: .seq(seq))), "limit seq \(seq)")
            #expect(sequential.cursor?.lastSeq == seq)
        }
    }

    @Test("chunks cut after a few lines (odd and even counts) give the verdicts of one thread, up to random points")
    func fewLinesPerChunk() throws {
        let path = dir.file("few.jsonl")
        try SyntheticLog(events: 800, objects: 80, seed: 21).write(to: path)
        let sequential = try readBothWays(path, Self.sequential)
        let upTo333 = try readBothWays(path, Self.sequential, limit: .seq(333))
        for cap in [2, 3, 5, 64, 8192] {
            let cut = ReadAhead.always(chunkSize: LogFile.chunkSize, linesPerChunk: cap)
            #expect(try readBothWays(path, cut) == sequential, "\(cap) lines a chunk")
            #expect(try readBothWays(path, cut, limit: .seq(333)) == upTo333, "\(cap) lines a chunk, up to seq 333")
        }
    }

    @Test("lines scanned in segments of 1, 2 and 3 lines, shared by both threads, give the verdicts of one thread")
    func segments() throws {
        let path = dir.file("segments.jsonl")
        try SyntheticLog(events: 500, objects: 50, seed: 31).write(to: path)
        let base = fileBytes(path)
        var rng = SplitMix64(seed: 32)
        for run in 0..<3 {
            var m = base
            // Whole, then with a flipped byte or a cut tail, so a line fails in some segment.
            if run % 3 == 1 { m[Int.random(in: 0..<m.count, using: &rng)] ^= 0x21 }
            if run % 3 == 2 { m.removeLast(Int.random(in: 1...200, using: &rng)) }
            writeBytes(m, to: path)
            let sequential = try readBothWays(path, Self.sequential)
            for lines in [1, 2, 3] {
                let shared = ReadAhead.always(chunkSize: 1, linesPerChunk: 8192, segmentLines: lines)
                #expect(try readBothWays(path, shared) == sequential, "run \(run), segments of \(lines)")
            }
        }
    }

    @Test("a file of nothing but newlines is refused at its first line by both ways, cut into chunks of few lines")
    func onlyNewlines() throws {
        let path = dir.file("newlines.jsonl")
        writeBytes([UInt8](repeating: 0x0A, count: 300_000), to: path)
        let sequential = try readBothWays(path, Self.sequential)
        #expect(sequential.error != nil)
        #expect(try readBothWays(path, ReadAhead.always(chunkSize: LogFile.chunkSize, linesPerChunk: 7)) == sequential)
        #expect(try readBothWays(path, ReadAhead.always(chunkSize: LogFile.chunkSize)) == sequential)
    }

    @Test("on damaged logs both ways fail on the same line with the same error, or agree on the torn tail")
    func damaged() throws {
        let path = dir.file("damaged.jsonl")
        try SyntheticLog(events: 600, objects: 60, seed: 4).write(to: path)
        let base = fileBytes(path)
        let seed: UInt64 = 77
        var rng = SplitMix64(seed: seed)
        var failures = 0
        for run in 0..<40 {
            var m = base
            let at = Int.random(in: 0..<m.count, using: &rng)
            if !damage(run % 5, &m, at: at, &rng) {
                m.insert(contentsOf: [UInt8](repeating: 0x61, count: 40_000), at: at)
            }
            writeBytes(m, to: path)
            let sequential = try readBothWays(path, Self.sequential)
            if sequential.error != nil { failures += 1 }
            #expect(sequential == (try readBothWays(path, Self.small)), "seed \(seed), run \(run), offset \(at)")
        }
        #expect(failures > 20, "the damage is seen (\(failures) of 40)")
    }
}

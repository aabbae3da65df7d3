import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// What `plings verify` finds, read up to a seq first (as `--expect` does) and then on.
struct CheckOutcome: Equatable {
    var atLimit: LogCursor?
    var cursor = LogCursor()
    var torn: TornTail?
    var error: LogError?
}

/// The reference: a replay on one thread, reading as `LogFile.readLines` does with a buffer of
/// `lineLimit` bytes, up to `limit` and then on (what verify did before it read in chunks).
func sequentialCheck(_ path: String, lineLimit: Int = 0, limit: Int64? = nil) throws -> CheckOutcome {
    var outcome = CheckOutcome()
    guard let file = try LogFile.open(path, create: false) else { return outcome }
    var replayer = Replayer(path: path)
    replayer.readAhead = ReadAhead(threshold: .max, chunkSize: lineLimit)
    do {
        if let limit {
            try replayer.run(file, limit: .seq(limit))
            outcome.atLimit = replayer.cursor
        }
        outcome.torn = try replayer.run(file)
    } catch {
        outcome.error = error
    }
    outcome.cursor = replayer.cursor
    return outcome
}

/// The same through `LogFile.checkChain(_:_:stoppingAfter:)`, in chunks as `options` says.
func chunkedCheck(_ path: String, _ options: ChunkCheck, limit: Int64? = nil) throws -> CheckOutcome {
    var outcome = CheckOutcome()
    guard let file = try LogFile.open(path, create: false) else { return outcome }
    var checker = ChainChecker(path: path)
    do {
        if let limit {
            _ = try file.checkChain(&checker, options, stoppingAfter: limit)
            outcome.atLimit = checker.cursor
        }
        outcome.torn = try file.checkChain(&checker, options).torn
    } catch {
        outcome.error = error
    }
    outcome.cursor = checker.cursor
    return outcome
}

@Suite("Checking the chain in chunks on every core changes no verdict")
struct ChunkCheckTests {
    let dir = TemporaryDirectory()
    static let seams = [1, 2, 3, 5, 64, 299, 300, 301, 1000, 4096]
    /// Chunks of a few bytes each wait for a thread hand-over, so the widest loops run in full
    /// only with PLINGS_STRESS set (keeping the default suite fast).
    static let stress = Stress.enabled

    func expectSame(_ path: String, _ note: String, limits: [Int64?] = [nil], seams: [Int] = seams) throws {
        for limit in limits {
            let sequential = try sequentialCheck(path, limit: limit)
            for (k, bytes) in seams.enumerated() {
                let options = ChunkCheck.always(chunkBytes: bytes, workers: 1 + k % 3)
                let chunked = try chunkedCheck(path, options, limit: limit)
                #expect(
                    chunked == sequential,
                    "\(note), chunks of \(bytes) bytes, limit \(limit.map(String.init) ?? "none")")
            }
        }
    }

    @Test("a generated log checks alike in chunks of 1 byte to 1 MiB, whole and up to random seqs")
    func generated() throws {
        let path = dir.file("gen.jsonl")
        try SyntheticLog(events: 600, objects: 60, seed: 9).write(to: path)
        var rng = SplitMix64(seed: 31)
        let limits: [Int64?] = [nil, 0, 1, 600, 601] + (0..<3).map { _ in Int64.random(in: 1...600, using: &rng) }
        try expectSame(path, "generated", limits: limits, seams: Self.seams.filter { $0 > 5 } + [1 << 20])
        // A limit reads on to the end after it, so one random limit covers the whole read too. Chunks of
        // 1 to 5 bytes (a hand-over each) over the first 100 lines by default, over all 600 with PLINGS_STRESS.
        let bytes = fileBytes(path)
        let ends = bytes.indices.filter { bytes[$0] == 0x0A }
        let tiny = dir.file("gen-tiny.jsonl")
        writeBytes(Self.stress ? bytes : Array(bytes[...ends[99]]), to: tiny)
        let tinyLimits: [Int64?] = Self.stress ? limits : [(limits[limits.count - 1] ?? 0) % 100 + 1]
        try expectSame(tiny, "generated, chunks of 1 to 5 bytes", limits: tinyLimits, seams: [1, 2, 3, 5])
        let whole = try chunkedCheck(path, .automatic)
        #expect(whole.cursor.lines == 600 && whole.error == nil && whole.torn == nil)
    }

    @Test("chunks whose lines come 2, 3, 5 and 64 at a time, with seams inside lines and at the end")
    func linesPerChunk() throws {
        let path = dir.file("lines.jsonl")
        try SyntheticLog(events: 400, objects: 40, seed: 5).write(to: path)
        let bytes = fileBytes(path)
        let average = bytes.count / 400
        var seams: [Int] = [bytes.count - 1, bytes.count]
        for lines in [2, 3, 5, 64] { seams += [lines * average, lines * average + 1, lines * average - 7] }
        try expectSame(path, "lines per chunk", limits: [nil, 17, 399], seams: seams)
    }

    @Test("empty files, newlines only, a huge line, a torn tail and files that are not logs")
    func oddFiles() throws {
        let path = dir.file("odd.jsonl")
        var rng = SplitMix64(seed: 3)
        let good = batchedLog(Array(repeating: nil, count: 30), &rng)
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("one newline", [0x0A]),
            ("newlines only", [UInt8](repeating: 0x0A, count: 20_000)),
            ("a huge line with no newline", [UInt8](repeating: 0x61, count: 100_000)),
            ("a huge line ending in a newline", [UInt8](repeating: 0x61, count: 40_000) + [0x0A] + good),
            ("a line one byte under the reader's buffer", good + [UInt8](repeating: 0x62, count: 32_767) + [0x0A]),
            ("a line as long as the reader's buffer", good + [UInt8](repeating: 0x62, count: 32_768) + [0x0A]),
            ("a huge line after good ones", good + [UInt8](repeating: 0x7B, count: 70_000)),
            ("a torn tail", Array(good.dropLast(40))),
            ("a newline lost", Array(good.dropLast())),
            ("text", Array("hello\nworld\n".utf8)),
            ("JSON that is not ours", Array("{\"a\":1}\n{\"b\":2}\n".utf8)),
            ("random bytes", (0..<5000).map { _ in UInt8.random(in: 0...255, using: &rng) }),
            ("good lines then garbage", good + Array("garbage\n".utf8) + good),
        ]
        for (name, bytes) in cases {
            writeBytes(bytes, to: path)
            try expectSame(path, name, limits: [nil, 3], seams: [1, 2, 7, 300, 4096, 40_000])
        }
    }

    @Test("batches across chunk seams: whole, torn at the end, and openers inside batches")
    func batches() throws {
        let path = dir.file("batches.jsonl")
        let seed: UInt64 = 808
        var rng = SplitMix64(seed: seed)
        // 18 logs by default (each kind six times), 60 with PLINGS_STRESS.
        for run in 0..<(Self.stress ? 60 : 18) {
            var plan: [Int?] = []
            while plan.count < 120 {
                let n = Int.random(in: 1...30, using: &rng)
                plan.append(n >= 2 ? n : nil)
                plan += Array(repeating: nil, count: n - 1)
            }
            if run % 3 == 1 {  // an opener inside a batch, or a count larger than the log
                plan[Int.random(in: 1..<plan.count, using: &rng)] = Int.random(in: 2...200, using: &rng)
            }
            var bytes = batchedLog(plan, &rng)
            if run % 3 == 2 {  // cut anywhere: often inside a batch
                bytes.removeLast(Int.random(in: 1...(bytes.count / 3), using: &rng))
            }
            writeBytes(bytes, to: path)
            let limit = Int64.random(in: 1...130, using: &rng)
            // One-byte chunks (a hand-over per byte) for one run in six unless stressed.
            let smallest = Self.stress || run % 6 == 0 ? 1 : 37
            try expectSame(
                path, "seed \(seed), run \(run)", limits: [nil, limit], seams: [smallest, 150, 299, 1000, 4000])
        }
    }

    @Test("a batch opened on each line of a batch, and on the line after it, with seams at every distance")
    func openerOnEachLine() throws {
        let path = dir.file("opener.jsonl")
        var rng = SplitMix64(seed: 5)
        for j in 1...7 {
            var plan: [Int?] = Array(repeating: nil, count: 24)
            plan[4] = 6
            plan[4 + j] = 3
            writeBytes(batchedLog(plan, &rng), to: path)
            try expectSame(
                path, "opener \(j) lines into a batch of 6", seams: Array(stride(from: 1, through: 1200, by: 23)))
        }
    }

    @Test("random edits, insertions, deletions and splices give the sequential verdict in chunks of random size")
    func mutations() throws {
        let path = dir.file("mutated.jsonl")
        let seed: UInt64 = 4242
        var rng = SplitMix64(seed: seed)
        let base = damageBase(&rng)
        var failures = 0
        let runs = Self.stress ? 400 : 120
        for run in 0..<runs {
            var m = base
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                m = damaging(m, LogDamage.allCases.randomElement(using: &rng) ?? .byte, splicing: base, &rng)
            }
            writeBytes(m, to: path)
            let sequential = try sequentialCheck(path)
            if sequential.error != nil { failures += 1 }
            let bytes = Int.random(in: 1...700, using: &rng)
            let chunked = try chunkedCheck(path, .always(chunkBytes: bytes, workers: 1 + run % 2))
            #expect(chunked == sequential, "seed \(seed), run \(run), chunks of \(bytes) bytes")
        }
        #expect(failures > runs / 2, "the damage is seen (\(failures) of \(runs))")
    }

    @Test("re-hashed lines edited into the chain (every line passes alone) give the sequential verdict")
    func rehashedEdits() throws {
        let path = dir.file("rehashed.jsonl")
        var rng = SplitMix64(seed: 77)
        for run in 0..<(Self.stress ? 40 : 12) {
            var plan: [Int?] = Array(repeating: nil, count: 60)
            // Seqs, prev hashes or times out of order: a line encoded for another place in the chain.
            let events = (0..<60).map { k in
                Event(
                    seq: Int64(k + 1), at: Timestamp(milliseconds: 1_700_000_000_000 + Int64(k) * 1000),
                    payload: .created(oid("o\(k)"), name: "N\(k)"))
            }
            plan[Int.random(in: 0..<60, using: &rng)] = Int.random(in: 2...5, using: &rng)
            var bytes: [UInt8] = []
            var prev = Digest.zero
            let broken = Int.random(in: 0..<60, using: &rng)
            for (k, var event) in events.enumerated() {
                if k == broken {
                    switch run % 3 {
                    case 0: event = Event(seq: event.seq + 1, at: event.at, payload: event.payload)
                    case 1: prev = Digest.zero
                    default: event = Event(seq: event.seq, at: Timestamp(milliseconds: 1_000), payload: event.payload)
                    }
                }
                prev = LineFormat.encode(event, prev: prev, batch: plan[k], appendingTo: &bytes)
            }
            writeBytes(bytes, to: path)
            try expectSame(
                path, "run \(run), line \(broken + 1)", limits: [nil, Int64(broken)],
                seams: [run % 3 == 0 ? 1 : 13, 300, 2000])
        }
    }
}

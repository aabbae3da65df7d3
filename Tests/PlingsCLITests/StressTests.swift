import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// Long crash and concurrency loops. Opt in with PLINGS_STRESS=1 (see README);
/// they print their figures.
@Suite("Stress (PLINGS_STRESS=1)", .enabled(if: Stress.enabled), .serialized)
struct StressTests {
    let dir = TemporaryDirectory()

    @Test("kill -9 and torn batches against CLI appends: nothing acknowledged is lost, every tail is repaired")
    func killLoop() throws {
        let log = dir.file("plings.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: log) }
        let rounds = Stress.setting("ROUNDS", 400)
        let seed: UInt64 = 424_242
        var rng = SplitMix64(seed: seed)
        var acknowledged: [String] = []
        var killed = 0
        var tornInjected = 0
        var corruptOpens = 0
        for round in 0..<rounds {
            let id = "k\(round)"
            let name = String(repeating: "å", count: Int.random(in: 1...95, using: &rng)) + " \(round)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: plingsBinary)
            process.arguments = ["create", id, name, "--log", log]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let tear = Int.random(in: 0..<4, using: &rng) == 0
            if tear {
                // What a crash in the middle of a batch leaves: part of a batch of three lines.
                try appendTornBatch(log: log, rng: &rng)
                tornInjected += 1
            }
            try process.run()
            if Bool.random(using: &rng) {
                usleep(UInt32.random(in: 0...12_000, using: &rng))
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
            if process.terminationReason == .exit && process.terminationStatus == 0 {
                acknowledged.append(id)
            } else {
                killed += 1
            }
            if (try? Store(path: log)) == nil { corruptOpens += 1 }
        }
        // One last append repairs a tail the loop may have left.
        #expect(plings(["create", "final", "Sist"], log: log).status == 0)
        let checked = try ChainChecker.checkAll(fileBytes(log))
        let present = checked.lines.compactMap { line -> String? in
            if case .created(let id, _) = line.event.payload, !id.rawValue.hasPrefix("torn") { return id.rawValue }
            return nil
        }
        let lost = acknowledged.filter { id in !present.contains(id) }
        let duplicated = Set(present).count != present.count
        let repaired = String(decoding: fileBytes(log + ".quarantine"), as: UTF8.self).split(separator: "\n").count
        print(
            "kill loop (seed \(seed)): rounds \(rounds), killed or crashed \(killed) (torn batches injected \(tornInjected)), "
                + "acknowledged \(acknowledged.count), lost \(lost.count), torn tails repaired \(repaired), "
                + "corrupt opens \(corruptOpens), lines \(checked.lines.count)")
        #expect(lost.isEmpty)
        #expect(!duplicated)
        #expect(corruptOpens == 0)
        #expect(checked.torn == nil)
        #expect(repaired >= 1)
        #expect(plings(["verify"], log: log).status == 0)
    }

    /// Appends a random cut of a three-line batch chained to the log's head, as a crash would leave it.
    func appendTornBatch(log: String, rng: inout SplitMix64) throws {
        let head = try ChainChecker.checkAll(fileBytes(log))
        if head.torn != nil { return }
        var bytes: [UInt8] = []
        var hash = head.cursor.lastHash
        for k in 0..<3 {
            let event = Event(
                seq: head.cursor.lastSeq + Int64(k) + 1, at: head.cursor.lastAt,
                payload: .created(ObjectID(unchecked: "torn\(head.cursor.lastSeq)-\(k)"), name: "Torn"))
            hash = LineFormat.encode(event, prev: hash, batch: k == 0 ? 3 : nil, appendingTo: &bytes)
        }
        let cut = Int.random(in: 1..<bytes.count, using: &rng)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes[0..<cut]))
        try handle.close()
    }

    @Test("K concurrent CLI appenders × M commands: duplicate seq 0, interleaved 0, each acknowledged once")
    func concurrency() async throws {
        let log = dir.file("plings.jsonl")
        let writers = 8
        let each = 40
        let acknowledged = try await concurrentCreates(log: log, writers: writers, each: each, prefix: "c")
        let checked = try ChainChecker.checkAll(fileBytes(log))
        let seqs = checked.lines.map(\.event.seq)
        let objects = checked.lines.map(\.event.payload.object.rawValue)
        let duplicateSeq = seqs.count - Set(seqs).count
        let missing = acknowledged.filter { id in objects.filter { $0 == id }.count != 1 }.count
        print(
            "concurrency: \(writers) writers × \(each) commands, acknowledged \(acknowledged.count), "
                + "lines \(checked.lines.count), duplicate seq \(duplicateSeq), interleaved 0 (chain verified), "
                + "missing or repeated \(missing)")
        #expect(acknowledged.count == writers * each)
        #expect(duplicateSeq == 0 && missing == 0)
        #expect(seqs == Array(1...Int64(writers * each)))
    }
}

import PlingsTestSupport
import Testing

/// Logs holding every new event type: what the store decided live is what a
/// fresh replay, a snapshot plus its tail and time travel give.
@Suite("Everyday verbs through the log")
struct VerbReplayTests {
    let dir = TemporaryDirectory()

    /// A log of random commands, verbs and undos, appended through the store.
    func write(_ path: String, seed: UInt64, count: Int) throws -> WorldState {
        let store = try Store(path: path)
        var rng = SplitMix64(seed: seed)
        for k in 0..<count {
            var command = Generators.command(objects: 16, &rng)
            if k % 9 == 8, store.cursor.lastSeq > 0 {
                let seq = Int64.random(in: 1...store.cursor.lastSeq, using: &rng)
                guard let basis = try? UndoLookup.basis(seq: seq, actor: nil, path: path) else { continue }
                command = .undo(basis)
            }
            _ = try? store.execute(command)
        }
        return store.state
    }

    @Test("live state == fresh replay == snapshot + tail, at the end and at random points", arguments: [11, 12])
    func threeWay(seed: UInt64) throws {
        let path = dir.file("log-\(seed).jsonl")
        let live = try write(path, seed: seed, count: 400)
        #expect(live.status.archives.count > 0 && live.status.seenColumns.seq.contains { $0 > 0 }, "seed \(seed)")
        let fresh = try Timeline(path: path, useSnapshots: false).state()
        #expect(fresh.state == live, "seed \(seed)")
        #expect(Fingerprint(fresh.state) == Fingerprint(live), "seed \(seed)")
        var rebuild = Rebuild(path: path)
        rebuild.minimumSpacing = 50
        rebuild.budget = 10
        _ = try rebuild.run(dryRun: false)
        var rng = SplitMix64(seed: seed)
        for _ in 0..<8 {
            let point = Int64.random(in: 1...live.lastSeq, using: &rng)
            let cached = try Timeline(path: path).state(at: .seq(point))
            let full = try Timeline(path: path, useSnapshots: false).state(at: .seq(point))
            #expect(cached.state == full.state, "seed \(seed) at #\(point)")
        }
        let snapshot = Snapshot(state: live, cursor: fresh.cursor)
        #expect(Snapshot.decode(snapshot.encoded())?.state == live, "seed \(seed): snapshot round trip")
    }
}

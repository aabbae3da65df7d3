import PlingsKit
import PlingsTestSupport
import Testing

@Suite("Seeded mutation of logs")
struct MutationTests {
    @Test("random byte edits, insertions, deletions and splices never crash the reader and are never silently accepted")
    func mutations() throws {
        var rng = SplitMix64(seed: 2026)
        var prev = Digest.zero
        var base: [UInt8] = []
        var events: [Event] = []
        for seq in 1...12 {
            let event = randomEvent(Int64(seq), &rng)
            let line = LineFormat.encode(event, prev: prev)
            base += line.bytes
            prev = line.hash
            events.append(event)
        }
        let runs = Stress.rounds(4_000, stress: 20_000)
        var accepted = 0
        var checked = 0
        let dir = TemporaryDirectory()
        let scratch = dir.file("mutated.jsonl")
        for _ in 0..<runs {
            var m = base
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<m.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: m[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: m.insert(UInt8.random(in: 0...255, using: &rng), at: at)
                case 2: m.remove(at: at)
                default:
                    let from = Int.random(in: 0..<base.count, using: &rng)
                    let len = Int.random(in: 1...40, using: &rng)
                    m.insert(contentsOf: base[from..<min(base.count, from + len)], at: at)
                }
            }
            if m == base { continue }
            if checked % 10 == 0 { try replayAgrees(m, scratch) }
            checked += 1
            if let result = try? ChainChecker.checkAll(m) {
                // Only a change confined to the unfinished tail may pass: then the complete
                // lines are exactly a prefix of the original events.
                let read = result.lines.map(\.event)
                #expect(Array(events.prefix(read.count)) == read)
                if read.count == events.count && result.torn == nil { accepted += 1 }
            }
        }
        print(
            "seeded mutation: \(runs) mutated logs read, \(checked / 10) of them also replayed from a file "
                + "(both folds), crashes 0, silently accepted \(accepted)")
        #expect(accepted == 0)
    }

    /// The mutated log read from a file by the replayer, folding from bytes and as events, reaches the
    /// same verdict as the in-memory check, and the same state.
    func replayAgrees(_ bytes: [UInt8], _ path: String) throws {
        writeBytes(bytes, to: path)
        guard let file = try LogFile.open(path, create: false) else { return }
        let memory = Result { () throws(LogError) in try ChainChecker.checkAll(bytes, path: path) }
        for fast in [true, false] {
            var replayer = Replayer(path: path)
            replayer.fastPath = fast
            let replayed = Result { () throws(LogError) in try replayer.run(file) }
            switch (memory, replayed) {
            case (.success(let m), .success(let torn)):
                #expect(m.cursor == replayer.cursor && m.torn == torn)
                var state = WorldState()
                for line in m.lines { state.apply(line.event) }
                #expect(state == replayer.state)
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
            default:
                Issue.record("replay (fast \(fast)) and the in-memory check disagree: \(memory) vs \(replayed)")
            }
        }
    }
}

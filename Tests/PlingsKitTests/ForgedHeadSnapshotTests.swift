import PlingsKit
import PlingsTestSupport
import Testing

/// The head snapshot read in place for a card (`HeadCard`): damage, a cut,
/// a forged count or a snapshot of another log must make it give way to the
/// full path, never answer wrongly, never crash.
@Suite("Forged and damaged head snapshots, read in place for a card")
struct ForgedHeadSnapshotTests {
    let dir = TemporaryDirectory()

    /// A generated log with its cache rebuilt; the head snapshot's path and bytes, and the full state.
    func rebuilt(_ name: String = "gen.jsonl", seed: UInt64 = 11) throws -> (String, String, [UInt8], WorldState) {
        let path = dir.file(name)
        _ = try SyntheticLog(events: 3000, objects: 400, seed: seed).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        let head = try #require(SnapshotCache(logPath: path).entries().last)
        let state = try Timeline(path: path, useSnapshots: false).state().state
        return (path, head.path, fileBytes(head.path), state)
    }

    /// Every object's answer is its true card, or nil (gave way); never another card.
    func neverWrong(_ path: String, _ state: WorldState) -> Int {
        var answered = 0
        for x in state.registry.indices {
            guard let answer = HeadCard.answer(state.registry.id(x), logPath: path) else { continue }
            #expect(answer == .card(Card(x, state: state)), "object \(x)")
            answered += 1
        }
        return answered
    }

    @Test("one bit flipped anywhere: every card is the true one or the full path is taken")
    func flippedBits() throws {
        let (path, head, good, state) = try rebuilt()
        #expect(neverWrong(path, state) == state.registry.count)
        var rng = SplitMix64(seed: 5)
        var refusedAll = 0
        for _ in 0..<24 {
            var bad = good
            let position = Int.random(in: 0..<bad.count, using: &rng)
            bad[position] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
            writeBytes(bad, to: head)
            if neverWrong(path, state) == 0 { refusedAll += 1 }
        }
        #expect(refusedAll > 0)
        var header = good
        header[40] ^= 0x10
        writeBytes(header, to: head)
        #expect(neverWrong(path, state) == 0, "a damaged header")
    }

    @Test("a head snapshot cut short or resealed with forged counts gives way", arguments: [1, 9, 4096, 70000])
    func cutShort(cut: Int) throws {
        let (path, head, good, state) = try rebuilt()
        writeBytes(Array(good.dropLast(min(cut, good.count - 1))), to: head)
        #expect(neverWrong(path, state) == 0)
        for k in [1, 6, 7, 10, 21] {
            writeBytes(ForgedSnapshotTests.withCount(good, section: k, 1 << 29), to: head)
            #expect(neverWrong(path, state) == 0, "section \(k)")
        }
    }

    @Test("a head snapshot resealed with a section claiming Int.max bytes gives way, no overflow")
    func hugeStoredSize() throws {
        let (path, head, good, state) = try rebuilt()
        for k in [0, 1, 2, 21] {
            writeBytes(ForgedSnapshotTests.withStored(good, section: k, UInt64(Int.max)), to: head)
            #expect(neverWrong(path, state) == 0, "section \(k)")
        }
    }

    @Test("another log's head snapshot under this log's name gives way")
    func swapped() throws {
        let (path, head, _, state) = try rebuilt("a.jsonl", seed: 11)
        let (_, _, other, _) = try rebuilt("b.jsonl", seed: 12)
        writeBytes(other, to: head)
        #expect(neverWrong(path, state) == 0)
    }
}

import PlingsKit
import PlingsTestSupport
import PlingsViews
import Testing

/// The object timeline read for a card at a past point: damage, a cut, or a
/// timeline of another log must make it give way to the full path, never
/// answer wrongly, never crash.
@Suite("Damaged object timelines, read for a card at a past point")
struct DamagedTimelineTests {
    let dir = TemporaryDirectory()

    /// A generated log with its cache rebuilt: the timeline's path and bytes, and the world at a few seqs.
    func rebuilt(_ name: String = "gen.jsonl", seed: UInt64 = 11) throws -> (
        String, String, [UInt8], [Int64: WorldState]
    ) {
        // Written, rebuilt and replayed once for the run (the logs ForgedHeadSnapshotTests damages too);
        // each test damages its own copy.
        let path = try RebuiltLog.generated(events: 3000, objects: 400, seed: seed).copy(into: dir, as: name)
        let file = try #require(SnapshotCache(logPath: path).timelineEntries().last)
        let states = try Shared.value("DamagedTimelineTests \(seed)") {
            try PastCardTests.states(path, at: [700, 1900, 3000])
        }
        return (path, file.path, fileBytes(file.path), states)
    }

    /// Every fourth object's answer at each seq is its true card, or nil (gave way); never another card.
    func neverWrong(_ path: String, _ states: [Int64: WorldState]) -> Int {
        var answered = 0
        for (seq, state) in states {
            for x in state.registry.indices where x % 4 == 0 {
                guard let card = PastCard.answer(state.registry.id(x), logPath: path, at: .seq(seq)) else { continue }
                #expect(card == Card(x, state: state), "object \(x) at #\(seq)")
                answered += 1
            }
        }
        return answered
    }

    @Test("one bit flipped anywhere: every card is the true one or the full path is taken")
    func flippedBits() throws {
        let (path, file, good, states) = try rebuilt()
        let all = neverWrong(path, states)
        #expect(all > 150)
        var rng = SplitMix64(seed: 5)
        var fewer = 0
        for _ in 0..<(Stress.enabled ? 24 : 12) {
            writeBytes(flippingOneBit(good, &rng), to: file)
            if neverWrong(path, states) < all { fewer += 1 }
        }
        #expect(fewer > 0)
        var header = good
        header[40] ^= 0x10
        writeBytes(header, to: file)
        #expect(neverWrong(path, states) == 0, "a damaged header")
    }

    @Test("a timeline cut short gives way", arguments: Stress.enabled ? [1, 9, 4096, 70000] : [9, 70000])
    func cutShort(cut: Int) throws {
        let (path, file, good, states) = try rebuilt()
        writeBytes(Array(good.dropLast(min(cut, good.count - 1))), to: file)
        #expect(neverWrong(path, states) == 0)
        writeBytes(good + [0], to: file)
        #expect(neverWrong(path, states) == 0, "a byte too many")
    }

    @Test("a stray or damaged file named as a newer timeline does not hide the good one")
    func strayNewerFile() throws {
        let (path, file, good, states) = try rebuilt()
        let all = neverWrong(path, states)
        let cache = SnapshotCache(logPath: path)
        let stray = cache.directory + "/timeline-999999-0.bin"
        writeBytes(Array(good.prefix(5000)), to: stray)
        #expect(cache.timelineEntries().last?.path == stray)
        #expect(neverWrong(path, states) == all, "a cut file of a later name")
        writeBytes(good, to: stray)
        #expect(neverWrong(path, states) == all, "the good bytes under a name they do not match")
        writeBytes([], to: file)
        #expect(neverWrong(path, states) == 0, "nothing good left: the full path")
    }

    @Test("another log's timeline under this log's name gives way")
    func anotherLog() throws {
        let (path, file, _, states) = try rebuilt("a.jsonl", seed: 11)
        let (_, _, other, _) = try rebuilt("b.jsonl", seed: 12)
        writeBytes(other, to: file)
        #expect(neverWrong(path, states) == 0)
    }
}

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
        // Written, rebuilt and replayed once for the suite (seeds 11, 12 and 4); each test damages its own copy.
        let log = try RebuiltLog.generated(events: 3000, objects: 400, seed: seed)
        let path = try log.copy(into: dir, as: name)
        let head = try #require(SnapshotCache(logPath: path).entries().last)
        return (path, head.path, fileBytes(head.path), log.state)
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
        for _ in 0..<(Stress.enabled ? 24 : 12) {
            writeBytes(flippingOneBit(good, &rng), to: head)
            if neverWrong(path, state) == 0 { refusedAll += 1 }
        }
        #expect(refusedAll > 0)
        var header = good
        header[40] ^= 0x10
        writeBytes(header, to: head)
        #expect(neverWrong(path, state) == 0, "a damaged header")
    }

    @Test(
        "a head snapshot cut short or resealed with forged counts gives way",
        arguments: Stress.enabled ? [1, 9, 4096, 70000] : [9, 70000])
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

    /// `good` with one to three of a forger's edits (an encoding, a count or a
    /// size in the section table; a byte of a section's start, of the archive
    /// records or anywhere), every checksum resealed.
    static func forged(_ good: [UInt8], objects n: UInt64, _ rng: inout SplitMix64) -> [UInt8] {
        let values: [UInt64] = [0, 1, 2, 8, 9, 16, 17, n - 1, n, n + 1, 1 << 30, UInt64(Int.max), UInt64.max]
        let starts = ForgedSnapshotTests.layout(good).starts
        var bad = good
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let k = Int.random(in: 0..<22, using: &rng)
            let entry = ForgedSnapshotTests.countOffset(k) - 8
            var byte = Int.random(in: ForgedSnapshotTests.blockTable..<bad.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: ForgedSnapshotTests.put(UInt64.random(in: 0...4, using: &rng), &bad, at: entry)
            case 1, 2:
                let value = values.randomElement(using: &rng) ?? 0
                ForgedSnapshotTests.put(value, &bad, at: entry + (Bool.random(using: &rng) ? 8 : 16))
            case 3: byte = min(bad.count - 1, starts[k] + Int.random(in: 0..<64, using: &rng))
            case 4: byte = max(ForgedSnapshotTests.blockTable, bad.count - Int.random(in: 1...2000, using: &rng))
            default: break
            }
            bad[byte] = UInt8.random(in: 0...255, using: &rng)
        }
        return ForgedSnapshotTests.resealedWhole(bad)
    }

    @Test(
        "a forger's random edits, every checksum resealed: no crash, and a card only where the whole read agrees",
        arguments: Stress.enabled ? [1, 4] : [4])
    func forgedAtRandom(seed: Int) throws {
        let (path, head, good, state) = try rebuilt(seed: UInt64(seed))
        let ids = state.registry.indices.map { state.registry.id($0) }
        var rng = SplitMix64(seed: UInt64(seed))
        for round in 0..<300 {
            let bad = Self.forged(good, objects: UInt64(ids.count), &rng)
            writeBytes(bad, to: head)
            let whole = Snapshot.decode(bad)?.state
            for j in 0..<6 {
                let id = ids[(round * 6 + j * 53) % ids.count]
                // Where the whole read refuses the file, the view cannot know every byte it skips (see
                // ForgedSnapshotTests): only where the whole read takes it must the two agree.
                guard let answer = HeadCard.answer(id, logPath: path), let whole else { continue }
                let expected = whole.registry.index(of: id).map { HeadCard.Answer.card(Card($0, state: whole)) }
                #expect(answer == expected ?? .unknown, "seed \(seed) round \(round) id \(id.rawValue)")
            }
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

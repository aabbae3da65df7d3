import PlingsKit
import PlingsTestSupport
import Testing

@Suite("Replay's look-ahead is only a hint")
struct LookaheadTests {
    let dir = TemporaryDirectory()

    /// A log whose placements name objects created a line or two before,
    /// objects created only after they are named, ids longer than a word,
    /// unknown ids and World, in random order.
    /// - Returns: how many of its lines are of a version after 1 (depth and diagonal relations).
    @discardableResult
    func writeTangledLog(to path: String, seed: UInt64) -> Int {
        var rng = SplitMix64(seed: seed)
        var (prev, bytes, seq) = (Digest.zero, [UInt8](), Int64(0))
        var newer = 0
        var ids: [String] = []
        func add(_ payload: EventPayload) {
            seq += 1
            let event = Event(seq: seq, at: Timestamp(milliseconds: 1000 * seq), payload: payload)
            let line = LineFormat.encode(event, prev: prev)
            bytes += line.bytes
            prev = line.hash
        }
        func someID() -> String {
            if ids.isEmpty || Int.random(in: 0..<8, using: &rng) == 0 {
                let long = Bool.random(using: &rng)
                return (long ? "long-object-" : "o") + String(Int.random(in: 0..<400, using: &rng))
            }
            return ids[Int.random(in: 0..<ids.count, using: &rng)]
        }
        for _ in 0..<1500 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                let id = someID()
                ids.append(id)
                add(.created(oid(id), name: "thing \(id)"))
            case 2:
                add(.renamed(oid(someID()), name: "renamed \(seq)"))
            default:
                let relation = Relation.allCases[Int.random(in: 0..<Relation.allCases.count, using: &rng)]
                let target = Int.random(in: 0..<6, using: &rng) == 0 ? nil : oid(someID())
                let axes: AxisSet = [.both, .current, .normal][Int.random(in: 0..<3, using: &rng)]
                add(.placed(Placement(object: oid(someID()), relation: relation, target: target, axes: axes)))
                if relation.lineVersion > 1 { newer += 1 }
            }
        }
        writeBytes(bytes, to: path)
        return newer
    }

    @Test("a read-ahead replay that peeks at coming lines ends in the state of the general path", arguments: [1, 2, 3])
    func peekingChangesNothing(seed: UInt64) throws {
        let path = dir.file("tangled-\(seed).jsonl")
        let newer = writeTangledLog(to: path, seed: seed)
        guard let file = try LogFile.open(path, create: false) else { throw LogError.notALog(path: path) }
        var peeking = Replayer(path: path)
        peeking.readAhead = .always(chunkSize: 1)
        try peeking.run(file)
        var general = Replayer(path: path)
        general.fastPath = false
        general.readAhead = .never
        try general.run(file)
        #expect(peeking.state == general.state)
        #expect(Fingerprint(peeking.state) == Fingerprint(general.state))
        #expect(peeking.cursor == general.cursor)
        #expect(!peeking.state.skipped.isEmpty, "the log names unknown objects")
        // Lines of versions 2 and 3 (depth and diagonal relations) go the `Event` route; the rest are folded
        // from bytes (all but some 90 of the others, as when only the two depth relations were newer).
        #expect(
            peeking.generalLines < newer + 90,
            "the byte route folded most lines (\(peeking.generalLines) did not, \(newer) of versions 2 and 3)")
    }
}

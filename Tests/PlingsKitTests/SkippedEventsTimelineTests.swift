import PlingsKit
import PlingsLog
import PlingsTestSupport
import PlingsViews
import Testing

/// Logs written without the decider (a merge, a hand edit, another tool):
/// many events are skipped on replay. The object timeline, folded from the
/// bytes or as events, must still be the same file, and every card at every
/// seq and time read from it must be the replayed world's.
@Suite("The object timeline of logs full of skipped events")
struct SkippedEventsTimelineTests {
    let dir = TemporaryDirectory()

    /// A log of `count` random events about `pool` ids (some never created),
    /// many of which the decider would refuse; times often repeat.
    static func write(_ path: String, count: Int, pool: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var (prev, bytes, at) = (Digest.zero, [UInt8](), Int64(1_700_000_000_000))
        let id = { (r: inout SplitMix64) in oid("s\(Int.random(in: 0..<pool, using: &r))") }
        let relation = { (r: inout SplitMix64) in Relation.allCases.randomElement(using: &r) ?? .in }
        var refused: Int64 = 0
        for seq in 1...Int64(count) {
            let payload: EventPayload
            var origin: Origin?
            switch Int.random(in: 0..<12, using: &rng) {
            case 0, 1: payload = .created(id(&rng), name: Generators.randomName(&rng))
            case 2: payload = .renamed(id(&rng), name: Generators.randomName(&rng))
            case 3: payload = .returned(id(&rng))
            case 4: payload = .seen(id(&rng))
            case 5: payload = .archived(id(&rng), note: Bool.random(using: &rng) ? "bort" : nil)
            case 6:
                payload = .restored(
                    Placement(object: id(&rng), relation: relation(&rng), target: id(&rng), axes: .both))
            case 7:
                refused += 1
                origin = Origin(device: "bo", deviceSeq: refused, deviceAt: Timestamp(milliseconds: at))
                payload = .refused(
                    Refusal(command: "place", object: id(&rng), code: "cycle", reason: "it would hold itself"))
            default:
                let axes: AxisSet = [.both, .current, .normal][Int.random(in: 0..<3, using: &rng)]
                let target = Int.random(in: 0..<10, using: &rng) == 0 ? nil : id(&rng)
                payload = .placed(Placement(object: id(&rng), relation: relation(&rng), target: target, axes: axes))
            }
            if Bool.random(using: &rng) { at += Int64.random(in: 1...2000, using: &rng) }
            let line = LineFormat.encode(
                Event(seq: seq, at: Timestamp(milliseconds: at), actor: "hand", origin: origin, payload: payload),
                prev: prev)
            bytes += line.bytes
            prev = line.hash
        }
        writeBytes(bytes, to: path)
    }

    /// Every card at every seq and at 12 times with `PLINGS_STRESS`; by default at the first and last
    /// seq and 38 seqs a seeded generator spreads between them, and at 6 times (each a replay).
    @Test("both routes write the same timeline; every card at many seqs and at times agrees", arguments: [1, 2])
    func skipped(seed: Int) throws {
        let path = dir.file("hand\(seed).jsonl")
        Self.write(path, count: 700, pool: 14, seed: UInt64(seed))
        var general = Rebuild(path: path)
        general.fastPath = false
        _ = try general.run(dryRun: false)
        let slow = try fileBytes(#require(SnapshotCache(logPath: path).timelineEntries().last).path)
        let state = try Timeline(path: path, useSnapshots: false).state().state
        #expect(state.skipped.count > 150, "a log full of skipped events")
        let seqs = Stress.enabled ? Set(1...700) : PastCardTests.spread(700, 40, seed: UInt64(seed))
        try PastCardTests.everyCardAgrees(path, seqs: seqs)
        #expect(try fileBytes(#require(SnapshotCache(logPath: path).timelineEntries().last).path) == slow)
        var times: [Int64] = []
        _ = try Timeline(path: path, useSnapshots: false).events { event, _, _ in times.append(event.at.milliseconds) }
        var rng = SplitMix64(seed: UInt64(seed))
        for _ in 0..<Stress.rounds(6, stress: 12) {
            let t = times[Int.random(in: 0..<times.count, using: &rng)] + Int64.random(in: -1...1, using: &rng)
            let limit = ReplayLimit.time(Timestamp(milliseconds: t))
            let past = try Timeline(path: path, useSnapshots: false).state(at: limit).state
            for x in past.registry.indices {
                #expect(PastCard.answer(past.registry.id(x), logPath: path, at: limit) == Card(x, state: past))
            }
        }
    }
}

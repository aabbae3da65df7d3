import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsViews
import Testing

/// A card at a past seq read from the object timeline must be the card of
/// the world replayed to that seq, for every object and every point tried;
/// and whenever the timeline does not cover the seq, is not vouched for, or
/// is damaged where the card reads, it must give way (nil), never answer wrongly.
@Suite("A card at a past seq, read from the object timeline")
struct PastCardTests {
    let dir = TemporaryDirectory()

    /// The states after each seq in `seqs` (replayed once, from the start, without any cache).
    static func states(_ path: String, at seqs: Set<Int64>) throws -> [Int64: WorldState] {
        var found: [Int64: WorldState] = [:]
        _ = try Timeline(path: path, useSnapshots: false).events { event, _, state in
            if seqs.contains(event.seq) { found[event.seq] = state }
        }
        return found
    }

    /// Rebuilds the cache, then checks the timeline's card of every `step`-th
    /// object (and the last) at each of `seqs` against the replayed state's.
    /// - Returns: how many cards were compared.
    @discardableResult
    static func everyCardAgrees(_ path: String, seqs: Set<Int64>, step: Int = 1) throws -> Int {
        _ = try Rebuild(path: path).run(dryRun: false)
        var compared = 0
        for (seq, state) in try states(path, at: seqs) {
            for x in state.registry.indices where Int(x) % step == 0 || Int(x) == state.registry.count - 1 {
                let id = state.registry.id(x)
                let full = Card(x, state: state)
                let card = try #require(
                    PastCard.answer(id, logPath: path, at: .seq(seq)), "no card for \(id) at \(seq)")
                #expect(card == full, "card of \(id) at #\(seq)")
                for language in [Language.en, .sv] { #expect(card.render(language) == full.render(language)) }
                compared += 1
            }
            #expect(PastCard.objectCount(logPath: path, seq: seq) == state.registry.count, "objects at #\(seq)")
        }
        return compared
    }

    /// `n` seqs spread over 1...last, with the first and the last.
    static func spread(_ last: Int64, _ n: Int, seed: UInt64) -> Set<Int64> {
        var rng = SplitMix64(seed: seed)
        var seqs: Set<Int64> = [1, last]
        while seqs.count < min(n, Int(last)) { seqs.insert(Int64.random(in: 1...last, using: &rng)) }
        return seqs
    }

    @Test(
        "generated logs: every fifth object at a dozen points is the replayed world's card",
        arguments: Stress.enabled ? [3, 5] : [5])
    func generatedLogs(seed: Int) throws {
        let path = dir.file("gen\(seed).jsonl")
        _ = try SyntheticLog(events: 4000, objects: 300, seed: UInt64(seed)).write(to: path)
        #expect(try Self.everyCardAgrees(path, seqs: Self.spread(4000, 12, seed: UInt64(seed)), step: 5) > 300)
    }

    @Test(
        "logs of random commands (archives with notes, restores, seen, renames, both axes)",
        arguments: Stress.enabled ? [1, 2, 9] : [2])
    func randomCommandLogs(seed: Int) throws {
        let sub = TemporaryDirectory()
        let (path, store) = try writeLog(sub, extra: 600, seed: UInt64(seed))
        #expect(!store.state.status.archives.isEmpty)
        let last = store.cursor.lastSeq
        #expect(try Self.everyCardAgrees(path, seqs: Self.spread(last, 20, seed: UInt64(seed))) > 100)
    }

    /// At every seq with `PLINGS_STRESS`; by default at the first, the last and 70 seeded seqs between.
    /// Every card at 36 seqs spread by a seeded generator by default, at every seq with PLINGS_STRESS.
    @Test("logs with undos (of moves, renames and undos, by seq and by actor) among random commands, at many seqs")
    func undoLogs() throws {
        let sub = TemporaryDirectory()
        let (path, store) = try writeLog(sub, extra: 0, seed: 8)
        var rng = SplitMix64(seed: 8)
        var undone = 0
        for step in 0..<400 {
            if step % 4 == 3 {
                let last = store.cursor.lastSeq
                let seq: Int64? = Bool.random(using: &rng) ? Int64.random(in: 1...last, using: &rng) : nil
                guard let basis = try? UndoLookup.basis(seq: seq, actor: "test", path: path) else { continue }
                if (try? store.execute(.undo(basis), actor: "test")) != nil { undone += 1 }
            } else {
                _ = try? store.execute(Generators.command(objects: 10, &rng), actor: "test")
            }
        }
        #expect(undone > 20)
        let last = store.cursor.lastSeq
        try Self.everyCardAgrees(path, seqs: Stress.enabled ? Set(1...last) : Self.spread(last, 36, seed: 8))
    }

    @Test("a hand-made world, at every seq: a note, a restore, a rename, a cascade, away, a deep path")
    func handMade() throws {
        let (path, store) = try writeLog(dir)
        var commands: [Command] =
            HeadCardTests.boxAndLamp + [
                .seen(oid("yTvK")), .rename(oid("box"), name: "Blå låda"),
                .archive(oid("lamp"), note: "lånad till Eva", withContents: false),
                .place(Placement(object: oid("5GgB"), relation: .in, target: oid("saltsjon"), axes: .current)),
                .restore(oid("lamp"), relation: .on, target: oid("box")),
            ]
        commands += HeadCardTests.deepPath()
        // d11 belongs inside d3 but is elsewhere: archiving takes what is inside, so it comes home first.
        commands.append(.returnHome(oid("d11")))
        commands.append(.archive(oid("d3"), note: nil, withContents: true))
        for (k, command) in commands.enumerated() { try store.execute(command, actor: "test", commandID: "c\(k)") }
        let last = store.cursor.lastSeq
        try Self.everyCardAgrees(path, seqs: Set(1...last))
        let archived = try #require(PastCard.answer(oid("lamp"), logPath: path, at: .seq(last - 28)))
        #expect(archived.archived?.note == "lånad till Eva")
        #expect(try #require(PastCard.answer(oid("d10"), logPath: path, at: .seq(last - 1))).normal.path.count == 13)
    }

    /// Around 5 random event times by default (each point a replay), 10 with PLINGS_STRESS.
    @Test("at times: before the first event, on an event's time, between two, after the last; and after an append")
    func times() throws {
        let path = dir.file("times.jsonl")
        _ = try SyntheticLog(events: 3000, objects: 200, seed: 17).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        var times: [Int64] = []
        _ = try Timeline(path: path, useSnapshots: false).events { event, _, _ in
            times.append(event.at.milliseconds)
        }
        var rng = SplitMix64(seed: 17)
        var points = [times[0] - 1, times[0], times[times.count - 1], times[times.count - 1] + 5]
        for _ in 0..<Stress.rounds(5, stress: 10) {
            let t = times[Int.random(in: 0..<times.count, using: &rng)]
            points += [t, t + 1, t - 1]
        }
        var answered = 0
        for t in points {
            let limit = ReplayLimit.time(Timestamp(milliseconds: t))
            let state = try Timeline(path: path, useSnapshots: false).state(at: limit).state
            guard state.lastSeq > 0 else {
                #expect(PastCard.answer(oid(SyntheticLog.code(0)), logPath: path, at: limit) == nil)
                continue
            }
            for x in state.registry.indices where Int(x) % 9 == 0 {
                let card = PastCard.answer(state.registry.id(x), logPath: path, at: limit)
                #expect(card == Card(x, state: state), "card of \(x) at \(t)")
                answered += 1
            }
        }
        #expect(answered > 100)
        let store = try Store(path: path)
        try store.execute(.seen(oid(SyntheticLog.code(1))))
        let late = ReplayLimit.time(Timestamp(milliseconds: times[times.count - 1] + 5))
        #expect(PastCard.answer(oid(SyntheticLog.code(1)), logPath: path, at: late) == nil, "later events may count")
        let middle = ReplayLimit.time(Timestamp(milliseconds: times[2000]))
        #expect(PastCard.answer(oid(SyntheticLog.code(1)), logPath: path, at: middle) != nil)
    }

    @Test("a box holding 2,000 things: its card agrees; past a small read budget it gives way")
    func bigBox() throws {
        let path = dir.file("big-box.jsonl")
        let store = try makeStore(path)
        let commands: [Command] =
            [.create(oid("box"), name: "Låda")] + HeadCardTests.things(2_000, inBox: "box") { "Sak \($0)" }
        _ = try store.executeBatch(commands, policy: .stop)
        _ = try Rebuild(path: path).run(dryRun: false)
        let seq: Int64 = 2_001
        let state = try #require(try Self.states(path, at: [seq])[seq])
        let card = try #require(PastCard.answer(oid("box"), logPath: path, at: .seq(seq)))
        #expect(card == Card(0, state: state))
        #expect(card.contents.count == 1_000)
        #expect(PastCard.answer(oid("box"), logPath: path, at: .seq(seq), readBudget: 500) == nil)
        #expect(PastCard.answer(oid("t7"), logPath: path, at: .seq(seq), readBudget: 500) != nil)
    }

    @Test("it gives way past the timeline, before the first event, for an object not yet made, with no identity record")
    func givesWay() throws {
        let (path, store) = try writeLog(dir, extra: 50, seed: 4)
        _ = try Rebuild(path: path).run(dryRun: false)
        let last = store.cursor.lastSeq
        #expect(PastCard.answer(oid("yTvK"), logPath: path, at: .seq(last)) != nil)
        #expect(PastCard.answer(oid("yTvK"), logPath: path, at: .seq(0)) == nil)
        #expect(PastCard.answer(oid("nobody"), logPath: path, at: .seq(last)) == nil)
        #expect(PastCard.answer(oid("yTvK"), logPath: path, at: .seq(1)) == nil, "created later")
        #expect(PastCard.notYet(oid("yTvK"), logPath: path, at: .seq(1)) == 1)
        #expect(PastCard.notYet(oid("yTvK"), logPath: path, at: .seq(last)) == nil, "there by then")
        #expect(PastCard.notYet(oid("nobody"), logPath: path, at: .seq(1)) == nil, "not in the timeline")
        try store.execute(.seen(oid("yTvK")))
        #expect(PastCard.answer(oid("yTvK"), logPath: path, at: .seq(last + 1)) == nil, "past the timeline")
        #expect(PastCard.answer(oid("yTvK"), logPath: path, at: .seq(last)) != nil, "an append keeps the past")
        try FileManager.default.removeItem(atPath: path + ".plings-cache/identity")
        #expect(PastCard.answer(oid("yTvK"), logPath: path, at: .seq(last)) == nil, "no identity record")
    }

    @Test(
        "the timeline and snapshots are the same bytes whether lines are folded from their bytes or as events, with the records gathered by ranges of 16,384 objects or of 8"
    )
    func bothRoutes() throws {
        let path = dir.file("routes.jsonl")
        _ = try SyntheticLog(events: 5000, objects: 400, seed: 8).write(to: path)
        func files() throws -> [String: [UInt8]] {
            let cache = SnapshotCache(logPath: path)
            let entries = cache.entries() + cache.timelineEntries()
            return Dictionary(uniqueKeysWithValues: entries.map { ($0.path, fileBytes($0.path)) })
        }
        var general = Rebuild(path: path)
        general.fastPath = false
        _ = try general.run(dryRun: false)
        let slow = try files()
        _ = try Rebuild(path: path).run(dryRun: false)
        let fast = try files()
        var ranges = Rebuild(path: path)
        ranges.timelineRangeShift = 3
        _ = try ranges.run(dryRun: false)
        #expect(slow.keys.contains { $0.contains("timeline-") })
        #expect(fast == slow)
        #expect(try files() == slow, "400 objects in 50 ranges")
    }

    @Test("Timeline.card(of:at:) gives the replayed world's card, from the timeline or without it")
    func libraryCard() throws {
        let sub = TemporaryDirectory()
        let (path, store) = try writeLog(sub, extra: 120, seed: 3)
        _ = try Rebuild(path: path).run(dryRun: false)
        let last = store.cursor.lastSeq
        let states = try Self.states(path, at: [1, 9, last / 2, last])
        for (seq, state) in states {
            for x in state.registry.indices {
                let id = state.registry.id(x)
                let full = Card(x, state: state)
                #expect(try Timeline(path: path).card(of: id, at: .seq(seq)) == full, "\(id) at #\(seq)")
                #expect(try Timeline(path: path, useSnapshots: false).card(of: id, at: .seq(seq)) == full)
            }
        }
        #expect(try Timeline(path: path).card(of: oid("nobody"), at: .seq(last)) == nil)
        #expect(try Timeline(path: path).card(of: oid("yTvK"), at: .seq(1)) == nil, "made later")
        #expect(try Timeline(path: path).card(of: oid("yTvK")) == HeadCardTests.lazy("yTvK", path))
    }

    @Test("a rebuild leaves one timeline file, and its size counts in the report")
    func oneFile() throws {
        let (path, store) = try writeLog(dir, extra: 80, seed: 6)
        let first = try Rebuild(path: path).run(dryRun: false)
        try store.execute(.seen(oid("yTvK")))
        let second = try Rebuild(path: path).run(dryRun: false)
        let files = SnapshotCache(logPath: path).timelineEntries()
        #expect(files.map(\.seq) == [store.cursor.lastSeq])
        #expect(first.timelineBytes > 0 && second.timelineBytes > first.timelineBytes)
        #expect(SnapshotCache(logPath: path).timelineSize() == second.timelineBytes)
        #expect(try Rebuild(path: path).run(dryRun: true).timelineBytes == 0)
    }
}

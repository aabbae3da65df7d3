import Foundation
import PlingsKit
import PlingsLog
import PlingsTestSupport
import PlingsViews
import Testing

/// An object's history read from the object timeline (and, after appends,
/// the head snapshot and the events since) must be the replayed history,
/// entry for entry and in both languages, for every object tried at every
/// point tried; and the cache must actually answer (not always give way).
@Suite("History read from the object timeline")
struct HistoryFromTimelineTests {
    let dir = TemporaryDirectory()

    /// The ids to try: every `step`-th object of the head, the last, ids only
    /// ever named by skipped events, and one never named.
    static func ids(_ path: String, step: Int, extra: [String] = []) throws -> [ObjectID] {
        let state = try Timeline(path: path, useSnapshots: false).state().state
        var ids = state.registry.indices.filter { Int($0) % step == 0 || Int($0) == state.registry.count - 1 }
            .map { state.registry.id($0) }
        ids += (extra + ["nobody"]).map(oid)
        return ids
    }

    /// Compares the cache's history of each id at each point with the replayed one.
    /// - Returns: how many the cache answered (the rest gave way to the replay, and must still agree).
    @discardableResult
    static func everyHistoryAgrees(_ path: String, ids: [ObjectID], points: [ReplayLimit?]) throws -> Int {
        var answered = 0
        let languages = [Language.en, .sv]
        for (p, limit) in points.enumerated() {
            // One replay per point for every id and language (`replayed` of one id is this with one of each).
            let all = Result { try ObjectHistory.replayed(ids, path: path, until: limit, languages: languages) }
            for (i, id) in ids.enumerated() {
                for (j, language) in languages.enumerated() {
                    let replayed = all.flatMap { rows in
                        rows[i][j].map { .success($0) } ?? .failure(DomainError.unknownObject(id) as any Error)
                    }
                    let cached = ObjectHistory.fromCache(id, path: path, until: limit, text: HistoryText(language))
                    switch (cached, replayed) {
                    case (.result(let fast)?, .success(let slow)):
                        #expect(fast.asOfSeq == slow.asOfSeq, "\(id) at \(String(describing: limit))")
                        #expect(fast.entries == slow.entries, "\(id) at \(String(describing: limit)) \(language)")
                        if fast.entries != slow.entries { Self.show(fast.entries, slow.entries) }
                        answered += 1
                    case (.unknown?, .failure(DomainError.unknownObject)): answered += 1
                    case (nil, _): break
                    default:
                        Issue.record(
                            "\(id) at \(String(describing: limit)): cache \(String(describing: cached)), replay \(replayed)"
                        )
                    }
                    // The public entry point agrees with the replay whichever way it went: in both
                    // languages with PLINGS_STRESS, by default in one, the languages taking turns.
                    if Stress.enabled || (i + p) % languages.count == j {
                        let built = Result { try ObjectHistory.build(id, path: path, until: limit, language: language) }
                        #expect(Self.same(built, replayed), "\(id) at \(String(describing: limit)) \(language)")
                    }
                }
            }
        }
        return answered
    }

    /// Whether two answers have the same entries, or errors that read the same.
    static func same(
        _ a: Result<ObjectHistory.Result, any Error>, _ b: Result<ObjectHistory.Result, any Error>
    ) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): x.entries == y.entries
        case (.failure(let x), .failure(let y)): String(describing: x) == String(describing: y)
        default: false
        }
    }

    static func show(_ fast: [HistoryEntry], _ slow: [HistoryEntry]) {
        for k in 0..<max(fast.count, slow.count) where k >= fast.count || k >= slow.count || fast[k] != slow[k] {
            print("  fast[\(k)]: \(k < fast.count ? fast[k].render() : "-")")
            print("  slow[\(k)]: \(k < slow.count ? slow[k].render() : "-")")
            return
        }
    }

    static func seqPoints(_ last: Int64, _ n: Int, seed: UInt64) -> [ReplayLimit?] {
        [nil] + PastCardTests.spread(last, n, seed: seed).sorted().map { .seq($0) }
    }

    @Test(
        "generated logs: every tenth object at the head and four seqs (every fifth at eight with PLINGS_STRESS)",
        arguments: Stress.enabled ? [3, 5] : [5])
    func generatedLogs(seed: Int) throws {
        let path = dir.file("gen\(seed).jsonl")
        _ = try SyntheticLog(events: 3000, objects: 200, seed: UInt64(seed)).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        let ids = try Self.ids(path, step: Stress.enabled ? 5 : 10)
        let points = Self.seqPoints(3000, Stress.enabled ? 8 : 4, seed: UInt64(seed))
        let answered = try Self.everyHistoryAgrees(path, ids: ids, points: points)
        #expect(answered == ids.count * points.count * 2)
    }

    @Test("logs of random commands and undos: archives, restores, returns, seen, renames, both axes")
    func randomCommandsAndUndos() throws {
        let (path, store) = try writeLog(dir, extra: 300, seed: 9)
        var rng = SplitMix64(seed: 9)
        for step in 0..<200 {
            if step % 4 == 3 {
                let seq: Int64? =
                    Bool.random(using: &rng) ? Int64.random(in: 1...store.cursor.lastSeq, using: &rng) : nil
                if let basis = try? UndoLookup.basis(seq: seq, actor: "test", path: path) {
                    _ = try? store.execute(.undo(basis), actor: "test")
                }
            } else {
                _ = try? store.execute(Generators.command(objects: 10, &rng), actor: "test")
            }
        }
        #expect(!store.state.status.archives.isEmpty)
        _ = try Rebuild(path: path).run(dryRun: false)
        let ids = try Self.ids(path, step: 1)
        let points = Self.seqPoints(store.cursor.lastSeq, Stress.enabled ? 10 : 5, seed: 9)
        #expect(try Self.everyHistoryAgrees(path, ids: ids, points: points) == ids.count * points.count * 2)
    }

    @Test(
        "logs full of skipped events and refusals from a device, at seqs and times",
        arguments: Stress.enabled ? [1, 2] : [2])
    func skippedAndRefused(seed: Int) throws {
        let path = dir.file("hand\(seed).jsonl")
        SkippedEventsTimelineTests.write(path, count: 500, pool: 14, seed: UInt64(seed))
        _ = try Rebuild(path: path).run(dryRun: false)
        let ids = try Self.ids(path, step: 1, extra: (0..<14).map { "s\($0)" })
        var points = Self.seqPoints(500, Stress.enabled ? 10 : 5, seed: UInt64(seed))
        var times: [Int64] = []
        _ = try Timeline(path: path, useSnapshots: false).events { event, _, _ in times.append(event.at.milliseconds) }
        points += [times[0] - 1, times[100], times[250] + 1, times[499]].map { .time(Timestamp(milliseconds: $0)) }
        #expect(try Self.everyHistoryAgrees(path, ids: ids, points: points) == ids.count * points.count * 2)
    }

    @Test("a chain built bottom-up: the deepest link's path changes at every later placement")
    func deepChain() throws {
        let path = dir.file("chain.jsonl")
        try ShapeLog(.chain(depth: 300, bottomUp: true)).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        let ids = ["c299", "c150", "c0", "c1"].map(oid)
        let answered = try Self.everyHistoryAgrees(path, ids: ids, points: [nil, .seq(450), .seq(301)])
        #expect(answered == 24)
        let history = try ObjectHistory.build(oid("c299"), path: path, until: nil, language: .en)
        #expect(history.entries.filter { $0.kind == "path" }.count > 500)
    }

    @Test("after appends: the timeline, then the head snapshot and the events since; an object made since")
    func afterAppends() throws {
        let (path, store) = try writeLog(dir, extra: 200, seed: 4)
        _ = try Rebuild(path: path).run(dryRun: false)
        let rebuilt = store.cursor.lastSeq
        var rng = SplitMix64(seed: 44)
        try store.execute(.create(oid("late"), name: "Sen"))
        try store.execute(.place(Placement(object: oid("late"), relation: .in, target: oid("o1"), axes: .both)))
        for _ in 0..<40 { _ = try? store.execute(Generators.command(objects: 10, &rng), actor: "test") }
        let ids = try Self.ids(path, step: 1)
        let last = store.cursor.lastSeq
        let points: [ReplayLimit?] = [
            nil, .seq(rebuilt), .seq(rebuilt + 1), .seq(last - 3), .seq(last), .seq(last + 5),
        ]
        let answered = try Self.everyHistoryAgrees(path, ids: ids, points: points)
        #expect(answered == ids.count * points.count * 2, "\(answered) of \(ids.count * points.count * 2)")
    }

    @Test("without the identity record, or with the timeline damaged, the cache gives way and history is the same")
    func givesWay() throws {
        let (path, _) = try writeLog(dir, extra: 100, seed: 5)
        _ = try Rebuild(path: path).run(dryRun: false)
        let id = oid("yTvK")
        #expect(ObjectHistory.fromCache(id, path: path, until: nil, text: HistoryText(.en)) != nil)
        let timeline = try #require(SnapshotCache(logPath: path).timelineEntries().last).path
        var bytes = fileBytes(timeline)
        bytes[bytes.count - 10] ^= 0x40
        writeBytes(bytes, to: timeline)
        #expect(ObjectHistory.fromCache(id, path: path, until: nil, text: HistoryText(.en)) == nil)
        _ = try Rebuild(path: path).run(dryRun: false)
        try FileManager.default.removeItem(atPath: path + ".plings-cache/identity")
        #expect(ObjectHistory.fromCache(id, path: path, until: nil, text: HistoryText(.en)) == nil)
        let built = try ObjectHistory.build(id, path: path, until: nil, language: .sv)
        #expect(built.entries == (try ObjectHistory.replayed(id, path: path, until: nil, language: .sv)).entries)
    }
}

import Foundation
import PlingsLog
import PlingsTestSupport
import PlingsViews
import Testing

@testable import PlingsKit

/// The query layer answers every view the same way with the cache as
/// without it (a replay from the first line), at the head and at random
/// points, before and after appends past the last rebuild.
@Suite("One query layer: every view with the cache equals the replay")
struct QueryTests {
    let dir = TemporaryDirectory()

    /// A view's answer, or its error, as text to compare.
    static func said<T>(_ body: () throws -> T) -> String {
        do {
            return String(describing: try body())
        } catch {
            return "error: \(error)"
        }
    }

    /// Every view of `fast` and `slow` agrees at each of `points` for each of `ids`.
    static func everyViewAgrees(_ path: String, ids: [ObjectID], points: [ReplayLimit?]) {
        let fast = Query(path: path)
        let slow = Query(path: path, useCache: false)
        func same<T>(_ what: String, _ view: (Query) throws -> T) {
            let (a, b) = (said { try view(fast) }, said { try view(slow) })
            #expect(a == b, "\(what)")
        }
        for limit in points {
            let at = String(describing: limit)
            same("world \(at)") { try $0.world(at: limit).lastSeq }
            same("tree current \(at)") { try $0.tree(axis: .current, at: limit) }
            same("tree normal \(at)") { try $0.tree(axis: .normal, at: limit) }
            same("away \(at)") { try $0.away(at: limit) }
            same("fingerprint \(at)") { try $0.fingerprint(at: limit) }
            same("find \(at)") { try $0.find("o1", limit: 50, archived: true, at: limit) }
            same("stocktake \(at)") { try $0.stocktake(at: limit) }
            for id in ids {
                same("card \(id) \(at)") { try $0.card(of: id, at: limit) }
                same("object \(id) \(at)") { query in
                    let read = try query.object(id, at: limit, Self.contents)
                    return "\(read.card) \(read.value) \(read.at)"
                }
                same("stocktake \(id) \(at)") { try $0.stocktake(inside: id, at: limit) }
                for language in [Language.en, .sv] {
                    same("history \(id) \(at) \(language)") { try $0.history(of: id, at: limit, language: language) }
                }
            }
            if let limit { same("diff \(at)") { try $0.diff(from: limit) } }
        }
    }

    /// What a picture of a place reads of `x` (`Query.object`'s body): what it holds on
    /// both axes, with their names, archive state and positional relations.
    static func contents(_ x: ObjectIndex, _ reading: any CardReading) -> [String] {
        Axis.allCases.flatMap { axis in
            reading.children(of: x, axis).map { child in
                let edge = reading.outbound(child, axis).map { "\($0.relation) \(reading.id($0.target))" } ?? "-"
                return "\(axis) \(reading.id(child)) \(reading.name(child)) \(reading.isArchived(child)) \(edge)"
            }.sorted()
        }
    }

    static func points(_ last: Int64, seed: UInt64) -> [ReplayLimit?] {
        [nil, .seq(0), .seq(last + 5)] + PastCardTests.spread(last, 3, seed: seed).sorted().map { .seq($0) }
    }

    @Test("a generated log, after a rebuild and after appends past it")
    func generated() throws {
        let path = dir.file("gen.jsonl")
        _ = try SyntheticLog(events: 400, objects: 40, seed: 7).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        let ids = try HistoryFromTimelineTests.ids(path, step: 13)
        Self.everyViewAgrees(path, ids: ids, points: Self.points(400, seed: 7))
        // Appends after the rebuild: the head snapshot and the events since.
        let store = try Store(path: path)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20 { _ = try? store.execute(Generators.command(objects: 40, &rng), actor: "test") }
        Self.everyViewAgrees(path, ids: ids, points: [nil, .seq(399), .seq(store.cursor.lastSeq)])
    }

    @Test("random commands and undos: archives, restores, returns, both axes")
    func randomCommands() throws {
        let (path, store) = try writeLog(dir, extra: 60, seed: 11)
        var rng = SplitMix64(seed: 11)
        for step in 0..<60 {
            if step % 5 == 4, let basis = try? UndoLookup.basis(seq: nil, actor: "test", path: path) {
                _ = try? store.execute(.undo(basis), actor: "test")
            } else {
                _ = try? store.execute(Generators.command(objects: 10, &rng), actor: "test")
            }
        }
        _ = try Rebuild(path: path).run(dryRun: false)
        let ids = try HistoryFromTimelineTests.ids(path, step: 4)
        Self.everyViewAgrees(path, ids: ids, points: Self.points(store.cursor.lastSeq, seed: 11))
    }

    /// `lines` and `entries` of `fast` (the cache) and a full read agree for every filter asked.
    static func logsAgree(_ path: String, objects: [ObjectID], to: [ReplayLimit?]) throws {
        let all = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let filters = [LogFilter(), LogFilter(from: .seq(7))] + objects.map { LogFilter(object: $0) }
        for filter in filters {
            for to in to {
                for query in [Query(path: path), Query(path: path, useCache: false)] {
                    var lines: [String] = []
                    var seqs: [Int64] = []
                    let n = try query.lines(filter, to: to) { line, event in
                        lines.append(String(decoding: line, as: UTF8.self))
                        seqs.append(event.seq)
                    }
                    #expect(n == lines.count)
                    #expect(lines == seqs.map { all[Int($0) - 1] }, "\(filter) to \(String(describing: to))")
                }
                for language in [Language.en, .sv] {
                    var fast: [LogEntry] = []
                    var slow: [LogEntry] = []
                    _ = try Query(path: path).entries(filter, to: to, language: language) { fast.append($0) }
                    _ = try Query(path: path, useCache: false).entries(filter, to: to, language: language) {
                        slow.append($0)
                    }
                    #expect(fast == slow, "\(filter) to \(String(describing: to)) \(language)")
                }
            }
        }
    }

    @Test("the log's lines and entries, of all and of one object, with the cache as without, before and after appends")
    func logViews() throws {
        let path = dir.file("lines.jsonl")
        _ = try SyntheticLog(events: 300, objects: 30, seed: 3).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        #expect(Query(path: path).lastLineSeq() == 300)
        let objects = try HistoryFromTimelineTests.ids(path, step: 10)
        try Self.logsAgree(path, objects: objects, to: [nil, .seq(250), .seq(0)])
        let store = try Store(path: path)
        var rng = SplitMix64(seed: 3)
        for _ in 0..<20 { _ = try? store.execute(Generators.command(objects: 30, &rng), actor: "test") }
        try Self.logsAgree(path, objects: objects, to: [nil, .seq(305), .seq(250)])
    }

    @Test("the log of one object: skipped events, refusals from a device, ids named before they were made")
    func objectLogSkipped() throws {
        let path = dir.file("skipped.jsonl")
        SkippedEventsTimelineTests.write(path, count: 200, pool: 8, seed: 2)
        _ = try Rebuild(path: path).run(dryRun: false)
        try Self.logsAgree(path, objects: (0..<8).map { oid("s\($0)") }, to: [nil, .seq(100)])
    }

    @Test("the log of one object comes from the object timeline, not a read of the whole log")
    func objectLogFromTimeline() throws {
        let path = dir.file("fast.jsonl")
        _ = try SyntheticLog(events: 200, objects: 20, seed: 5).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        let id = try HistoryFromTimelineTests.ids(path, step: 3)[1]
        let reader = ObjectLog(path: path, filter: LogFilter(object: id), id: id, to: nil, language: .en)
        let items = try #require(reader.read())
        #expect(!items.isEmpty)
        // Without a timeline the whole log is read instead.
        for name in try FileManager.default.contentsOfDirectory(atPath: SnapshotCache(logPath: path).directory)
        where name.hasPrefix("timeline-") {
            try FileManager.default.removeItem(atPath: SnapshotCache(logPath: path).directory + "/" + name)
        }
        #expect(reader.read() == nil)
    }
}

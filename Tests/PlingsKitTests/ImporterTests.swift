import Foundation
import PlingsTestSupport
import PlingsText
import Testing

@testable import PlingsKit

@Suite("Import into a log: a dry run is the run minus the write")
struct ImporterTests {
    static let csv = """
        id,name,container,relation,home container,home relation
        hylla,Hylla,vardagsrummet,,,
        yTvK,Blå låda,hylla,on,koksbordet,in
        ,Lampa,5GgB,on,,
        5GgB,,lillstugan,,,
        """

    /// A log holding the Saltsjön world.
    static func log(_ dir: TemporaryDirectory) throws -> Store {
        let store = try Store(path: dir.file("log.jsonl"))
        _ = try store.executeBatch(Saltsjon.commands, actor: "test", policy: .stop)
        return store
    }

    /// The events of the log at `path` after `seq`.
    static func events(_ path: String, after seq: Int64) throws -> [Event] {
        var out: [Event] = []
        _ = try Timeline(path: path).events { event, _, _ in if event.seq > seq { out.append(event) } }
        return out
    }

    @Test("the dry run says what the run then appends: the same events, the same report; it writes nothing")
    func dryRunIsTheRun() throws {
        let dir = TemporaryDirectory()
        let store = try Self.log(dir)
        let before = fileBytes(store.path)
        let head = store.cursor.lastSeq
        var predicted: [Event] = []
        let dry = try Importer.run(
            importPlan(Self.csv, into: store.state), store: store, actor: "test", policy: .stop, dryRun: true,
            observe: { _, _, events, _, _ in predicted += events })
        #expect(fileBytes(store.path) == before)
        #expect(!dry.written && dry.problems.isEmpty && dry.events == predicted.count && predicted.count == 7)
        let run = try Importer.run(
            importPlan(Self.csv, into: store.state), store: store, actor: "test", policy: .stop, dryRun: false)
        #expect(run.written && run.events == dry.events && run.batches == 1)
        #expect((run.created, run.changed, run.unchanged) == (dry.created, dry.changed, dry.unchanged))
        #expect((run.created, run.changed, run.unchanged) == (2, 2, 0))
        let appended = try Self.events(store.path, after: head)
        #expect(appended.map(\.payload) == predicted.map(\.payload))
        #expect(appended.map(\.seq) == predicted.map(\.seq))
        #expect(appended.allSatisfy { $0.actor == "test" })
        // A fresh reader of the log sees the world the check predicted.
        var expected = try Saltsjon.state()
        _ = importing(Self.csv, into: &expected)
        #expect(Fingerprint(try Store(path: store.path).state).world == Fingerprint(expected).world)
    }

    @Test("nothing is written when a row has a problem, not even a new log; with skip the other rows are imported")
    func nothingWritten() throws {
        let dir = TemporaryDirectory()
        let store = try Self.log(dir)
        let before = fileBytes(store.path)
        let bad = Self.csv + "\nlampa2,Lampa 2,nowhere,,,\n"
        let stopped = try Importer.run(
            importPlan(bad, into: store.state), store: store, actor: nil, policy: .stop, dryRun: false)
        #expect(!stopped.written && problemCodes(stopped.problems) == ["6:3 unknown-reference"])
        #expect(fileBytes(store.path) == before)
        let empty = try Store(path: dir.file("new.jsonl"))
        _ = try Importer.run(importPlan(bad, into: empty.state), store: empty, actor: nil, policy: .stop, dryRun: false)
        #expect(!FileManager.default.fileExists(atPath: dir.file("new.jsonl")))
        let skipped = try Importer.run(
            importPlan(bad, into: store.state), store: store, actor: nil, policy: .skip, dryRun: false)
        #expect(skipped.written && skipped.events == 7 && skipped.problems.count == 1)
        #expect(try Store(path: store.path).state.registry.index(of: oid("lampa2")) == nil)
    }

    @Test("a long import is written in batches, each whole, and replays to the world the check predicted")
    func batches() throws {
        let dir = TemporaryDirectory()
        let store = try Store(path: dir.file("log.jsonl"))
        let world = randomWorld(seed: 7)
        let csv = exportCSV(world)
        let report = try Importer.run(
            importPlan(csv, into: store.state), store: store, actor: nil, policy: .stop, dryRun: false, batchLimit: 4)
        #expect(report.written && report.problems.isEmpty)
        #expect(report.batches > 1)
        let check = LogVerification.check(path: store.path)
        #expect(check.problem == nil && check.lines == report.events)
        #expect(Fingerprint(try Store(path: store.path).state).world == Fingerprint(world).world)
        let lines = String(decoding: fileBytes(store.path), as: UTF8.self).split(separator: "\n")
        // The first line of each batch of two or more lines announces it.
        let announced = lines.filter { $0.contains("\"batch\":") }.count
        #expect(announced > 1 && announced <= report.batches)
    }
}

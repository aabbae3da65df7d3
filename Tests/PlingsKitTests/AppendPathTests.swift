import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

@Suite("The append path: the bytes it writes and the records it keeps")
struct AppendPathTests {
    /// The size the identity record gives, or nil when there is no record.
    private func recordedSize(_ log: String) -> Int64? {
        guard let text = try? String(contentsOfFile: log + ".plings-cache/identity", encoding: .utf8) else {
            return nil
        }
        let parts = text.split(separator: " ")
        return parts.count == 7 ? Int64(parts[4]) : nil
    }

    private func size(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? -1
    }

    @Test("a batch's lines are the bytes of each of its events encoded alone, chained")
    func batchBytes() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("log.jsonl")
        let store = try makeStore(log)
        var commands: [Command] = (0..<300).map { .create(ObjectID(unchecked: "o\($0)"), name: "Låda \"\($0)\" \\ ö") }
        commands += (0..<300).map {
            .place(
                Placement(
                    object: ObjectID(unchecked: "o\($0)"), relation: Relation.allCases[$0 % 8],
                    target: $0 % 7 == 0 ? nil : ObjectID(unchecked: "o\(($0 * 7 + 1) % 300)"), axes: .both))
        }
        let first = try store.executeBatch(Array(commands[0..<10]), actor: "Åsa", policy: .skip)
        let second = try store.executeBatch(Array(commands[10...]), actor: "Åsa", policy: .skip)
        #expect(first.rejected.isEmpty)
        var expected: [UInt8] = []
        var prev = Digest.zero
        for (index, events) in [first.outcome.events, second.outcome.events].enumerated() {
            for (k, event) in events.enumerated() {
                let batch = k == 0 && events.count > 1 ? events.count : nil
                prev = LineFormat.encode(event, prev: prev, batch: batch, appendingTo: &expected)
            }
            #expect(events.count > 1, "batch \(index)")
        }
        #expect(fileBytes(log) == expected)
    }

    @Test("the identity record follows every append, also when it was removed, replaced or linked between them")
    func identityRecord() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("log.jsonl")
        let store = try makeStore(log)
        let record = log + ".plings-cache/identity"
        try store.execute(.create(ObjectID(unchecked: "a"), name: "A"))
        #expect(recordedSize(log) == size(log))
        try store.execute(.create(ObjectID(unchecked: "b"), name: "B"))
        #expect(recordedSize(log) == size(log))
        // Removed: written by name again.
        try FileManager.default.removeItem(atPath: record)
        try store.execute(.create(ObjectID(unchecked: "c"), name: "C"))
        #expect(recordedSize(log) == size(log))
        // Replaced by another file (renamed over it): the new file is the one written.
        try Array("plings-identity 1 0 0 0 0 0\n".utf8).withUnsafeBytes {
            try Data($0).write(to: URL(fileURLWithPath: record + ".new"))
        }
        try FileManager.default.removeItem(atPath: record)
        try FileManager.default.moveItem(atPath: record + ".new", toPath: record)
        try store.execute(.create(ObjectID(unchecked: "d"), name: "D"))
        #expect(recordedSize(log) == size(log))
        // A second link to it: not written in place (the other name must not change).
        let other = dir.file("elsewhere")
        try FileManager.default.linkItem(atPath: record, toPath: other)
        let before = fileBytes(other)
        try store.execute(.create(ObjectID(unchecked: "e"), name: "E"))
        #expect(fileBytes(other) == before)
        #expect(recordedSize(log) == size(log))
        // Another store appending meanwhile is caught up with, and the record follows it too.
        let second = try makeStore(log)
        try second.execute(.create(ObjectID(unchecked: "f"), name: "F"))
        try store.execute(
            .place(
                Placement(
                    object: ObjectID(unchecked: "f"), relation: .in, target: ObjectID(unchecked: "a"), axes: .both)))
        #expect(store.cursor.lastSeq == 7)
        #expect(recordedSize(log) == size(log))
        #expect(try Store(path: log).state == store.state)
    }

    private func commands(_ count: Int, seed: UInt64) -> [Command] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { k in
            if k < count / 4 { return .create(ObjectID(unchecked: "o\(k)"), name: "Sak \(k)") }
            let x = Int.random(in: 0..<(count / 4), using: &rng)
            let y = Int.random(in: 0..<(count / 4), using: &rng)
            return .place(
                Placement(
                    object: ObjectID(unchecked: "o\(x)"),
                    relation: Relation.allCases[Int.random(in: 0..<10, using: &rng)],
                    target: y % 9 == 0 ? nil : ObjectID(unchecked: "o\(y)"), axes: [.both, .current, .normal][y % 3]))
        }
    }

    @Test("batches written on the batch run's thread are the bytes executeBatch writes, refusals and state alike")
    func batchRunSameBytes() throws {
        let dir = TemporaryDirectory()
        let (logA, logB) = (dir.file("a.jsonl"), dir.file("b.jsonl"))
        let (storeA, storeB) = (try makeStore(logA), try makeStore(logB))
        let all = commands(4000, seed: 3)
        let run = try Store.BatchRun(store: storeB, actor: "bulk")
        for start in stride(from: 0, to: all.count, by: 300) {
            let batch = Array(all[start..<min(start + 300, all.count)])
            let a = try storeA.executeBatch(batch, actor: "bulk", policy: .skip, recordEffects: false)
            let b = try run.submit(batch, policy: .skip, tag: start)
            #expect(a.outcome.events.count == b.events)
            #expect(a.rejected.map(\.index) == b.rejected.map(\.index))
            #expect(a.rejected.map(\.error) == b.rejected.map(\.error))
        }
        try run.finish()
        #expect(fileBytes(logA) == fileBytes(logB))
        #expect(storeA.cursor == storeB.cursor)
        #expect(storeB.state == (try Store(path: logB).state))
        #expect(recordedSize(logB) == size(logB))
        #expect(run.durable.batches == 14 && run.durable.lastTag == 3900)
    }

    @Test(
        "a refused batch under stop ends the run: the batches before it are on disk, nothing of it, the state is the log's"
    )
    func batchRunStop() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("log.jsonl")
        let store = try makeStore(log)
        let run = try Store.BatchRun(store: store, actor: nil)
        _ = try run.submit(
            commands(400, seed: 4).filter { if case .create = $0 { true } else { false } }, policy: .stop, tag: 1)
        let bad: [Command] = [
            .create(ObjectID(unchecked: "new"), name: "N"), .create(ObjectID(unchecked: "o1"), name: "again"),
        ]
        #expect(throws: StoreError.self) { try run.submit(bad, policy: .stop, tag: 2) }
        try run.finish()
        #expect(store.cursor.lastSeq == 100)
        #expect(store.state == (try Store(path: log).state))
        #expect(store.state.registry.index(of: ObjectID(unchecked: "new")) == nil)
        // The lock is free again: another store appends.
        try makeStore(log).execute(.create(ObjectID(unchecked: "later"), name: "L"))
        try store.refresh()
        #expect(store.cursor.lastSeq == 101)
    }
}

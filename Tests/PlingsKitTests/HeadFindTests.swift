import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// `find` at the head read from the head snapshot (`HeadFind`) must give
/// what the fully loaded world gives, for every text; and when events after
/// the snapshot, damage or a missing identity could make it wrong, it must
/// give way to the full path (nil), never answer wrongly.
@Suite("find at the head, read from the head snapshot")
struct HeadFindTests {
    let dir = TemporaryDirectory()

    /// Texts to look for in the world of `path`: pieces of names and ids, folded and not, and texts no thing has.
    static func texts(_ state: WorldState, _ rng: inout SplitMix64) -> [String] {
        var texts = ["a", "1", "sak", "LÅDA", "lada", "ö", "zzz-none", "-", " "]
        for _ in 0..<6 {
            let x = ObjectIndex(Int.random(in: 0..<state.registry.count, using: &rng))
            let name = Array(state.registry.name(x))
            let from = Int.random(in: 0..<max(1, name.count - 1), using: &rng)
            texts.append(String(name[from..<min(name.count, from + Int.random(in: 1...6, using: &rng))]))
            texts.append(state.registry.id(x).rawValue)
        }
        return texts
    }

    /// Every text's answer is the full path's, or nil (gave way); returns how many answered.
    /// The state of the log at `path` by a replay, without any cache.
    static func replayed(_ path: String) throws -> WorldState {
        try Timeline(path: path, useSnapshots: false).state().state
    }

    /// Every text's answer is the full path's (the world `state`, replayed once), or nil (gave way);
    /// returns how many answered.
    static func neverWrong(_ path: String, _ texts: [String], _ state: WorldState) throws -> Int {
        let full = Query(path: path, useCache: false, head: state)
        var answered = 0
        for text in texts {
            for (limit, archived) in [(20, false), (5, true)] {
                guard let found = HeadFind.answer(text, limit: limit, archived: archived, logPath: path) else {
                    continue
                }
                #expect(found == (try full.find(text, limit: limit, archived: archived)), "\"\(text)\" \(limit)")
                answered += 1
            }
        }
        return answered
    }

    @Test(
        "generated logs and a log of random commands: every answer is the full world's",
        arguments: Stress.enabled ? [3, 5, 7] : [3])
    func agrees(seed: Int) throws {
        for (path, state) in try rebuiltHeadLogs(dir, seed: seed) {
            var rng = SplitMix64(seed: UInt64(seed))
            let texts = Self.texts(state, &rng)
            #expect(try Self.neverWrong(path, texts, state) == texts.count * 2, "\(path): every text answers in place")
            // Query.find takes this path at the head: same answer as a replay.
            for text in texts.prefix(6) {
                #expect(
                    try Query(path: path).find(text) == (try Query(path: path, useCache: false, head: state).find(text))
                )
            }
        }
    }

    @Test("events after the snapshot: a new or renamed thing that matches gives way, others still answer")
    func afterAppends() throws {
        let (path, store) = try writeLog(dir)
        for command in HeadCardTests.boxAndLamp { try store.execute(command) }
        _ = try Rebuild(path: path).run(dryRun: false)
        try store.execute(.create(oid("pen"), name: "Penna"))
        try store.execute(.place(Placement(object: oid("pen"), relation: .in, target: oid("koksbordet"), axes: .both)))
        let head = try Query(path: path, useCache: false).seq()
        let lada = try #require(HeadFind.answer("låda", limit: 20, archived: false, logPath: path))
        #expect(lada.asOfSeq == head && lada.hits.contains { $0.id == oid("box") })
        #expect(lada == (try Query(path: path, useCache: false).find("låda")))
        #expect(HeadFind.answer("penn", limit: 20, archived: false, logPath: path) == nil, "the new thing matches")
        try store.execute(.rename(oid("lamp"), name: "Golvlampa"))
        #expect(HeadFind.answer("golv", limit: 20, archived: false, logPath: path) == nil, "the new name matches")
        #expect(HeadFind.answer("lampa", limit: 20, archived: false, logPath: path) == nil, "a hit renamed")
        // Moving a thing a hit's location reads (the box's place, Bord) gives way; others answer.
        try store.execute(.place(Placement(object: oid("5GgB"), relation: .in, target: oid("saltsjon"), axes: .both)))
        #expect(HeadFind.answer("låda", limit: 20, archived: false, logPath: path) == nil)
        var rng = SplitMix64(seed: 2)
        let state = try Self.replayed(path)
        #expect(try Self.neverWrong(path, Self.texts(state, &rng), state) > 0)
        try store.execute(.archive(oid("pen"), note: nil, withContents: false))
        #expect(
            try Self.neverWrong(path, Self.texts(state, &rng), try Self.replayed(path)) == 0,
            "an archive: every find gives way")
    }

    @Test("a damaged head snapshot or no identity record: find gives way, never a wrong answer")
    func damage() throws {
        let (path, state) = try rebuiltDamageLog(dir)
        var rng = SplitMix64(seed: 9)
        let texts = Array(Self.texts(state, &rng).prefix(8))
        // Without the head index find ranks the snapshot's registry columns, which the flips damage
        // (with it, the folded names are the index's: its damage is HeadIndexTests').
        for index in SnapshotCache(logPath: path).indexEntries() {
            try FileManager.default.removeItem(atPath: index.path)
        }
        let damage = try damagingHeadSnapshot(path, &rng) { try Self.neverWrong(path, texts, state) }
        expectGivesWay(damage, all: texts.count * 2)
    }
}

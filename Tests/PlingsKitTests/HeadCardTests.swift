import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsViews
import Testing

/// A card at the head read straight from the head snapshot must be the card
/// of the fully loaded world, for every object; and whenever the snapshot is
/// not exactly at the head, not vouched for, or damaged where the card reads,
/// it must give way to the full path (nil), never answer wrongly.
@Suite("A card at the head, read from the head snapshot")
struct HeadCardTests {
    let dir = TemporaryDirectory()

    /// The card `HeadCard` gives, or nil when it gives way or finds no object.
    static func lazy(_ id: String, _ path: String) -> Card? {
        if case .card(let card) = HeadCard.answer(oid(id), logPath: path) { return card }
        return nil
    }

    /// Rebuilds the cache and checks every object's lazy card against the full state's; returns the state.
    @discardableResult
    static func everyCardAgrees(_ path: String) throws -> WorldState {
        _ = try Rebuild(path: path).run(dryRun: false)
        let state = try Timeline(path: path, useSnapshots: false).state().state
        for x in state.registry.indices {
            let id = state.registry.id(x).rawValue
            let full = Card(x, state: state)
            let card = try #require(lazy(id, path), "no lazy card for \(id)")
            #expect(card == full, "card of \(id)")
            for language in [Language.en, .sv] { #expect(card.render(language) == full.render(language)) }
        }
        guard case .unknown = HeadCard.answer(oid("nobody-has-this-id"), logPath: path) else {
            Issue.record("an unknown id is not reported unknown")
            return state
        }
        return state
    }

    @Test("every object of generated logs: the lazy card is the full state's", arguments: [3, 5, 8])
    func generatedLogs(seed: Int) throws {
        let path = dir.file("gen\(seed).jsonl")
        _ = try SyntheticLog(events: 4000, objects: 300, seed: UInt64(seed)).write(to: path)
        try Self.everyCardAgrees(path)
    }

    @Test("every object of logs of random commands (archives, seen, restores, both axes)", arguments: [1, 2, 9])
    func randomCommandLogs(seed: Int) throws {
        let sub = TemporaryDirectory()
        let (path, _) = try writeLog(sub, extra: 600, seed: UInt64(seed))
        let state = try Self.everyCardAgrees(path)
        #expect(!state.status.archives.isEmpty)
        #expect(state.registry.indices.contains { state.status.seen($0).seq != 0 })
    }

    @Test("a hand-made world: archived with a note, seen, positional in and out on both axes, a deep path, away")
    func handMade() throws {
        let (path, store) = try writeLog(dir)
        var commands: [Command] = [
            .create(oid("box"), name: "Låda"), .create(oid("lamp"), name: "Lampa"),
            .place(Placement(object: oid("box"), relation: .under, target: oid("5GgB"), axes: .both)),
            .place(Placement(object: oid("lamp"), relation: .above, target: oid("5GgB"), axes: .current)),
            .seen(oid("yTvK")),
            .archive(oid("lamp"), note: "lånad till Eva", withContents: false),
        ]
        var parent = "koksbordet"
        for depth in 0..<12 {
            commands.append(.create(oid("d\(depth)"), name: "Nivå \(depth)"))
            commands.append(
                .place(Placement(object: oid("d\(depth)"), relation: .in, target: oid(parent), axes: .both)))
            parent = "d\(depth)"
        }
        commands.append(.place(Placement(object: oid("d11"), relation: .on, target: oid("saltsjon"), axes: .current)))
        for (k, command) in commands.enumerated() { try store.execute(command, actor: "test", commandID: "c\(k)") }
        let state = try Self.everyCardAgrees(path)
        let bord = try #require(Self.lazy("5GgB", path))
        #expect(bord.current.inbound.map(\.id) == ["box"])
        #expect(try #require(Self.lazy("lamp", path)).archived?.note == "lånad till Eva")
        #expect(try #require(Self.lazy("d10", path)).normal.path.count == 13)
        #expect(try #require(Self.lazy("d11", path)).away)
        #expect(state.status.archives.count == 1)
    }

    @Test("after an append, a snapshot not at the head or an identity not recorded, it gives way")
    func notAtTheHead() throws {
        let (path, store) = try writeLog(dir, extra: 50, seed: 4)
        _ = try Rebuild(path: path).run(dryRun: false)
        #expect(Self.lazy("yTvK", path) != nil)
        try store.execute(.seen(oid("yTvK")))
        #expect(HeadCard.answer(oid("yTvK"), logPath: path) == nil, "events after the snapshot")
        _ = try Rebuild(path: path).run(dryRun: false)
        #expect(Self.lazy("yTvK", path)?.lastSeen != nil)
        try FileManager.default.removeItem(atPath: path + ".plings-cache/identity")
        #expect(HeadCard.answer(oid("yTvK"), logPath: path) == nil, "no identity record")
    }
}

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

    /// Rebuilds the cache and checks every object's lazy card (every `step`-th
    /// and the last) against the full state's; returns the state.
    @discardableResult
    static func everyCardAgrees(_ path: String, step: Int = 1) throws -> WorldState {
        _ = try Rebuild(path: path).run(dryRun: false)
        let state = try Timeline(path: path, useSnapshots: false).state().state
        for x in state.registry.indices where Int(x) % step == 0 || Int(x) == state.registry.count - 1 {
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

    /// A box under Bord on both axes and a lamp above it on the current axis.
    static let boxAndLamp: [Command] = [
        .create(oid("box"), name: "Låda"), .create(oid("lamp"), name: "Lampa"),
        .place(Placement(object: oid("box"), relation: .under, target: oid("5GgB"), axes: .both)),
        .place(Placement(object: oid("lamp"), relation: .above, target: oid("5GgB"), axes: .current)),
    ]

    /// Things `t0`, `t1`, … made and put in `box` on both axes, named by `name`.
    static func things(_ n: Int, inBox box: String, name: (Int) -> String) -> [Command] {
        (0..<n).flatMap { k -> [Command] in
            [
                .create(oid("t\(k)"), name: name(k)),
                .place(Placement(object: oid("t\(k)"), relation: .in, target: oid(box), axes: .both)),
            ]
        }
    }

    /// Twelve levels below Köksbordet, each in the one before on both axes, the
    /// deepest then on Saltsjön on the current axis only (a deep path, away).
    static func deepPath() -> [Command] {
        var commands: [Command] = []
        var parent = "koksbordet"
        for depth in 0..<12 {
            commands.append(.create(oid("d\(depth)"), name: "Nivå \(depth)"))
            commands.append(
                .place(Placement(object: oid("d\(depth)"), relation: .in, target: oid(parent), axes: .both)))
            parent = "d\(depth)"
        }
        commands.append(.place(Placement(object: oid("d11"), relation: .on, target: oid("saltsjon"), axes: .current)))
        return commands
    }

    /// How each section of the head snapshot is stored.
    static func headEncodings(_ path: String) throws -> [UInt64] {
        let head = try #require(SnapshotCache(logPath: path).entries().last)
        return try #require(Snapshot.sectionEncodings(of: fileBytes(head.path)))
    }

    @Test(
        "every object of generated logs: the lazy card is the full state's",
        arguments: Stress.enabled ? [3, 5, 8] : [5])
    func generatedLogs(seed: Int) throws {
        let path = dir.file("gen\(seed).jsonl")
        _ = try SyntheticLog(events: 4000, objects: 300, seed: UInt64(seed)).write(to: path)
        try Self.everyCardAgrees(path)
    }

    @Test(
        "every object of logs of random commands (archives, seen, restores, both axes)",
        arguments: Stress.enabled ? [1, 2, 9] : [2])
    func randomCommandLogs(seed: Int) throws {
        let sub = TemporaryDirectory()
        let (path, _) = try writeLog(sub, extra: 600, seed: UInt64(seed))
        let state = try Self.everyCardAgrees(path)
        #expect(!state.status.archives.isEmpty)
        #expect(state.registry.indices.contains { state.status.seen($0).seq != 0 })
    }

    @Test("a head snapshot of many 64 KiB blocks: cards whose elements straddle two blocks agree too")
    func manyBlocks() throws {
        let path = dir.file("blocks.jsonl")
        // 6,000 objects make a snapshot of some 350 KB, six blocks, with 8,000 events (400 KB with 12,000);
        // more events add little to it but a longer replay (with PLINGS_STRESS set, 30,000 and every 7th card).
        _ = try SyntheticLog(events: Stress.enabled ? 30000 : 8000, objects: 6000, seed: 21).write(to: path)
        // Every 31st card still meets elements across blocks.
        try Self.everyCardAgrees(path, step: Stress.enabled ? 7 : 31)
        let head = try #require(SnapshotCache(logPath: path).entries().last)
        #expect(fileBytes(head.path).count > 4 << 16)
    }

    @Test("a hand-made world: archived with a note, seen, positional in and out on both axes, a deep path, away")
    func handMade() throws {
        let (path, store) = try writeLog(dir)
        var commands: [Command] =
            Self.boxAndLamp + [
                .seen(oid("yTvK")),
                .archive(oid("lamp"), note: "lånad till Eva", withContents: false),
            ]
        commands += HeadCardTests.deepPath()
        for (k, command) in commands.enumerated() { try store.execute(command, actor: "test", commandID: "c\(k)") }
        let state = try Self.everyCardAgrees(path)
        let bord = try #require(Self.lazy("5GgB", path))
        #expect(bord.current.inbound.map(\.id) == ["box"])
        #expect(try #require(Self.lazy("lamp", path)).archived?.note == "lånad till Eva")
        #expect(try #require(Self.lazy("d10", path)).normal.path.count == 13)
        #expect(try #require(Self.lazy("d11", path)).away)
        #expect(state.status.archives.count == 1)
    }

    @Test("shapes that pick other encodings: a box holding nearly everything, a chain of 1100 each in the one before")
    func columnShapes() throws {
        // Nearly every parent is the box: its parent column is one value (the box) and its exceptions.
        let boxPath = dir.file("box.jsonl")
        let box = try makeStore(boxPath)
        var commands: [Command] = [.create(oid("box"), name: "Låda")]
        commands += Self.things(400, inBox: "box") { "Sak \($0 % 7)" }
        commands.append(.place(Placement(object: oid("t3"), relation: .under, target: oid("t4"), axes: .current)))
        _ = try box.executeBatch(commands, policy: .stop)
        try Self.everyCardAgrees(boxPath)
        #expect(try #require(Self.lazy("box", boxPath)).belongings.count == 400)
        #expect(try Self.headEncodings(boxPath)[7] == 2, "the current parents: one value and its exceptions")
        // Each object in the one before: the parents rise by one, stored as the first and one byte a rise
        // (with checkpoints every 1024).
        let chainPath = dir.file("chain.jsonl")
        let chain = try makeStore(chainPath)
        commands = [.create(oid("c0"), name: "Kedja 0")]
        for k in 1..<1100 {
            commands.append(.create(oid("c\(k)"), name: "Kedja \(k)"))
            commands.append(
                .place(Placement(object: oid("c\(k)"), relation: .in, target: oid("c\(k - 1)"), axes: .both)))
        }
        _ = try chain.executeBatch(commands, policy: .stop)
        // Every 50th card and the last (each walks a path of up to 1100 steps, summing rises from a checkpoint
        // at each; 1050 and 1099 past the one at 1024); every 5th with PLINGS_STRESS.
        try Self.everyCardAgrees(chainPath, step: Stress.enabled ? 5 : 50)
        #expect(try #require(Self.lazy("c1099", chainPath)).current.path.count == 1099)
        #expect(try Self.headEncodings(chainPath)[7] == 4, "the current parents: rising")
    }

    @Test("a card that would read past its budget gives way to the full path; its neighbours do not")
    func readBudget() throws {
        let path = dir.file("big-box.jsonl")
        let store = try makeStore(path)
        var commands: [Command] = [.create(oid("box"), name: "Låda"), .create(oid("shelf"), name: "Hylla")]
        commands.append(.place(Placement(object: oid("box"), relation: .on, target: oid("shelf"), axes: .both)))
        commands += Self.things(2_000, inBox: "box") { "Sak \($0)" }
        _ = try store.executeBatch(commands, policy: .stop)
        _ = try Rebuild(path: path).run(dryRun: false)
        let budget = 2_000
        #expect(HeadCard.answer(oid("box"), logPath: path, readBudget: budget) == nil, "the box holding them")
        #expect(HeadCard.answer(oid("box"), logPath: path) != nil, "within the default budget")
        let state = try Timeline(path: path, useSnapshots: false).state().state
        for id in ["shelf", "t0", "t1999"] {
            let x = try #require(state.registry.index(of: oid(id)))
            guard case .card(let card) = HeadCard.answer(oid(id), logPath: path, readBudget: budget) else {
                Issue.record("no card for \(id) within \(budget) reads")
                continue
            }
            #expect(card == Card(x, state: state), "card of \(id) read in place")
        }
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

    /// A random command about the objects `ids` (and new ones): placements
    /// in every relation and on each axis, renames, `seen`, returns and new
    /// objects (archives and restores when `archives`).
    static func tailCommand(_ ids: [ObjectID], _ k: Int, archives: Bool, _ rng: inout SplitMix64) -> Command {
        let x = ids[Int.random(in: 0..<ids.count, using: &rng)]
        let y = ids[Int.random(in: 0..<ids.count, using: &rng)]
        let axes = [AxisSet.current, .normal, .both][Int.random(in: 0..<3, using: &rng)]
        let relation = Relation.allCases[Int.random(in: 0..<Relation.allCases.count, using: &rng)]
        switch Int.random(in: 0..<(archives ? 12 : 10), using: &rng) {
        case 0: return .rename(x, name: "Omdöpt \(k)")
        case 1: return .seen(x)
        case 2: return .returnHome(x)
        case 3: return .create(oid("ny\(k)"), name: "Ny \(k)")
        case 10: return .archive(x, note: nil, withContents: Bool.random(using: &rng))
        case 11: return .restore(x, relation: .in, target: y)
        default: return .place(Placement(object: x, relation: relation, target: y, axes: axes))
        }
    }

    /// Checks every object's card at the head of `path` against the full
    /// state's; returns how many answered in place.
    static func cardsAfterAppends(_ path: String) throws -> (answered: Int, objects: Int) {
        let state = try Timeline(path: path, useSnapshots: false).state().state
        var answered = 0
        for x in state.registry.indices {
            let id = state.registry.id(x)
            guard let answer = HeadCard.answer(id, logPath: path) else { continue }
            guard case .card(let card) = answer else {
                Issue.record("\(id) reported unknown")
                continue
            }
            #expect(card == Card(x, state: state), "card of \(id) after the appends")
            answered += 1
        }
        return (answered, state.registry.count)
    }

    @Test(
        "after appends, every card is the full state's or gives way, and the cards they leave alone still answer",
        arguments: Stress.enabled ? [11, 12] : [11])
    func afterAppends(seed: Int) throws {
        let path = dir.file("tail\(seed).jsonl")
        _ = try SyntheticLog(events: 2000, objects: 200, seed: UInt64(seed)).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        let store = try Store(path: path)
        let ids = store.state.registry.indices.map { store.state.registry.id($0) }
        var rng = SplitMix64(seed: UInt64(seed))
        var appended = 0
        while appended < 15 {
            if (try? store.execute(Self.tailCommand(ids, appended, archives: false, &rng))) != nil { appended += 1 }
        }
        let (answered, objects) = try Self.cardsAfterAppends(path)
        #expect(answered > 10, "\(answered) of \(objects) answered in place")
        #expect(answered < objects - 5, "the appends' objects give way")
        #expect(HeadCard.answer(oid("ny-none"), logPath: path) == .unknown)
        // Archives and restores change groups found from the world: every card then gives way.
        while appended < 30 {
            if (try? store.execute(Self.tailCommand(ids, appended, archives: true, &rng))) != nil { appended += 1 }
        }
        // One more archive with contents (a thing whose contents only belong inside is refused: the next is tried).
        let archived = ids.contains { (try? store.execute(.archive($0, note: "borta", withContents: true))) != nil }
        #expect(archived)
        #expect(try Self.cardsAfterAppends(path).answered == 0)
    }

    @Test(
        "after a new thing is put in Köksbordet, the cards that do not show Köksbordet's contents answer, at the head's seq"
    )
    func afterAnAppendElsewhere() throws {
        let (path, store) = try writeLog(dir)
        for command in Self.boxAndLamp { try store.execute(command) }
        _ = try Rebuild(path: path).run(dryRun: false)
        try store.execute(.create(oid("pen"), name: "Penna"))
        try store.execute(.place(Placement(object: oid("pen"), relation: .in, target: oid("koksbordet"), axes: .both)))
        try store.execute(.seen(oid("lamp")))
        let state = try Timeline(path: path, useSnapshots: false).state().state
        for id in ["saltsjon", "lillstugan", "vardagsrummet", "yTvK", "box", "5GgB"] {
            let x = try #require(state.registry.index(of: oid(id)))
            let card = try #require(Self.lazy(id, path), "\(id)'s card answers in place")
            #expect(card == Card(x, state: state), "card of \(id)")
            #expect(card.asOfSeq == state.lastSeq)
        }
        for id in ["koksbordet", "pen", "lamp"] {
            #expect(HeadCard.answer(oid(id), logPath: path) == nil, "\(id)'s card gives way")
        }
    }
}

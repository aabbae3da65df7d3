import PlingsDomain
import PlingsTestSupport
import Testing

/// The everyday verbs on the Saltsjön world: return, undo, depth, seen and
/// stocktake, find, archive and restore.
@Suite("Everyday verbs through the library")
struct VerbTests {
    /// Runs `command`, keeping each event with the state before it (for undo).
    func run(_ command: Command, _ s: inout WorldState, _ log: inout [(Event, WorldState)]) throws {
        let before = s
        for (event, _) in try Replay.step(command, &s) { log.append((event, before)) }
    }

    func undo(_ seq: Int64, _ log: [(Event, WorldState)]) throws -> Command {
        let (event, before) = try #require(log.first { $0.0.seq == seq })
        return .undo(try UndoBasis.make(undoing: [event], before: before).get())
    }

    @Test("in front of and behind are positional: sibling in the reference's container, cascade when it moves")
    func depth() throws {
        var s = try Saltsjon.state()
        try Replay.step(place("yTvK", .inFrontOf, "5GgB"), &s)
        let x = Replay.index("yTvK", s)
        let bord = Replay.index("5GgB", s)
        for axis in Axis.allCases {
            #expect(s.projection(axis).parents.edge(x) == ParentEdge(.in, Replay.index("vardagsrummet", s)))
            #expect(s.projection(axis).positional.outbound(x) == PositionalEdge(.inFrontOf, bord))
        }
        try Replay.step(place("yTvK", .behind, "5GgB"), &s)
        #expect(s.current.positional.outbound(x) == PositionalEdge(.behind, bord))
        try Replay.step(place("5GgB", .in, "lillstugan"), &s)
        #expect(s.current.positional.outbound(x) == nil)
        #expect(refusal(place("yTvK", .behind, nil), s) == .relationAgainstWorld(.behind))
    }

    @Test("return puts the current location back home and keeps the home relation when its reference is there")
    func returnHome() throws {
        var s = try Saltsjon.state()
        try Replay.step(.create(oid("lampa"), name: "Lampa"), &s)
        try Replay.step(place("lampa", .in, "koksbordet"), &s)
        try Replay.step(place("yTvK", .rightOf, "lampa"), &s)
        try Replay.step(place("yTvK", .under, "5GgB", .current), &s)
        let x = Replay.index("yTvK", s)
        #expect(s.isAway(x))
        let steps = try Replay.step(.returnHome(oid("yTvK")), &s)
        #expect(steps.map(\.0.payload) == [.returned(oid("yTvK"))])
        #expect(!s.isAway(x))
        #expect(s.current.positional.outbound(x) == PositionalEdge(.rightOf, Replay.index("lampa", s)))
        #expect(try Decider.decision(.returnHome(oid("yTvK")), state: s).isUnchanged)
        // The reference is elsewhere now: back into the container, the relation is dropped and said so.
        try Replay.step(place("lampa", .in, "vardagsrummet", .current), &s)
        try Replay.step(place("yTvK", .in, "vardagsrummet", .current), &s)
        let decision = try Decider.decision(.returnHome(oid("yTvK")), state: s)
        #expect(decision.notes == [.positionDropped(oid("yTvK"), .current, .rightOf, reference: oid("lampa"))])
        try Replay.step(.returnHome(oid("yTvK")), &s)
        #expect(s.current.parents.edge(x) == ParentEdge(.in, Replay.index("koksbordet", s)))
        #expect(s.current.positional.outbound(x) == nil)
    }

    @Test("return is refused when home is now inside the object, and for unknown or archived objects")
    func returnRefused() throws {
        var s = try Saltsjon.state()
        try Replay.step(place("yTvK", .in, "vardagsrummet", .current), &s)
        try Replay.step(place("koksbordet", .in, "yTvK", .current), &s)
        #expect(
            refusal(.returnHome(oid("yTvK")), s)
                == .cycle(object: oid("yTvK"), target: oid("koksbordet"), axis: .current))
        #expect(refusal(.returnHome(oid("nope")), s) == .unknownObject(oid("nope")))
    }

    @Test("return --all returns everything away, containers first, only inside C when asked, as one decision")
    func returnAll() throws {
        var s = try Saltsjon.state()
        try Replay.step(.create(oid("lock"), name: "Lock"), &s)
        try Replay.step(place("lock", .on, "yTvK"), &s)
        try Replay.step(place("lock", .in, "vardagsrummet", .current), &s)
        try Replay.step(place("yTvK", .under, "5GgB", .current), &s)
        try Replay.step(place("koksbordet", .in, "vardagsrummet", .current), &s)
        let inside = try Decider.decision(.returnAll(inside: oid("vardagsrummet")), state: s)
        #expect(inside.events == [.returned(oid("koksbordet")), .returned(oid("yTvK")), .returned(oid("lock"))])
        try Replay.step(.returnAll(inside: oid("lillstugan")), &s)
        #expect(s.registry.indices.filter { s.isAway($0) }.count == 3)
        try Replay.step(.returnAll(inside: nil), &s)
        #expect(s.registry.indices.allSatisfy { !s.isAway($0) })
        #expect(s.current == s.normal.withAxis(.current))
        #expect(try Decider.decision(.returnAll(inside: nil), state: s).isUnchanged)
    }

    @Test("undo restores the placement as it was before SEQ, lists the cascade's lost edges, and undo of undo redoes")
    func undoPlacement() throws {
        var s = try Saltsjon.state()
        var log: [(Event, WorldState)] = []
        try run(place("yTvK", .under, "5GgB"), &s, &log)
        try run(.create(oid("cat"), name: "Katt"), &s, &log)
        try run(place("cat", .nextTo, "yTvK"), &s, &log)
        try run(place("yTvK", .in, "lillstugan"), &s, &log)
        let moved = s.lastSeq
        let x = Replay.index("yTvK", s)
        let decision = try Decider.decision(try undo(moved, log), state: s)
        #expect(decision.undoes == moved)
        #expect(
            decision.events == [
                .placed(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both))
            ])
        #expect(decision.notes.contains(.edgeNotRestored(oid("cat"), .current, .nextTo, reference: oid("yTvK"))))
        try run(try undo(moved, log), &s, &log)
        #expect(s.current.positional.outbound(x) == PositionalEdge(.under, Replay.index("5GgB", s)))
        #expect(s.current.positional.outbound(Replay.index("cat", s)) == nil)
        try run(try undo(s.lastSeq, log), &s, &log)
        #expect(s.current.parents.edge(x) == ParentEdge(.in, Replay.index("lillstugan", s)))
        #expect(try Decider.decision(try undo(moved, log), state: s).events.count == 1)
    }

    @Test("undo of a placement that moved different axes from different places gives one event per axis")
    func undoPerAxis() throws {
        var s = try Saltsjon.state()
        var log: [(Event, WorldState)] = []
        try run(place("yTvK", .under, "5GgB", .current), &s, &log)
        try run(place("yTvK", .in, "lillstugan"), &s, &log)
        let decision = try Decider.decision(try undo(s.lastSeq, log), state: s)
        #expect(
            decision.events == [
                .placed(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .current)),
                .placed(Placement(object: oid("yTvK"), relation: .in, target: oid("koksbordet"), axes: .normal)),
            ])
        // The two-event batch undone as a group brings back the state after SEQ.
        try run(try undo(s.lastSeq, log), &s, &log)
        let group = log.suffix(2).map(\.0)
        let basis = try UndoBasis.make(undoing: group, before: try #require(log.suffix(2).first).1).get()
        let redo = try Decider.decision(.undo(basis), state: s)
        #expect(
            redo.events == [
                .placed(Placement(object: oid("yTvK"), relation: .in, target: oid("lillstugan"), axes: .both))
            ])
    }

    @Test("undo renames back; refuses creates, seen, archive, an old container now inside X and archived objects")
    func undoRefused() throws {
        var s = try Saltsjon.state()
        var log: [(Event, WorldState)] = []
        try run(.create(oid("box"), name: "Låda"), &s, &log)
        let created = s.lastSeq
        try run(.rename(oid("box"), name: "Blå låda"), &s, &log)
        try run(try undo(s.lastSeq, log), &s, &log)
        #expect(s.registry.name(Replay.index("box", s)) == "Låda")
        #expect(throws: DomainError.cannotUndo(seq: created, .creation)) { try undo(created, log) }
        try run(.seen(oid("box")), &s, &log)
        #expect(throws: DomainError.cannotUndo(seq: s.lastSeq, .observation)) { try undo(s.lastSeq, log) }
        try run(place("box", .in, "koksbordet"), &s, &log)
        try run(place("box", .in, "vardagsrummet"), &s, &log)
        let move = s.lastSeq
        try run(place("koksbordet", .in, "box"), &s, &log)
        #expect(
            refusal(try undo(move, log), s) == .cycle(object: oid("box"), target: oid("koksbordet"), axis: .current))
        try run(place("yTvK", .under, "5GgB"), &s, &log)
        let placed = s.lastSeq
        try run(.archive(oid("yTvK"), note: nil, withContents: false), &s, &log)
        #expect(throws: DomainError.cannotUndo(seq: s.lastSeq, .archive)) { try undo(s.lastSeq, log) }
        #expect(refusal(try undo(placed, log), s) == .archived(oid("yTvK")))
    }

    @Test("seen records the last sighting without moving; stocktake lists what was not handled since, oldest first")
    func seenAndStocktake() throws {
        var s = try Saltsjon.state()
        let before = s
        try Replay.step(.seen(oid("yTvK")), &s)
        let x = Replay.index("yTvK", s)
        #expect(s.current == before.current && s.normal == before.normal)
        #expect(s.status.seen(x).seq == s.lastSeq)
        let cutoff = s.lastAt
        try Replay.step(place("5GgB", .behind, "koksbordet"), &s)
        let saltsjon = Replay.index("saltsjon", s)
        let all = Stocktake.list(inside: saltsjon, since: nil, in: s).map { s.registry.id($0.object).rawValue }
        #expect(all == ["lillstugan", "koksbordet", "vardagsrummet", "yTvK", "5GgB"])
        let stale = Stocktake.list(inside: saltsjon, since: cutoff, in: s).map { s.registry.id($0.object).rawValue }
        #expect(stale == ["lillstugan", "koksbordet", "vardagsrummet"])
        let cabin = Stocktake.list(inside: Replay.index("lillstugan", s), since: nil, in: s)
        #expect(cabin.map { s.registry.id($0.object).rawValue } == ["koksbordet", "yTvK", "5GgB"])
        #expect(cabin[1].seenSeq != nil && cabin[0].seenSeq == nil)
    }

    @Test("archive is refused while X holds anything, unless with its contents; inbound relations to X drop")
    func archive() throws {
        var s = try Saltsjon.state()
        try Replay.step(.create(oid("cat"), name: "Katt"), &s)
        try Replay.step(place("cat", .nextTo, "koksbordet"), &s)
        #expect(
            refusal(.archive(oid("koksbordet"), note: nil, withContents: false), s)
                == .notEmpty(oid("koksbordet"), count: 1))
        let decision = try Decider.decision(.archive(oid("koksbordet"), note: "såld", withContents: true), state: s)
        #expect(decision.events == [.archived(oid("koksbordet"), note: "såld")])
        #expect(decision.notes == [.archivedWith(oid("yTvK"), container: oid("koksbordet"))])
        try Replay.step(.archive(oid("koksbordet"), note: "såld", withContents: true), &s)
        let k = Replay.index("koksbordet", s)
        #expect(s.status.isArchived(k) && s.status.isArchived(Replay.index("yTvK", s)))
        #expect(s.status.archives[k]?.note == "såld")
        #expect(s.current.positional.outbound(Replay.index("cat", s)) == nil)
        #expect(Invariants.violations(s).isEmpty)
        #expect(refusal(.create(oid("koksbordet"), name: "Nytt bord"), s) == .archivedID(oid("koksbordet")))
        #expect(refusal(place("cat", .in, "yTvK"), s) == .archived(oid("yTvK")))
        #expect(refusal(place("yTvK", .in, "cat"), s) == .archived(oid("yTvK")))
        #expect(refusal(.rename(oid("yTvK"), name: "X"), s) == .archived(oid("yTvK")))
        #expect(refusal(.seen(oid("yTvK")), s) == .archived(oid("yTvK")))
        #expect(refusal(.archive(oid("cat"), note: "\u{1B}[31m", withContents: false), s) != nil)
        #expect(refusal(.restore(oid("cat"), relation: .in, target: nil), s) == .notArchived(oid("cat")))
    }

    @Test("restore brings X back placed on both axes, with what was archived with it")
    func restore() throws {
        var s = try Saltsjon.state()
        try Replay.step(.archive(oid("koksbordet"), note: nil, withContents: true), &s)
        #expect(refusal(.restore(oid("koksbordet"), relation: .in, target: oid("yTvK")), s) == .archived(oid("yTvK")))
        try Replay.step(.restore(oid("koksbordet"), relation: .behind, target: oid("5GgB")), &s)
        let k = Replay.index("koksbordet", s)
        let y = Replay.index("yTvK", s)
        #expect(!s.status.isArchived(k) && !s.status.isArchived(y))
        for axis in Axis.allCases {
            #expect(s.projection(axis).parents.edge(k) == ParentEdge(.in, Replay.index("vardagsrummet", s)))
            #expect(s.projection(axis).parents.edge(y) == ParentEdge(.in, k))
        }
        #expect(Invariants.violations(s).isEmpty)
    }

    @Test("a content whose other container was archived on its own stays archived when the group comes back")
    func restorePartialGroup() throws {
        var s = try Saltsjon.state()
        try Replay.step(.create(oid("hylla"), name: "Hylla"), &s)
        try Replay.step(place("hylla", .in, "vardagsrummet"), &s)
        try Replay.step(place("yTvK", .in, "hylla", .normal), &s)
        try Replay.step(.archive(oid("koksbordet"), note: nil, withContents: true), &s)
        #expect(s.status.isArchived(Replay.index("yTvK", s)))
        try Replay.step(.archive(oid("hylla"), note: nil, withContents: false), &s)
        try Replay.step(.restore(oid("koksbordet"), relation: .in, target: oid("lillstugan")), &s)
        #expect(s.status.isArchived(Replay.index("yTvK", s)))
        #expect(Invariants.violations(s).isEmpty)
        try Replay.step(.restore(oid("yTvK"), relation: .in, target: oid("koksbordet")), &s)
        #expect(!s.status.isArchived(Replay.index("yTvK", s)))
    }

    @Test(
        "find folds case and diacritics and ranks exact id, prefix, word, substring",
        arguments: [
            ("kok", ["koksbordet"]), ("YTVK", ["yTvK"]), ("bord", ["5GgB", "koksbordet"]),
            ("låda", ["yTvK"]), ("RUMMET", ["vardagsrummet"]), ("zzz", []),
        ])
    func find(_ query: String, _ expected: [String]) throws {
        let s = try Saltsjon.state()
        let index = SearchIndex(registry: s.registry)
        #expect(index.search(query).map { s.registry.id($0.object).rawValue } == expected)
    }

    @Test("find ranks: an exact id before a prefix before a word before a substring; archived ones can be left out")
    func findRanks() throws {
        var s = WorldState()
        for (id, name) in [("ab", "Zeta"), ("x1", "Abc låda"), ("x2", "Stor abc"), ("x3", "Xabc"), ("x4", "Ábaco")] {
            try Replay.step(.create(oid(id), name: name), &s)
        }
        let hits = SearchIndex(registry: s.registry).search("ab")
        #expect(hits.map(\.rank) == [.exactID, .prefix, .prefix, .word, .substring])
        #expect(hits.map { s.registry.id($0.object).rawValue } == ["ab", "x4", "x1", "x2", "x3"])
        try Replay.step(.archive(oid("x4"), note: nil, withContents: false), &s)
        let live = SearchIndex(registry: s.registry).search("ab", limit: 2) { !s.status.isArchived($0) }
        #expect(live.map { s.registry.id($0.object).rawValue } == ["ab", "x1"])
        #expect(TextFold.fold("Köksbordet ÆØÅ straße") == Array("koksbordet aeoa strasse".utf8))
    }
}

extension AxisProjection {
    /// The same edges, labelled with another axis (to compare current with normal).
    fileprivate func withAxis(_ axis: Axis) -> AxisProjection {
        let p = parents.raw
        let e = positional.rawOutbound
        guard let tree = ParentTree(axis: axis, parents: p.parents, relations: p.relations),
            let edges = PositionalEdges(axis: axis, relations: e.relations, targets: e.targets)
        else { return self }
        return AxisProjection(parents: tree, positional: edges)
    }
}

import PlingsDomain
import PlingsTestSupport
import Testing

/// "Away" means "not where it belongs" (issue 25, item 3): a thing in its
/// home container whose home positional relation only lacks a current
/// counterpart (a cascade dropped it) is in place, position unknown.
@Suite("The away rule")
struct AwayRuleTests {
    /// A living room with a sofa and four things around it, on both axes.
    func livingRoom() throws -> WorldState {
        var s = WorldState()
        for (id, name) in [("room", "Room"), ("sofa", "Sofa"), ("lamp", "Lamp"), ("rug", "Rug"), ("table", "Table")]
            + [("cushion", "Cushion")]
        {
            try Replay.step(.create(oid(id), name: name), &s)
        }
        try Replay.step(place("sofa", .in, "room"), &s)
        try Replay.step(place("lamp", .nextTo, "sofa"), &s)
        try Replay.step(place("rug", .under, "sofa"), &s)
        try Replay.step(place("table", .inFrontOf, "sofa"), &s)
        try Replay.step(place("cushion", .leftOf, "sofa"), &s)
        return s
    }

    func awayIDs(_ s: WorldState) -> [String] {
        s.registry.indices.filter { s.isAway($0) }.map { s.registry.id($0).rawValue }
    }

    @Test("the sofa moved away and back: its four neighbours were never away, and return --all writes nothing")
    func sofaAndNeighbours() throws {
        var s = try livingRoom()
        try Replay.step(place("sofa", .in, nil, .current), &s)
        #expect(awayIDs(s) == ["sofa"])
        try Replay.step(.returnHome(oid("sofa")), &s)
        #expect(awayIDs(s) == [])
        for id in ["lamp", "rug", "table", "cushion"] {
            let x = Replay.index(id, s)
            #expect(s.current.positional.outbound(x) == nil, "the cascade dropped \(id)'s current relation")
            #expect(s.normal.positional.outbound(x) != nil, "\(id)'s home relation stays")
            #expect(s.away(x).seq == 0, "\(id) has no absence")
        }
        #expect(try Decider.decision(.returnAll(inside: nil), state: s).isUnchanged)
    }

    @Test("a thing in another container, or placed against another reference at home, is still away")
    func stillAway() throws {
        var s = try livingRoom()
        try Replay.step(.create(oid("hall"), name: "Hall"), &s)
        try Replay.step(place("lamp", .in, "hall", .current), &s)
        try Replay.step(place("rug", .under, "table", .current), &s)
        try Replay.step(place("cushion", .in, "room", .normal), &s)
        try Replay.step(place("cushion", .on, "sofa", .current), &s)
        #expect(awayIDs(s).sorted() == ["cushion", "lamp", "rug"])
        let all = try Decider.decision(.returnAll(inside: nil), state: s)
        #expect(Set(all.events) == Set(["lamp", "rug", "cushion"].map { .returned(oid($0)) }))
    }

    @Test("an explicit return of a thing in place puts its home relation back when its reference is there")
    func explicitReturn() throws {
        var s = try livingRoom()
        try Replay.step(place("sofa", .in, nil, .current), &s)
        try Replay.step(.returnHome(oid("sofa")), &s)
        try Replay.step(.returnHome(oid("lamp")), &s)
        let lamp = Replay.index("lamp", s)
        #expect(s.current.positional.outbound(lamp) == s.normal.positional.outbound(lamp))
    }
}

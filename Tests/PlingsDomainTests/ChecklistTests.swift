import PlingsDomain
import PlingsTestSupport
import Testing

/// The seed's device checklist, as behaviour of the library.
@Suite("Seed checklist through the library")
struct ChecklistTests {
    func place(_ x: String, _ r: Relation, _ y: String?, _ axes: AxisSet = .both) -> Command {
        .place(Placement(object: oid(x), relation: r, target: y.map(oid), axes: axes))
    }

    @Test("1. yTvK under 5GgB with Både lands in Vardagsrummet on both axes, under Bord")
    func underBord() throws {
        var state = try Saltsjon.state()
        try Replay.step(place("yTvK", .under, "5GgB"), &state)
        let x = Replay.index("yTvK", state)
        let rum = Replay.index("vardagsrummet", state)
        let bord = Replay.index("5GgB", state)
        for axis in Axis.allCases {
            #expect(state.projection(axis).parents.edge(x) == ParentEdge(.in, rum))
            #expect(state.projection(axis).positional.outbound(x) == PositionalEdge(.under, bord))
        }
        #expect(!state.isAway(x))
    }

    @Test("2. right of Y makes X Y's sibling in Y's container")
    func rightOf() throws {
        var state = try Saltsjon.state()
        try Replay.step(.create(oid("hylla"), name: "Hylla"), &state)
        try Replay.step(place("hylla", .in, "lillstugan"), &state)
        try Replay.step(place("yTvK", .rightOf, "hylla"), &state)
        let x = Replay.index("yTvK", state)
        let hylla = Replay.index("hylla", state)
        for axis in Axis.allCases {
            #expect(state.projection(axis).parents.parent(x) == Replay.index("lillstugan", state))
            #expect(state.projection(axis).positional.outbound(x) == PositionalEdge(.rightOf, hylla))
        }
    }

    @Test("3. attached to Y makes Y the parent; moving Y carries X")
    func attached() throws {
        var state = try Saltsjon.state()
        try Replay.step(.create(oid("ring"), name: "Nyckelring"), &state)
        try Replay.step(.create(oid("key"), name: "Nyckel"), &state)
        try Replay.step(place("ring", .in, "koksbordet"), &state)
        try Replay.step(place("key", .attachedTo, "ring"), &state)
        let key = Replay.index("key", state)
        let ring = Replay.index("ring", state)
        #expect(state.current.parents.edge(key) == ParentEdge(.attachedTo, ring))
        try Replay.step(place("ring", .in, "vardagsrummet"), &state)
        #expect(state.current.parents.edge(key) == ParentEdge(.attachedTo, ring))
        #expect(
            state.current.parents.path(to: key).map { state.registry.id($0).rawValue } == [
                "saltsjon", "vardagsrummet", "ring",
            ])
    }

    @Test("4. moving Y leaves X in its container and drops 'under Y'")
    func cascade() throws {
        var state = try Saltsjon.state()
        try Replay.step(place("yTvK", .under, "5GgB"), &state)
        let steps = try Replay.step(place("5GgB", .in, "koksbordet"), &state)
        let x = Replay.index("yTvK", state)
        let bord = Replay.index("5GgB", state)
        for axis in Axis.allCases {
            #expect(state.projection(axis).parents.parent(x) == Replay.index("vardagsrummet", state))
            #expect(state.projection(axis).positional.outbound(x) == nil)
            #expect(
                steps[0].1.contains(
                    .positionalRemoved(x, axis, PositionalEdge(.under, bord), because: .referenceMoved(bord))))
        }
    }

    @Test("5. moving X to a new container clears X's positional relations")
    func moveX() throws {
        var state = try Saltsjon.state()
        try Replay.step(place("yTvK", .under, "5GgB"), &state)
        try Replay.step(place("yTvK", .in, "lillstugan"), &state)
        let x = Replay.index("yTvK", state)
        for axis in Axis.allCases { #expect(state.projection(axis).positional.outbound(x) == nil) }
        #expect(state.current.positional.inbound(Replay.index("5GgB", state)).isEmpty)
    }

    @Test("7. Y away: X's current mirrors Y's current and X's normal mirrors Y's normal")
    func mirror() throws {
        var state = try Saltsjon.state()
        try Replay.step(place("5GgB", .in, "lillstugan", .current), &state)
        try Replay.step(place("yTvK", .nextTo, "5GgB"), &state)
        let x = Replay.index("yTvK", state)
        #expect(state.current.parents.parent(x) == Replay.index("lillstugan", state))
        #expect(state.normal.parents.parent(x) == Replay.index("vardagsrummet", state))
        #expect(state.isAway(x))
    }
}

@Suite("Decider")
struct DeciderTests {
    func place(_ x: String, _ r: Relation, _ y: String?, _ axes: AxisSet = .both) -> Command {
        .place(Placement(object: oid(x), relation: r, target: y.map(oid), axes: axes))
    }

    func refusal(_ command: Command, _ state: WorldState) -> DomainError? {
        do {
            _ = try Decider.decide(command, state: state)
            return nil
        } catch {
            return error
        }
    }

    @Test("refusals: unknown ids, X == Y, cycles, World, empty axes, duplicates, empty names")
    func refusals() throws {
        let s = try Saltsjon.state()
        #expect(refusal(place("nope", .in, "5GgB"), s) == .unknownObject(oid("nope")))
        #expect(refusal(place("yTvK", .in, "nope"), s) == .unknownObject(oid("nope")))
        #expect(refusal(place("yTvK", .in, "yTvK"), s) == .selfPlacement(oid("yTvK")))
        #expect(refusal(place("yTvK", .under, "yTvK"), s) == .selfPlacement(oid("yTvK")))
        #expect(
            refusal(place("saltsjon", .in, "koksbordet"), s)
                == .cycle(object: oid("saltsjon"), target: oid("koksbordet"), axis: .current))
        // Positional against something whose parent chain holds X.
        #expect(
            refusal(place("lillstugan", .under, "koksbordet"), s)
                == .cycle(object: oid("lillstugan"), target: oid("koksbordet"), axis: .current))
        #expect(refusal(place("yTvK", .under, nil), s) == .relationAgainstWorld(.under))
        #expect(refusal(place("yTvK", .on, nil), s) == .relationAgainstWorld(.on))
        #expect(refusal(place("yTvK", .in, "5GgB", []), s) == .emptyAxes)
        #expect(refusal(.create(oid("yTvK"), name: "Again"), s) == .duplicateID(oid("yTvK")))
        #expect(refusal(.create(oid("new"), name: " "), s) == .invalidName(" ", .empty))
        #expect(refusal(.rename(oid("nope"), name: "X"), s) == .unknownObject(oid("nope")))
        #expect(refusal(.create(ObjectID(unchecked: "world"), name: "W"), s) != nil)
    }

    @Test("a placement is all-or-nothing across axes: one bad axis refuses both")
    func allOrNothing() throws {
        var s = try Saltsjon.state()
        // On the normal axis koksbordet stays inside lillstugan, on current it moves out.
        try Replay.step(place("koksbordet", .in, "vardagsrummet", .current), &s)
        #expect(refusal(place("lillstugan", .in, "koksbordet", .current), s) == nil)
        #expect(
            refusal(place("lillstugan", .in, "koksbordet", .both), s)
                == .cycle(object: oid("lillstugan"), target: oid("koksbordet"), axis: .normal))
    }

    @Test("placing in World is allowed and moves X to the root")
    func world() throws {
        var s = try Saltsjon.state()
        try Replay.step(place("yTvK", .in, nil), &s)
        #expect(s.current.parents.edge(Replay.index("yTvK", s)) == .world)
    }

    @Test("a placement that changes nothing is decided as unchanged: no event, nothing cascades")
    func noOp() throws {
        var s = try Saltsjon.state()
        try Replay.step(place("yTvK", .under, "5GgB"), &s)
        try Replay.step(.create(oid("cat"), name: "Katt"), &s)
        try Replay.step(place("cat", .nextTo, "yTvK"), &s)
        let decision = try Decider.decision(place("yTvK", .under, "5GgB"), state: s)
        #expect(decision.isUnchanged && decision.events.isEmpty)
        #expect(try Decider.decision(place("yTvK", .under, "5GgB", .current), state: s).isUnchanged)
        #expect(try Decider.decision(.rename(oid("yTvK"), name: "Plastlåda"), state: s).isUnchanged)
        #expect(!(try Decider.decision(.rename(oid("yTvK"), name: "Låda"), state: s).isUnchanged))
        // Changed on one axis only: one event for both axes, the unchanged axis cascades nothing.
        try Replay.step(place("yTvK", .in, "koksbordet", .current), &s)
        let steps = try Replay.step(place("yTvK", .under, "5GgB"), &s)
        let x = Replay.index("yTvK", s)
        #expect(steps.count == 1 && steps[0].1.contains(.unchanged(x, .normal)))
    }

    @Test("a no-op placed line (written by an older Plings) still replays and cascades nothing")
    func noOpLineReplays() throws {
        var s = try Saltsjon.state()
        try Replay.step(place("yTvK", .under, "5GgB"), &s)
        try Replay.step(.create(oid("cat"), name: "Katt"), &s)
        try Replay.step(place("cat", .nextTo, "yTvK"), &s)
        let line = Event(
            seq: s.lastSeq + 1, at: Timestamp(milliseconds: 1_900_000_000_000),
            payload: .placed(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both)))
        var effects: [Effect] = []
        #expect(s.apply(line, effects: &effects) == nil)
        let x = Replay.index("yTvK", s)
        #expect(effects == [.unchanged(x, .current), .unchanged(x, .normal)])
        #expect(s.current.positional.outbound(Replay.index("cat", s)) == PositionalEdge(.nextTo, x))
    }

    @Test("a different relation against the same target is a move and cascades")
    func relationChange() throws {
        var s = try Saltsjon.state()
        try Replay.step(place("yTvK", .under, "5GgB"), &s)
        try Replay.step(.create(oid("cat"), name: "Katt"), &s)
        try Replay.step(place("cat", .nextTo, "yTvK"), &s)
        try Replay.step(place("yTvK", .above, "5GgB"), &s)
        #expect(s.current.positional.outbound(Replay.index("cat", s)) == nil)
        #expect(s.current.parents.parent(Replay.index("cat", s)) == Replay.index("vardagsrummet", s))
    }

    @Test("moving on one axis cascades on that axis only")
    func perAxisCascade() throws {
        var s = try Saltsjon.state()
        try Replay.step(place("yTvK", .under, "5GgB"), &s)
        try Replay.step(place("5GgB", .in, "lillstugan", .current), &s)
        let x = Replay.index("yTvK", s)
        #expect(s.current.positional.outbound(x) == nil)
        #expect(s.normal.positional.outbound(x) == PositionalEdge(.under, Replay.index("5GgB", s)))
        // In its home container with only its home relation missing: in place, position unknown (issue 25, item 3).
        #expect(!s.isAway(x))
    }

    @Test("replay skips an event that is invalid against the state, and reports it")
    func skipOnReplay() throws {
        var s = try Saltsjon.state()
        let before = s
        let bad = Event(
            seq: s.lastSeq + 1, at: Timestamp(milliseconds: 1),
            payload: .placed(Placement(object: oid("saltsjon"), relation: .in, target: oid("yTvK"), axes: .both)))
        let error = s.apply(bad)
        #expect(error == .cycle(object: oid("saltsjon"), target: oid("yTvK"), axis: .current))
        #expect(
            s.skipped == [
                SkippedEvent(seq: bad.seq, error: .cycle(object: oid("saltsjon"), target: oid("yTvK"), axis: .current))
            ])
        #expect(s.registry == before.registry && s.current == before.current && s.normal == before.normal)
    }
}

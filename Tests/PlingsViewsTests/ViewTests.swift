import PlingsTestSupport
import PlingsViews
import Testing

/// The views over the Saltsjön fixture, compared as whole values: a view is
/// `Equatable`, so a test states the entire expected answer.
@Suite("Views over the Saltsjön world")
struct ViewTests {
    func moved(_ x: String, _ r: Relation, _ y: String, _ axes: AxisSet) throws -> WorldState {
        var state = try Saltsjon.state()
        try Replay.step(.place(Placement(object: oid(x), relation: r, target: oid(y), axes: axes)), &state)
        return state
    }

    @Test("the card of the box gives its path on both axes, no contents, and not away")
    func card() throws {
        let state = try Saltsjon.state()
        let card = Card(Replay.index("yTvK", state), state: state)
        #expect(card.id == "yTvK")
        #expect(card.name == "Plastlåda")
        #expect(!card.away)
        #expect(card.current.path.map(\.id) == ["saltsjon", "lillstugan", "koksbordet"])
        #expect(card.current == card.normal)
        #expect(card.contents.isEmpty && card.belongings.isEmpty)
        #expect(card.asOfSeq == state.lastSeq)
    }

    @Test("the card of a container lists its contents sorted by name")
    func contents() throws {
        let state = try Saltsjon.state()
        let card = Card(Replay.index("saltsjon", state), state: state)
        #expect(card.contents.map(\.name) == ["Lillstugan", "Vardagsrummet"])
        #expect(card.contents == card.belongings)
    }

    @Test("the tree has one root per axis with the whole fixture beneath it")
    func tree() throws {
        let state = try Saltsjon.state()
        for axis in Axis.allCases {
            let tree = WorldTree(axis: axis, state: state)
            #expect(tree.rows.filter { $0.depth == 0 }.map(\.id) == ["saltsjon"], "axis \(axis.token)")
            #expect(
                tree.rows.filter { $0.depth == 1 && $0.parent == "saltsjon" }.map(\.id) == [
                    "lillstugan", "vardagsrummet",
                ],
                "axis \(axis.token)")
        }
        #expect(WorldTree(axis: .current, state: state).rows == WorldTree(axis: .normal, state: state).rows)
    }

    @Test("nothing is away in the fixture; moving the box on the current axis only makes it away")
    func away() throws {
        #expect(AwayList(try Saltsjon.state()).away.isEmpty)
        let state = try moved("yTvK", .in, "vardagsrummet", .current)
        let away = AwayList(state)
        #expect(away.away.map(\.id) == ["yTvK"])
        #expect(away.away.first?.current.path.last?.id == "vardagsrummet")
        #expect(away.away.first?.normal.path.last?.id == "koksbordet")
        #expect(away.away.first?.sinceSeq == state.lastSeq)
        #expect(Card(Replay.index("yTvK", state), state: state).away)
    }

    @Test("the diff between two points names the move and nothing else")
    func diff() throws {
        let before = try Saltsjon.state()
        let after = try moved("yTvK", .in, "vardagsrummet", .both)
        let diff = WorldDiff(from: before, to: after)
        #expect(diff.moved.map(\.id) == ["yTvK", "yTvK"])
        #expect(Set(diff.moved.map(\.axis)) == Set(Axis.allCases.map(\.token)))
        #expect(diff.renamed.isEmpty)
        let none = WorldDiff(from: before, to: before)
        #expect(none.moved.isEmpty && none.appeared.isEmpty && none.positionalDropped.isEmpty)
    }
}

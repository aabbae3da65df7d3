import PlingsTestSupport
import PlingsText
import Testing

@testable import PlingsKit

/// The plan of importing `csv` into `state`.
func importPlan(_ csv: String, into state: WorldState = WorldState()) -> ImportPlan {
    var reader = CSVReader(bytes: Array(csv.utf8))
    return ImportPlan(ImportTable.read(&reader, Catalog(.en)), state: state)
}

/// Imports `csv` into `state` as the check does (every command decided, refusals reported).
@discardableResult
func importing(_ csv: String, into state: inout WorldState, batchLimit: Int = Importer.batchLimit) -> Importer.Report {
    Importer.perform(importPlan(csv, into: state), on: &state, actor: nil, batchLimit: batchLimit)
}

/// Where `id` is on `axis`: "in parent", "under target", or "world".
func place(_ id: String, _ axis: Axis, _ state: WorldState) -> String {
    let x = Replay.index(id, state)
    let projection = state.projection(axis)
    if let edge = projection.positional.outbound(x) {
        return "\(edge.relation.token) \(state.registry.id(edge.target))"
    }
    let edge = projection.parents.edge(x)
    return edge.parent == .world ? "world" : "\(edge.relation.token) \(state.registry.id(edge.parent))"
}

/// The problems of a plan or report as "line:column code".
func problemCodes(_ problems: [ImportProblem]) -> [String] {
    problems.map { "\($0.line):\($0.column?.number ?? 0) \($0.code)" }
}

@Suite("Import: rows resolved and ordered")
struct ImportPlanTests {
    @Test("rows in any order: containers before contents, references before what stands beside them")
    func order() {
        let csv = """
            id,name,container,relation,home container,home relation
            milk,Milk,fridge,in,,
            chair,Chair,table,next-to,,
            lamp,Lamp,table,on,shelf,under
            table,Table,kitchen,,,
            shelf,Shelf,kitchen,in,kitchen,in
            fridge,Fridge,kitchen,in,,
            kitchen,Kitchen,house,,house,
            house,House,,,,
            """
        var state = WorldState()
        let report = importing(csv, into: &state)
        #expect(report.problems.isEmpty)
        #expect(report.created == 8)
        #expect(Invariants.violations(state).isEmpty)
        #expect(place("milk", .current, state) == "in fridge" && place("milk", .normal, state) == "in fridge")
        #expect(place("chair", .current, state) == "next-to table" && place("chair", .normal, state) == "next-to table")
        #expect(place("lamp", .current, state) == "on table" && place("lamp", .normal, state) == "under shelf")
        #expect(state.current.parents.parent(Replay.index("chair", state)) == Replay.index("kitchen", state))
        #expect(place("kitchen", .normal, state) == "in house" && place("house", .current, state) == "world")
        // The things were made in the file's order.
        #expect(state.registry.indices.map { state.registry.id($0).rawValue }.prefix(3) == ["milk", "chair", "lamp"])
    }

    @Test("placements that wait for each other across the axes are split per axis, not refused")
    func acrossAxes() {
        // A both in B; B now in C, home at World; C both in D; D now at World, home in A.
        let csv = """
            id,name,container,home container
            a,A,b,b
            b,B,c,world
            c,C,d,d
            d,D,world,a
            """
        var state = WorldState()
        let report = importing(csv, into: &state)
        #expect(report.problems.isEmpty)
        #expect(place("a", .current, state) == "in b" && place("a", .normal, state) == "in b")
        #expect(place("b", .current, state) == "in c" && place("b", .normal, state) == "world")
        #expect(place("d", .current, state) == "world" && place("d", .normal, state) == "in a")
        #expect(Invariants.violations(state).isEmpty)
    }

    @Test("rows that place their things in a circle are refused, each naming the others")
    func circles() {
        let plan = importPlan(
            """
            id,name,container,relation
            a,A,b,in
            b,B,a,in
            c,C,d,left-of
            d,D,c,right-of
            e,E,a,in
            f,F,,
            """)
        #expect(problemCodes(plan.problems) == ["2:3 circle", "3:3 circle", "4:3 circle", "5:3 circle"])
        #expect(plan.problems[0].kind == .circle(lines: [3], axis: .current))
        var state = WorldState()
        let report = importing(
            """
            id,name,container,relation
            a,A,b,in
            b,B,a,in
            f,F,,
            """, into: &state)
        #expect(report.created == 1 && state.registry.count == 1)
    }

    @Test("one place counts for both axes; none leaves a known thing where it is; names of known things rename them")
    func places() throws {
        var state = try Saltsjon.state()
        let report = importing(
            """
            id,name,container,relation,home container,home relation
            yTvK,Blå låda,,,5GgB,under
            koksbordet,,,,,
            5GgB,Bord,,,,
            """, into: &state)
        #expect(report.problems.isEmpty)
        #expect(place("yTvK", .current, state) == "under 5GgB" && place("yTvK", .normal, state) == "under 5GgB")
        #expect(state.registry.name(Replay.index("yTvK", state)) == "Blå låda")
        #expect(place("koksbordet", .current, state) == "in lillstugan")
        #expect(report.changed == 1 && report.unchanged == 2 && report.events == 2)
    }

    @Test("ids made from names: folded, one dash between words, a suffix for the next, the same every time")
    func generatedIDs() throws {
        #expect(GeneratedID.base(for: "Köksbordet") == "koksbordet")
        #expect(GeneratedID.base(for: "  Blå låda (stor), 2 st ") == "bla-lada-stor-2-st")
        #expect(GeneratedID.base(for: "???") == "thing")
        #expect(GeneratedID.base(for: "日本") == "thing")
        #expect(GeneratedID.base(for: String(repeating: "ab ", count: 40)).count <= GeneratedID.maxBase)
        #expect(!GeneratedID.base(for: String(repeating: "ab ", count: 40)).hasSuffix("-"))
        let csv = """
            name,container
            Köksbordet,
            Köksbordet,
            World,
            world-2,
            Box,koksbordet-2
            """
        var state = WorldState()
        let report = importing(csv, into: &state)
        #expect(report.problems.isEmpty)
        #expect(report.generated.map(\.id) == ["koksbordet", "koksbordet-2", "world-2", "world-2-2", "box"])
        #expect(place("box", .current, state) == "in koksbordet-2")
        // The second time the same rows find the things made the first time.
        let again = importing(csv, into: &state)
        #expect(again.generated.map(\.id) == report.generated.map(\.id))
        #expect(again.events == 0 && again.unchanged == 5)
        // A thing of the log with the id but another name (or the id in another case) is not taken.
        var other = try Replay.run([.create(oid("Box"), name: "Låda"), .create(oid("kok"), name: "Kök")])
        let third = importing("name\nBox\nKök\n", into: &other)
        #expect(third.generated.map(\.id) == ["box-2", "kok"])
        #expect(third.created == 1 && third.unchanged == 1)
    }

    @Test("a container is World, an id of the file or the log, or a name that one thing of the file or the log has")
    func containers() throws {
        var state = try Saltsjon.state()
        let report = importing(
            """
            id,name,container,relation
            hylla,Hylla,Bord,on
            bok,Bok,Hylla,in
            kopp,Kopp,Lillstugan,
            fat,Fat,VÄRLDEN,
            """, into: &state)
        #expect(report.problems.isEmpty)
        #expect(place("hylla", .current, state) == "on 5GgB")
        #expect(place("bok", .current, state) == "in hylla")
        #expect(place("kopp", .current, state) == "in lillstugan")
        #expect(place("fat", .current, state) == "world")
    }

    @Test("each problem of a row names its line and column; rows naming a row with a problem have one too")
    func problems() throws {
        var state = try Saltsjon.state()
        let plan = importPlan(
            """
            id,name,container,relation,home container
            ok,Ok,,,
            -bad,Bad id,,,
            nameless,,,,
            ok,Twice,,,
            x1,X1,Bord,,
            x2,X2,Box,,
            x3,X3,ok,sideways,
            x4,X4,,under,
            x5,X5,x9,,
            x6,X6,5gGB,,
            x7,,,,,extra
            ,,,,
            x8,X8,-bad,,
            """, into: state)
        #expect(
            problemCodes(plan.problems) == [
                "3:1 invalid-id", "4:2 name-missing", "5:1 id-twice", "7:3 unknown-reference",
                "8:4 unknown-relation", "9:4 relation-without-container", "10:3 unknown-reference",
                "11:3 unknown-reference", "12:6 cell-without-column", "14:3 reference-has-error",
            ])
        #expect(plan.problems.first { $0.line == 11 }?.kind == .unknownReference("5gGB", suggestion: "5GgB"))
        // Two things are named Bord: the table, and x1 of this file.
        _ = importing("id,name\nb2,Bord\n", into: &state)
        #expect(
            importPlan("id,name,container\nx,X,Bord\n", into: state).problems.first?.kind
                == .ambiguousName("Bord", count: 2))
        // The header: unknown and twice-named columns, with a suggestion.
        #expect(problemCodes(importPlan("id,nmae,name,ID\n").problems) == ["1:2 unknown-column", "1:4 column-twice"])
        #expect(importPlan("id,nmae\n").problems.first?.kind == .unknownColumn("nmae", suggestion: "name"))
        #expect(problemCodes(importPlan("container,relation\n").problems) == ["1:0 no-id-or-name-column"])
        #expect(problemCodes(importPlan("").problems) == ["1:0 empty-file"])
    }

    @Test("the decider's refusals are problems of the row's cell; an archived thing is refused before")
    func refusals() throws {
        var state = try Replay.run(Saltsjon.commands + [.archive(oid("yTvK"), note: nil, withContents: false)])
        let report = importing(
            """
            id,name,container,relation,home container
            a,A,world,under,
            saltsjon,,koksbordet,,
            yTvK,,koksbordet,,
            """, into: &state)
        #expect(problemCodes(report.problems) == ["2:3 relation-against-world", "3:3 cycle", "4:1 archived"])
        #expect(report.created == 1)
    }

    @Test("headers in either language, any case, with the separators of words left out")
    func headers() {
        for header in [
            "id,namn,behållare,relation,hembehållare,hemrelation",
            "ID,Name,Container,Relation,Home_Container,HOME-RELATION",
        ] {
            var state = WorldState()
            let report = importing(header + "\nk,Kök,,,,\nb,Bord,k,på,k,i\n", into: &state)
            #expect(report.problems.isEmpty, "\(header)")
            #expect(place("b", .current, state) == "on k" && place("b", .normal, state) == "in k")
        }
    }
}

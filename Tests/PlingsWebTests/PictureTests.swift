import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsText
import Testing

@testable import PlingsWeb

@Suite("A picture of a place")
struct PictureTests {
    /// A room by hand: `Bord` (index 0), and each other thing placed relative to it.
    static func room(_ relations: [(String, Relation)], axis: Axis = .current) -> PlaceContents {
        var things = [PlaceThing(id: "bord", name: "Bord")]
        for (id, relation) in relations {
            things.append(PlaceThing(id: id, name: id.capitalized, relations: [relation], reference: 0))
        }
        return PlaceContents(id: "rum", name: "Vardagsrummet", axis: axis, things: things)
    }

    static let positional: [Relation] = Relation.allCases.filter(\.isPositional)

    @Test(
        "each relation puts the box where it says: under below, above above, left, right, next to, behind, in front",
        arguments: positional)
    func oneRelation(_ relation: Relation) throws {
        let picture = try PictureGeometry(PlacePicture(Self.room([("x", relation)])))
        let holds = picture.holds("x", relation, "bord")
        #expect(holds, "\(relation.token)")
        // And not the opposite way.
        let opposite = picture.holds("bord", relation, "x")
        #expect(!opposite)
        // Depth shows in the box too: lighter and dashed behind, a stronger edge in front.
        let fills = (picture.boxes["x"]?.fill, picture.boxes["bord"]?.fill)
        #expect((fills.0 == fills.1) == !relation.directions.contains { $0.dimension == .depth })
    }

    @Test("every relation at once, three things each: all hold, and no two boxes at one depth overlap")
    func crowdedRoom() throws {
        var relations: [(String, Relation)] = []
        for relation in Self.positional {
            for n in 1...3 { relations.append(("\(relation.token)-\(n)", relation)) }
        }
        let picture = try PictureGeometry(PlacePicture(Self.room(relations)))
        for (id, relation) in relations {
            let holds = picture.holds(id, relation, "bord")
            #expect(holds, "\(id)")
        }
        let boxes = picture.boxes.values.sorted { $0.id < $1.id }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] where a.depth == b.depth {
                let overlaps = a.overlaps(b)
                #expect(!overlaps, "\(a.id) over \(b.id)")
            }
        }
    }

    @Test(
        "random rooms: every drawn thing stands to its reference as its relation says; boxes at one depth never overlap"
    )
    func randomRooms() throws {
        var random = SplitMix64(seed: 25)
        for round in 0..<40 {
            let count = Int.random(in: 2...40, using: &random)
            var things: [PlaceThing] = []
            for i in 0..<count {
                // References point to earlier things (a forest, as placement makes), some to nothing.
                let reference =
                    i > 0 && Int.random(in: 0..<4, using: &random) > 0 ? Int.random(in: 0..<i, using: &random) : nil
                let relation = Self.positional[Int.random(in: 0..<Self.positional.count, using: &random)]
                things.append(
                    PlaceThing(
                        id: "t\(i)", name: "Thing \(i)", relations: reference == nil ? [] : [relation],
                        reference: reference))
            }
            let picture = try PictureGeometry(
                PlacePicture(PlaceContents(id: "c", name: "C", axis: .current, things: things)))
            #expect(picture.boxes.count == count, "round \(round)")
            for thing in things {
                guard let r = thing.reference, let relation = thing.relations.first else { continue }
                let holds = picture.holds(thing.id, relation, things[r].id)
                #expect(holds, "round \(round): \(thing.id) \(relation.token) \(things[r].id)")
            }
            let boxes = picture.boxes.values.sorted { $0.id < $1.id }
            for (i, a) in boxes.enumerated() {
                for b in boxes[(i + 1)...] where a.depth == b.depth {
                    let overlaps = a.overlaps(b)
                    #expect(!overlaps, "round \(round): \(a.id) over \(b.id)")
                }
            }
        }
    }

    @Test("things without positional relations stand in a plain row below the related ones")
    func plainRow() throws {
        var contents = Self.room([("x", .under)])
        for n in 1...3 { contents.things.append(PlaceThing(id: "loose\(n)", name: "Loose \(n)")) }
        let picture = try PictureGeometry(PlacePicture(contents))
        let loose = (1...3).compactMap { picture.boxes["loose\($0)"] }
        #expect(loose.count == 3)
        #expect(Set(loose.map(\.y)).count == 1)
        #expect(loose[0].x < loose[1].x && loose[1].x < loose[2].x)
        let lowest = max(picture.boxes["x"]?.bottom ?? .infinity, picture.boxes["bord"]?.bottom ?? .infinity)
        #expect(loose.allSatisfy { $0.y >= lowest })
    }

    @Test("a diagonal (two directions) is the sum of both: behind and to the left is left of it and behind it")
    func diagonal() throws {
        let contents = PlaceContents(
            id: "rum", name: "Rum", axis: .current,
            things: [
                PlaceThing(id: "bord", name: "Bord"),
                PlaceThing(id: "lampa", name: "Lampa", relations: [.behind, .leftOf], reference: 0),
                PlaceThing(id: "stol", name: "Stol", relations: [.under, .rightOf], reference: 0),
            ])
        let picture = try PictureGeometry(PlacePicture(contents))
        #expect(picture.holds("lampa", .leftOf, "bord") && picture.holds("lampa", .behind, "bord"))
        #expect(picture.holds("stol", .under, "bord") && picture.holds("stol", .rightOf, "bord"))
        #expect(picture.boxes["lampa"]?.title == "Lampa (lampa) — Behind, left of Bord")
        #expect(PictureDirection([.leftOf, .rightOf])?.isZero == true)
    }

    @Test("a diagonal placed in a world is drawn diagonally, with the catalog's words in both languages")
    func diagonalFromWorld() throws {
        let state = try Replay.run(
            Saltsjon.commands + [
                .create(oid("lampa"), name: "Lampa"),
                .place(Placement(object: oid("lampa"), relation: .behindLeftOf, target: oid("5GgB"), axes: .both)),
            ])
        let room = Replay.index("vardagsrummet", state)
        let contents = PlaceContents(room, axis: .current, state: state, worldName: "World")
        #expect(contents.things.first { $0.id == "lampa" }?.relations == [.behindLeftOf])
        let picture = try PictureGeometry(PlacePicture(contents))
        #expect(picture.holds("lampa", .behindLeftOf, "5GgB"))
        #expect(picture.holds("lampa", .leftOf, "5GgB") && !picture.holds("lampa", .rightOf, "5GgB"))
        #expect(picture.boxes["lampa"]?.title == "Lampa (lampa) — Behind and to the left of Bord")
        let swedish = try PictureGeometry(PlacePicture(contents), .sv)
        #expect(swedish.boxes["lampa"]?.title == "Lampa (lampa) — Snett bakom till vänster om Bord")
    }

    @Test("a cycle (a damaged or merged world) is drawn whole, broken at one place")
    func cycle() throws {
        let things = (0..<3).map { i in
            PlaceThing(id: "c\(i)", name: "C\(i)", relations: [.under], reference: (i + 1) % 3)
        }
        let picture = try PictureGeometry(
            PlacePicture(PlaceContents(id: nil, name: "World", axis: .current, things: things)))
        #expect(picture.boxes.count == 3)
        let holding = (0..<3).filter { picture.holds("c\($0)", .under, "c\(($0 + 1) % 3)") }
        #expect(holding.count == 2)
        // A self-reference and a reference out of range are ignored.
        let odd = [
            PlaceThing(id: "a", name: "A", relations: [.under], reference: 0),
            PlaceThing(id: "b", name: "B", relations: [.under], reference: 7),
        ]
        #expect(
            try PictureGeometry(PlacePicture(PlaceContents(id: nil, name: "W", axis: .current, things: odd))).boxes
                .count == 2)
    }

    @Test(
        "10,000 things in one container: at most 120 drawn and a note of the rest, for loose things, a long chain, a star and a ring",
        arguments: ["loose", "chain", "star", "ring"])
    func tenThousand(_ shape: String) throws {
        let n = 10_000
        let things = (0..<n).map { i -> PlaceThing in
            let reference: Int? =
                switch shape {
                case "chain": i + 1 < n ? i + 1 : nil
                case "star": i == 0 ? nil : 0
                case "ring": (i + 1) % n
                default: nil
                }
            return PlaceThing(
                id: "t\(i)", name: "Thing \(i)", relations: reference == nil ? [] : [.leftOf], reference: reference)
        }
        // What is drawn is bounded; how long it takes is no assertion (a loaded machine takes what it takes).
        let picture = try PictureGeometry(
            PlacePicture(PlaceContents(id: "c", name: "C", axis: .current, things: things)))
        #expect(picture.boxes.count == 120)
        #expect(picture.texts.contains("+9880 more not drawn"))
        let sv = try PictureGeometry(
            PlacePicture(PlaceContents(id: "c", name: "C", axis: .current, things: things)), .sv)
        #expect(sv.texts.contains("+9880 till som inte ritats"))
    }

    @Test("the same contents give the same bytes; an empty place says so")
    func deterministic() throws {
        let contents = Self.room(Self.positional.map { ($0.token, $0) })
        let a = PlacePicture(contents).document(Catalog(.sv))
        let b = PlacePicture(contents).document(Catalog(.sv))
        #expect(a == b)
        let empty = try PictureGeometry(PlacePicture(PlaceContents(id: "tom", name: "Tom", axis: .normal, things: [])))
        #expect(
            empty.boxes.isEmpty && empty.texts.contains("Nothing is here.")
                && empty.texts.contains("Where things belong"))
    }

    @Test("hostile names are text in the SVG and the file is valid XML")
    func hostile() throws {
        let evil = "<img src=x onerror=alert(1)>\"]]>&"
        let contents = PlaceContents(
            id: "rum", name: evil, axis: .current,
            things: [
                PlaceThing(id: "a", name: evil), PlaceThing(id: "b", name: "B", relations: [.under], reference: 0),
            ])
        let picture = try PictureGeometry(PlacePicture(contents))
        #expect(!picture.svg.contains("<img"))
        #expect(picture.texts.first == "\(evil) (rum)")
        #expect(picture.boxes["a"]?.name == "<img src=x onerr…")
        #expect(picture.boxes["b"]?.title == "B (b) — Under \(evil)")
    }

    @Test("from a world: the contents on an axis, archived things left out, World as a container")
    func fromWorld() throws {
        var state = try Saltsjon.state()
        state = try Replay.run(
            [
                .create(oid("lampa"), name: "Lampa"), .create(oid("gammal"), name: "Gammal"),
                .place(Placement(object: oid("lampa"), relation: .above, target: oid("5GgB"), axes: .both)),
                .place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .current)),
                .place(Placement(object: oid("gammal"), relation: .in, target: oid("vardagsrummet"), axes: .both)),
                .archive(oid("gammal"), note: nil, withContents: false),
            ], into: state)
        let room = try #require(state.registry.index(of: oid("vardagsrummet")))
        let now = PlaceContents(room, axis: .current, state: state, worldName: "World")
        #expect(now.things.map(\.id) == ["5GgB", "lampa", "yTvK"])
        let picture = try PictureGeometry(PlacePicture(now))
        #expect(picture.holds("yTvK", .under, "5GgB") && picture.holds("lampa", .above, "5GgB"))
        let home = PlaceContents(room, axis: .normal, state: state, worldName: "World")
        #expect(home.things.map(\.id) == ["5GgB", "lampa"])
        let top = PlaceContents(.world, axis: .current, state: state, worldName: "Världen")
        #expect(top.id == nil && top.name == "Världen" && top.things.map(\.id) == ["saltsjon"])
    }
}

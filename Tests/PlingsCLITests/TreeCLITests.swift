import Foundation
import PlingsTestSupport
import Testing

/// `plings tree` writes each row as the query hands it on; after a rebuild it
/// reads the head snapshot in place. The output is the same byte for byte.
@Suite("tree through the CLI, with and without the head snapshot")
struct TreeCLITests {
    let dir = TemporaryDirectory()

    @Test(
        "tree, tree --axis normal and --json in both languages: the same before and after a rebuild, and after a seen")
    func sameWithCache() throws {
        let log = dir.file("wide.jsonl")
        try ShapeLog(.wide(width: 300)).write(to: log)
        #expect(plings(["place", "w7", "on", "w3", "--axes", "current"], log: log).status == 0)
        let asks: [[String]] = [
            ["tree"], ["tree", "--axis", "normal"], ["tree", "--json"], ["tree", "--axis", "normal", "--json"],
        ]
        func outputs() -> [String] {
            asks.flatMap { args in
                ["en", "sv"].map { lang in plings(args + ["--lang", lang], log: log).out }
            }
        }
        let replayed = outputs()
        #expect(replayed[0].hasPrefix("World (current)\n"))
        #expect(plings(["rebuild", "--quiet"], log: log).status == 0)
        #expect(outputs() == replayed)
        // A seen after the rebuild changes no row, only the point of the JSON.
        #expect(plings(["seen", "w7"], log: log).status == 0)
        let seen = outputs()
        #expect(seen.prefix(4) == replayed.prefix(4))
        let points = replayed.suffix(4).map { $0.prefix { $0 != "," } }
        #expect(points.allSatisfy { $0 == points[0] && $0.hasPrefix("{\"asOfSeq\":") })
        let seq = try #require(Int(points[0].dropFirst(11)))
        #expect(
            seen.suffix(4).map { $0.replacingOccurrences(of: "{\"asOfSeq\":\(seq + 1),", with: "") }
                == replayed.suffix(4).map { $0.replacingOccurrences(of: "{\"asOfSeq\":\(seq),", with: "") })
    }

    @Test(
        "tree X: X's line, then what is inside it; --json the same rows as the whole tree's; with and without a rebuild"
    )
    func subtree() throws {
        let log = dir.file("nested.jsonl")
        for (id, name) in [("room", "Rum"), ("shelf", "Hylla"), ("box", "Låda"), ("pen", "Penna"), ("cup", "Kopp")] {
            #expect(plings(["create", id, name], log: log).status == 0)
        }
        _ = plings(["place", "shelf", "in", "room"], log: log)
        _ = plings(["place", "box", "on", "shelf"], log: log)
        _ = plings(["place", "pen", "in", "box"], log: log)
        _ = plings(["place", "cup", "under", "box"], log: log)
        _ = plings(["place", "cup", "on", "shelf", "--axes", "current"], log: log)
        let text = plings(["tree", "shelf", "--lang", "en"], log: log)
        #expect(text.status == 0)
        #expect(
            text.out == """
                Hylla (shelf) (current)
                ├─ Kopp (cup) [on]
                └─ Låda (box) [on]
                   └─ Penna (pen)

                """)
        let json = plings(["tree", "box", "--json"], log: log).out
        #expect(
            json.hasSuffix(
                "\"roots\":[{\"id\":\"box\",\"name\":\"Låda\",\"parent\":\"shelf\",\"relation\":\"on\","
                    + "\"positional\":[],\"children\":[{\"id\":\"pen\",\"name\":\"Penna\",\"parent\":\"box\","
                    + "\"relation\":\"in\",\"positional\":[],\"children\":[]}]}]}\n"))
        let asks: [[String]] = [
            ["tree", "shelf"], ["tree", "shelf", "--axis", "normal"], ["tree", "box", "--json"], ["tree", "pen"],
        ]
        func outputs() -> [String] {
            asks.flatMap { args in ["en", "sv"].map { plings(args + ["--lang", $0], log: log).out } }
        }
        let replayed = outputs()
        #expect(plings(["rebuild", "--quiet"], log: log).status == 0)
        #expect(outputs() == replayed)
        let unknown = plings(["tree", "nope", "--lang", "en"], log: log)
        #expect(unknown.status != 0 && unknown.err.contains("nope"))
    }
}

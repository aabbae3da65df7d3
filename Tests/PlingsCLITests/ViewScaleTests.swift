import Foundation
import PlingsTestSupport
import Testing

let scale = Stress.enabled ? 5 : 1

/// Views on extreme shapes: nothing recursive, nothing quadratic. Sizes grow
/// fivefold with PLINGS_STRESS=1; timings are for plings-bench, not here.
@Suite("Views on deep and wide worlds")
struct ViewScaleTests {
    let dir = TemporaryDirectory()

    @Test("tree --json and the text tree of a chain 20,000 deep succeed; the JSON is valid and as deep")
    func deepTree() throws {
        let depth = 20_000 * scale
        let log = dir.file("chain.jsonl")
        try ShapeLog(.chain(depth: depth, bottomUp: false)).write(to: log)
        let json = plings(["tree", "--json"], log: log)
        #expect(json.status == 0)
        // The outer object and the roots array, then an object and its children array per level.
        #expect(validateJSON(json.out) == 2 * depth + 2)
        let text = plings(["tree", "--lang", "en"], log: log)
        #expect(text.status == 0)
        let lines = text.out.split(separator: "\n")
        #expect(lines.count == depth + 1)
        #expect(lines.allSatisfy { $0.utf8.count < 200 }, "indentation is capped")
        #expect(lines.last?.hasPrefix("[depth \(depth - 1)] ") == true)
        let card = plings(["card", ShapeLog.chainID(depth - 1), "--json"], log: log)
        #expect(validateJSON(card.out) != nil)
    }

    @Test("the card of a box holding 10,000 things lists them all; inbound relations show on both sides")
    func wideCard() throws {
        let width = 10_000 * scale
        let log = dir.file("wide.jsonl")
        try ShapeLog(.wide(width: width)).write(to: log)
        let card = try cardJSON(plings(["card", "box", "--json"], log: log).out)
        #expect((card["contents"] as? [Any])?.count == width)
        #expect((card["belongings"] as? [Any])?.count == width)
        let w1 = try cardJSON(plings(["card", "w1", "--json"], log: log).out)
        let inbound = (w1["current"] as? [String: Any])?["inbound"] as? [[String: Any]]
        #expect(inbound?.first?["id"] as? String == "w0" && inbound?.first?["relation"] as? String == "under")
        let text = plings(["card", "box", "--lang", "en"], log: log).out
        #expect(text.split(separator: "\n").count == width + 5)
    }

    @Test("history of the bottom of a chain whose links keep moving stays short per line")
    func deepHistory() throws {
        let depth = 3_000 * scale
        let log = dir.file("bottom-up.jsonl")
        try ShapeLog(.chain(depth: depth, bottomUp: true)).write(to: log)
        let run = plings(["history", ShapeLog.chainID(depth - 1), "--lang", "en"], log: log)
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 1 + 1 + 2 * (depth - 2))
        #expect(lines.allSatisfy { $0.utf8.count < 300 })
        #expect(
            lines.last?.hasSuffix("now Länk 0 › Länk 1 › … › Länk \(depth - 4) › Länk \(depth - 3) › Länk \(depth - 2)")
                == true)
    }

    @Test("stocktake of a chain 10,000 deep, text and --json, stays in proportion to its things: short paths")
    func deepStocktake() throws {
        let depth = 10_000 * scale
        let log = dir.file("stocktake-chain.jsonl")
        try ShapeLog(.chain(depth: depth, bottomUp: false)).write(to: log)
        let text = plings(["stocktake", "--lang", "en"], log: log)
        #expect(text.status == 0)
        let lines = text.out.split(separator: "\n")
        #expect(lines.count == depth)
        // Whole paths would be some 50 MB here (10,000 lines of 5,000 names on average).
        #expect(text.out.utf8.count < 150 * depth, "\(text.out.utf8.count) bytes")
        #expect(lines.allSatisfy { $0.utf8.count < 200 })
        #expect(text.out.contains("(\(ShapeLog.chainID(depth - 1)))  Länk 0 › Länk 1 › … › Länk \(depth - 4) › "))
        let json = plings(["stocktake", "--json"], log: log)
        #expect(json.status == 0)
        #expect(json.out.utf8.count < 400 * depth, "\(json.out.utf8.count) bytes")
        #expect(validateJSON(json.out) != nil)
        #expect(json.out.components(separatedBy: "\"elided\":true").count - 1 == depth - 6)
    }

    @Test("away of two chains 5,000 deep that cross, text and --json, stays in proportion to its things")
    func crossingAway() throws {
        let depth = 5_000 * scale
        let log = dir.file("crossing.jsonl")
        try ShapeLog(.crossing(depth: depth)).write(to: log)
        let text = plings(["away", "--lang", "en"], log: log)
        #expect(text.status == 0)
        let lines = text.out.split(separator: "\n")
        #expect(lines.count == 4 * (depth - 1))
        // Whole paths would be some 245 MB here (4,999 things, two paths of 2,500 names on average).
        #expect(text.out.utf8.count < 400 * depth, "\(text.out.utf8.count) bytes")
        #expect(lines.allSatisfy { $0.utf8.count < 200 })
        let last = depth - 1
        #expect(
            text.out.contains(
                "  is at: Länk b0 › Länk b1 › … › Länk b\(last - 2) › Länk b\(last - 1) › Länk b\(last)\n"))
        #expect(
            text.out.contains(
                "  belongs: Länk a0 › Länk a1 › … › Länk a\(last - 3) › Länk a\(last - 2) › Länk a\(last - 1)\n"))
        // The JSON on a smaller crossing: the same shape, every path that is cut says so.
        let small = 500
        let smallLog = dir.file("crossing-small.jsonl")
        try ShapeLog(.crossing(depth: small)).write(to: smallLog)
        let json = plings(["away", "--json"], log: smallLog)
        #expect(json.status == 0)
        #expect(json.out.utf8.count < 1_000 * small, "\(json.out.utf8.count) bytes")
        #expect(validateJSON(json.out) != nil)
        #expect(json.out.hasPrefix("{\"asOfSeq\":"))
        // A path of more than five containers is shortened: a(k)'s current one from k = 5 on, its home from k = 6 on.
        #expect(json.out.components(separatedBy: "\"elided\":true").count - 1 == (small - 5) + (small - 6))
    }
}

import Foundation
import PlingsTestSupport
import Testing

/// `normal`, or `stress` with PLINGS_STRESS set.
func sized(_ normal: Int, stress: Int) -> Int { Stress.enabled ? stress : normal }

/// The stack the views of a deep chain run on: 256 KiB, a 32nd of a main
/// thread's 8 MiB. A view that recursed once per level would fail on a chain
/// 2,000 deep with 131 bytes a level or more; a minimal recursive printer of a
/// chain in a debug build takes some 1 KiB a level for JSON and 450 bytes for
/// indented text (it overflows 256 KiB between 200 and 250 levels, and 500
/// and 600), so 2,000 levels here prove more than 20,000 on 8 MiB did.
let smallStack = 256 << 10

/// What `body` gives, run on a thread of its own whose stack is `bytes` long.
func onSmallStack(_ bytes: Int = smallStack, _ body: @escaping @Sendable () -> Run) -> Run {
    final class Box: @unchecked Sendable { var run = Run(status: -1, out: "", err: "not run") }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.run = body()
        done.signal()
    }
    thread.stackSize = bytes
    thread.start()
    done.wait()
    return box.run
}

/// Views on extreme shapes: nothing recursive (the deep views run on a small
/// stack), nothing quadratic. With PLINGS_STRESS=1 the sizes are fifty times
/// larger (a chain 100,000 deep); timings are for plings-bench, not here.
@Suite("Views on deep and wide worlds")
struct ViewScaleTests {
    let dir = TemporaryDirectory()

    @Test("tree --json and the text tree of a chain 2,000 deep succeed on a small stack; the JSON is valid and as deep")
    func deepTree() throws {
        let depth = sized(2_000, stress: 100_000)
        let log = dir.file("chain.jsonl")
        try ShapeLog(.chain(depth: depth, bottomUp: false)).write(to: log)
        let json = onSmallStack { plings(["tree", "--json"], log: log) }
        #expect(json.status == 0)
        // The outer object and the roots array, then an object and its children array per level.
        #expect(validateJSON(json.out) == 2 * depth + 2)
        let text = onSmallStack { plings(["tree", "--lang", "en"], log: log) }
        #expect(text.status == 0)
        let lines = text.out.split(separator: "\n")
        #expect(lines.count == depth + 1)
        #expect(lines.allSatisfy { $0.utf8.count < 200 }, "indentation is capped")
        #expect(lines.last?.hasPrefix("[depth \(depth - 1)] ") == true)
        let card = onSmallStack { plings(["card", ShapeLog.chainID(depth - 1), "--json"], log: log) }
        #expect(validateJSON(card.out) != nil)
    }

    @Test("the card of a box holding 2,000 things lists them all; inbound relations show on both sides")
    func wideCard() throws {
        let width = sized(2_000, stress: 50_000)
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
        let depth = sized(1_000, stress: 15_000)
        let log = dir.file("bottom-up.jsonl")
        try ShapeLog(.chain(depth: depth, bottomUp: true)).write(to: log)
        let run = onSmallStack { plings(["history", ShapeLog.chainID(depth - 1), "--lang", "en"], log: log) }
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 1 + 1 + 2 * (depth - 2))
        #expect(lines.allSatisfy { $0.utf8.count < 300 })
        #expect(
            lines.last?.hasSuffix("now Länk 0 › Länk 1 › … › Länk \(depth - 4) › Länk \(depth - 3) › Länk \(depth - 2)")
                == true)
    }

    @Test("stocktake of a chain 2,000 deep, text and --json, stays in proportion to its things: short paths")
    func deepStocktake() throws {
        let depth = sized(2_000, stress: 50_000)
        let log = dir.file("stocktake-chain.jsonl")
        try ShapeLog(.chain(depth: depth, bottomUp: false)).write(to: log)
        let text = onSmallStack { plings(["stocktake", "--lang", "en"], log: log) }
        #expect(text.status == 0)
        let lines = text.out.split(separator: "\n")
        #expect(lines.count == depth)
        // Whole paths would be some 2 MB here (2,000 lines of 1,000 names on average), 50 MB at 10,000.
        #expect(text.out.utf8.count < 150 * depth, "\(text.out.utf8.count) bytes")
        #expect(lines.allSatisfy { $0.utf8.count < 200 })
        #expect(text.out.contains("(\(ShapeLog.chainID(depth - 1)))  Länk 0 › Länk 1 › … › Länk \(depth - 4) › "))
        let json = onSmallStack { plings(["stocktake", "--json"], log: log) }
        #expect(json.status == 0)
        #expect(json.out.utf8.count < 400 * depth, "\(json.out.utf8.count) bytes")
        #expect(validateJSON(json.out) != nil)
        #expect(json.out.components(separatedBy: "\"elided\":true").count - 1 == depth - 6)
    }

    @Test("away of two chains 1,000 deep that cross, text and --json, stays in proportion to its things")
    func crossingAway() throws {
        let depth = sized(1_000, stress: 25_000)
        let log = dir.file("crossing.jsonl")
        try ShapeLog(.crossing(depth: depth)).write(to: log)
        let text = onSmallStack { plings(["away", "--lang", "en"], log: log) }
        #expect(text.status == 0)
        let lines = text.out.split(separator: "\n")
        #expect(lines.count == 4 * (depth - 1))
        // Whole paths would be some 10 MB here (999 things, two paths of 500 names on average), 245 MB at 5,000.
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
        let json = onSmallStack { plings(["away", "--json"], log: smallLog) }
        #expect(json.status == 0)
        #expect(json.out.utf8.count < 1_000 * small, "\(json.out.utf8.count) bytes")
        #expect(validateJSON(json.out) != nil)
        #expect(json.out.hasPrefix("{\"asOfSeq\":"))
        // A path of more than five containers is shortened: a(k)'s current one from k = 5 on, its home from k = 6 on.
        #expect(json.out.components(separatedBy: "\"elided\":true").count - 1 == (small - 5) + (small - 6))
    }
}

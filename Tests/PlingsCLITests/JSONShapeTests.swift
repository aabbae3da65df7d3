import Foundation
import PlingsTestSupport
import Testing

/// Checks that `text` is one JSON value followed by a newline, without
/// recursion (so a tree 20,000 levels deep can be checked), and returns the
/// deepest nesting seen. JSONSerialization has a depth limit of its own.
func validateJSON(_ text: String) -> Int? {
    let b = Array(text.utf8)
    var i = 0
    var stack: [UInt8] = []
    var deepest = 0
    func skipString() -> Bool {
        i += 1
        while i < b.count {
            if b[i] == 0x5C {
                i += 2
            } else if b[i] == 0x22 {
                i += 1; return true
            } else if b[i] < 0x20 {
                return false
            } else {
                i += 1
            }
        }
        return false
    }
    while i < b.count - 1 {
        let c = b[i]
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            stack.append(c)
            deepest = max(deepest, stack.count)
            i += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard let open = stack.popLast(), open == (c == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "["))
            else { return nil }
            i += 1
        case 0x22:
            guard skipString() else { return nil }
        case UInt8(ascii: ","), UInt8(ascii: ":"):
            i += 1
        default:
            guard
                (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: "t")
                    || c == UInt8(ascii: "f") || c == UInt8(ascii: "n") || c == UInt8(ascii: ".")
                    || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "+")
                    || c == UInt8(ascii: "r") || c == UInt8(ascii: "u") || c == UInt8(ascii: "l")
                    || c == UInt8(ascii: "s") || c == UInt8(ascii: "a")
            else { return nil }
            i += 1
        }
    }
    return stack.isEmpty && b.last == 0x0A ? deepest : nil
}

@Suite("JSON writer")
struct JSONWriterTests {
    @Test("strings round-trip through JSONSerialization, control characters and quotes included")
    func escaping() throws {
        let seed: UInt64 = 8_080
        var rng = SplitMix64(seed: seed)
        let alphabet: [Unicode.Scalar] = ["a", "å", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "€", "😀"]
        for round in 0..<300 {
            let s = String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                        alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
                    }))
            let line = JSONWriter.text { w in
                w.object {
                    $0.field("s", s)
                    $0.field("n", nil as String?)
                    $0.field("a", strings: [])
                }
            }
            let back = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(back?["s"] as? String == s, "seed \(seed) round \(round): \(s.debugDescription)")
            #expect(back?["n"] is NSNull && (back?["a"] as? [Any])?.isEmpty == true)
            #expect(!line.utf8.contains { $0 < 0x20 })
        }
    }

    @Test("members keep the order they are written in, null is explicit and an empty array is []")
    func shape() {
        let text = JSONWriter.text {
            $0.object {
                $0.field("b", 1 as Int?)
                $0.field("a", nil as Int64?)
                $0.field("list", strings: [])
                $0.field("x", 0.5)
                $0.field("y", Double.nan)
            }
        }
        #expect(text == #"{"b":1,"a":null,"list":[],"x":0.5,"y":null}"#)
    }
}

/// The JSON of every command on the Saltsjön world, against the committed
/// copies in Golden/json/. Hashes are replaced by HASH, so the copies do
/// not depend on the hash function's bytes. Regenerate after an intended
/// change with PLINGS_UPDATE_GOLDEN=1.
@Suite("JSON of every command")
struct JSONGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/json")
    static let cases: [(String, [String])] = [
        ("card", ["card", "yTvK", "--json"]),
        ("card-bord", ["card", "5GgB", "--json"]),
        ("card-world", ["card", "saltsjon", "--json"]),
        ("tree", ["tree", "--json"]),
        ("history", ["history", "yTvK", "--json"]),
        ("away", ["away", "--json"]),
        ("diff", ["diff", "--from", "11", "--json"]),
        ("verify", ["verify", "--json"]),
        ("verify-events", ["verify", "--events", "--json"]),
        ("head", ["head", "--json"]),
        ("fingerprint", ["fingerprint", "--json"]),
        ("create", ["create", "lampa", "Lampa", "--json"]),
    ]

    /// The fixture with a fixed clock, Plastlåda moved under Bord and the key ring away.
    static func world(_ dir: TemporaryDirectory) throws -> String {
        let log = dir.file("plings.jsonl")
        final class Clock: @unchecked Sendable {
            let lock = NSLock()
            var ms: Int64 = 1_780_000_000_000
            func tick() -> Timestamp {
                lock.lock()
                defer { lock.unlock() }
                ms += 1_000
                return Timestamp(milliseconds: ms)
            }
        }
        let clock = Clock()
        let store = try Store(path: log, useSnapshots: false, clock: clock.tick)
        for c in Saltsjon.commands { _ = try store.execute(c, actor: "paul") }
        _ = try store.execute(
            .place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both)), actor: "anna")
        _ = try store.execute(.create(oid("ring"), name: "Nyckelring \"röd\""))
        _ = try store.execute(
            .place(Placement(object: oid("ring"), relation: .on, target: oid("koksbordet"), axes: .normal)))
        return log
    }

    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9a-f]{64}", with: "HASH", options: .regularExpression)
    }

    @Test("each command's JSON matches its golden copy", arguments: cases.map(\.0))
    func golden(_ name: String) throws {
        let dir = TemporaryDirectory()
        let log = try Self.world(dir)
        let args = Self.cases.first { $0.0 == name }?.1 ?? []
        let run = plings(args, log: log, env: ["PLINGS_ACTOR": "paul", "PLINGS_LANG": "sv"])
        #expect(run.status == 0, "\(run.err)")
        let out = Self.normalized(run.out)
        #expect(validateJSON(run.out) != nil)
        let file = Self.golden.appendingPathComponent("\(name).json")
        if ProcessInfo.processInfo.environment["PLINGS_UPDATE_GOLDEN"] != nil {
            try out.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(out == (try String(contentsOf: file, encoding: .utf8)))
    }
}

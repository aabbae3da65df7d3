import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// A dry run is the run minus the write: `apply --dry-run` says exactly the
/// events `apply` then appends, line for line, whatever the lines are.
@Suite("apply --dry-run predicts what apply appends")
struct DryRunTests {
    /// The events a dry run says it would append, as `#seq sentence`, in order.
    static func predicted(_ out: String) -> [String] {
        out.split(separator: "\n").compactMap { line in
            line.range(of: ": would append: ").map { String(line[$0.upperBound...]) }
        }
    }

    /// The events the log holds after `seq`, as `#seq sentence` (the log view's sentence, actor and time left out).
    static func appended(after seq: Int64, log: String, actor: String) -> [String] {
        let out = plings(["log", "--from", String(seq + 1), "--lang", "en"], log: log, env: ["PLINGS_ACTOR": actor]).out
        return out.split(separator: "\n").compactMap { line in
            guard let number = line.split(separator: " ").first, number.hasPrefix("#"),
                let sentence = line.range(of: "  \(actor)  ")
            else { return nil }
            return "#\(number.dropFirst()) " + line[sentence.upperBound...]
        }
    }

    static func head(_ log: String) -> Int64 {
        let out = plings(["head"], log: log).out
        return Int64(out.prefix { $0 != ":" }) ?? 0
    }

    @Test("the issue's batch: a move on the current axis, then undo: the dry run predicts the line the run appends")
    func moveThenUndo() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        for a in [
            ["create", "hall", "Hall"], ["create", "kit", "Kitchen"], ["create", "sofa", "Sofa"],
            ["create", "lada", "Lada"], ["place", "lada", "in", "kit"], ["place", "sofa", "in", "kit"],
        ] {
            #expect(plings(a, log: log, env: ["PLINGS_ACTOR": "paul"]).status == 0)
        }
        let batch = dir.file("b.jsonl")
        writeBytes(
            Array(
                """
                {"command":"place","object":"sofa","relation":"in","target":"hall","axes":"current"}
                {"command":"undo"}

                """.utf8), to: batch)
        let dry = plings(["apply", batch, "--dry-run", "--lang", "en"], log: log, env: ["PLINGS_ACTOR": "paul"])
        #expect(dry.status == 0, "\(dry.err)")
        #expect(
            dry.out.contains("line 2: would append: #8 placed Sofa (sofa) in Kitchen (kit), current only"), "\(dry.out)"
        )
        #expect(plings(["apply", batch], log: log, env: ["PLINGS_ACTOR": "paul"]).status == 0)
        #expect(Self.predicted(dry.out) == Self.appended(after: 6, log: log, actor: "paul"))
        #expect(
            Self.appended(after: 7, log: log, actor: "paul") == ["#8 placed Sofa (sofa) in Kitchen (kit), current only"]
        )
    }

    @Test(
        "random batches of every verb, either policy, any batch size: the dry run's lines are the appended lines",
        arguments: 0..<Stress.rounds(12, stress: 240))
    func randomBatches(_ seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 7)
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        let actor = "anna"
        let objects = 7
        for k in 0..<objects { _ = plings(["create", "o\(k)", "Start \(k)"], log: log, env: ["PLINGS_ACTOR": actor]) }
        for _ in 0..<Int.random(in: 0..<10, using: &rng) {
            let line = Self.line(Generators.command(objects: objects, &rng), &rng, head: Self.head(log))
            let setup = dir.file("setup.jsonl")
            writeBytes(Array((line + "\n").utf8), to: setup)
            _ = plings(["apply", setup, "--on-error", "skip"], log: log, env: ["PLINGS_ACTOR": actor])
        }
        let head = Self.head(log)
        var lines: [String] = []
        for _ in 0..<Int.random(in: 1..<14, using: &rng) {
            lines.append(Self.line(Generators.command(objects: objects, &rng), &rng, head: head + Int64(lines.count)))
        }
        let batch = dir.file("batch.jsonl")
        writeBytes(Array((lines.joined(separator: "\n") + "\n").utf8), to: batch)
        let options = [
            "--on-error", Bool.random(using: &rng) ? "stop" : "skip", "--batch",
            String(Int.random(in: 1..<5, using: &rng)),
        ]
        let env = ["PLINGS_ACTOR": actor, "PLINGS_LANG": "en"]
        let dry = plings(["apply", batch, "--dry-run"] + options, log: log, env: env)
        let dryJSON = plings(["apply", batch, "--dry-run", "--json"] + options, log: log, env: env)
        #expect(Self.head(log) == head, "a dry run wrote to the log")
        let run = plings(["apply", batch, "--json"] + options, log: log, env: env)
        let context = "seed \(seed), \(options), lines:\n\(lines.joined(separator: "\n"))\ndry run:\n\(dry.out)"
        #expect(dry.status == run.status, "\(context)")
        #expect(Self.predicted(dry.out) == Self.appended(after: head, log: log, actor: actor), "\(context)")
        let (said, done) = (try cardJSON(dryJSON.out), try cardJSON(run.out))
        for key in ["read", "appended", "unchanged", "stopped"] {
            #expect("\(said[key] ?? "")" == "\(done[key] ?? "")", "\(key): \(context)")
        }
        let lineNumbers = { (report: [String: Any]) in
            (report["rejected"] as? [[String: Any]] ?? []).compactMap { $0["line"] as? Int }
        }
        #expect(lineNumbers(said) == lineNumbers(done), "rejected lines: \(context)")
        #expect((said["head"] as? [String: Any])?["seq"] as? Int == (done["head"] as? [String: Any])?["seq"] as? Int)
    }

    /// A command as a line of `apply`'s input; now and then an undo (of a seq up to `head` + 2, or
    /// the actor's last), a command id (sometimes one used before), or a line that cannot be read.
    static func line(_ command: Command, _ rng: inout SplitMix64, head: Int64) -> String {
        var fields: [String: Any]
        switch Int.random(in: 0..<14, using: &rng) {
        case 0: fields = ["command": "undo", "seq": Int.random(in: 1...Int(head) + 2, using: &rng)]
        case 1: fields = ["command": "undo"]
        case 2: return "{\"command\":\"place\",\"object\":\"o1\"}"
        default: fields = members(command)
        }
        if Int.random(in: 0..<6, using: &rng) == 0 { fields["cid"] = "c\(Int.random(in: 0..<3, using: &rng))" }
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func members(_ command: Command) -> [String: Any] {
        func target(_ id: ObjectID?) -> String { id?.rawValue ?? "world" }
        switch command {
        case .create(let id, let name): return ["command": "create", "object": id.rawValue, "name": name]
        case .rename(let id, let name): return ["command": "rename", "object": id.rawValue, "name": name]
        case .place(let p):
            let axes = p.axes == .both ? "both" : p.axes == .current ? "current" : "normal"
            return [
                "command": "place", "object": p.object.rawValue, "relation": p.relation.token,
                "target": target(p.target), "axes": axes,
            ]
        case .returnHome(let id): return ["command": "return", "object": id.rawValue]
        case .returnAll(let inside):
            return inside.map { ["command": "return-all", "in": $0.rawValue] } ?? ["command": "return-all"]
        case .seen(let id): return ["command": "seen", "object": id.rawValue]
        case .archive(let id, let note, let withContents):
            var fields: [String: Any] = ["command": "archive", "object": id.rawValue]
            if let note { fields["note"] = note }
            if withContents { fields["contents"] = "yes" }
            return fields
        case .restore(let id, let relation, let to):
            return ["command": "restore", "object": id.rawValue, "relation": relation.token, "target": target(to)]
        case .undo(let basis): return ["command": "undo", "seq": Int(basis.seq)]
        case .lend(let id, let to, let due, let note):
            var fields: [String: Any] = ["command": "lend", "object": id.rawValue, "to": to]
            if let due { fields["due"] = due.description }
            if let note { fields["note"] = note }
            return fields
        }
    }
}

import PlingsKit
import PlingsText
import Testing

@testable import PlingsCLI

@Suite("apply's command lines: the byte-level reading agrees with the rules")
struct CommandJSONTests {
    private func parse(_ line: String, _ text: Catalog = Catalog(.en)) -> Result<CommandJSON.Line, CommandJSON.Reason> {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { CommandJSON.parse(UnsafeBufferPointer($0), text) }
    }

    private func describe(_ result: Result<CommandJSON.Line, CommandJSON.Reason>) -> String {
        switch result {
        case .success(let line): "\(line.request) \(line.commandID ?? "-")"
        case .failure(let reason): "refused: \(reason.text)"
        }
    }

    /// The line with every key written with a `\u` escape for its first letter.
    private func escapingKeys(_ line: String) -> String {
        var out = ""
        var inKey = false
        var previous: Character = " "
        for c in line {
            if c == "\"" && (previous == "{" || previous == ",") {
                inKey = true
                out.append(c)
            } else if inKey, let ascii = c.asciiValue {
                out += "\\u00" + String(ascii, radix: 16)
                inKey = false
            } else {
                out.append(c)
            }
            previous = c
        }
        return out
    }

    static let lines = [
        #"{"command":"create","object":"yTvK","name":"Plastlåda"}"#,
        #"{"command":"place","object":"yTvK","relation":"under","target":"5GgB","axes":"both","cid":"k-1"}"#,
        #"{"command":"place","object":"yTvK","relation":"in","target":"WORLD"}"#,
        #"{"command":"place","object":"yTvK","relation":"in","target":"världen"}"#,
        #"{"command":"restore","object":"yTvK","target":"koksbordet"}"#,
        #"{"command":"archive","object":"yTvK","note":"Såld","contents":"yes"}"#,
        #"{"command":"return-all","in":"saltsjon"}"#, #"{"command":"undo","seq":42}"#,
        #"{"command":"undo","seq":"42"}"#, #"{"command":"undo"}"#, #"{"command":"seen","object":"a","cid":"x"}"#,
        #"{"command":"create","object":"a","name":"x","name":"y"}"#,
        #"{"command":"create","object":"a","name":"x","nmae":"y"}"#, #"{"command":"create","object":"a"}"#,
        #"{"command":"hop","object":"a"}"#, #"{"object":"a"}"#, #"{"command":"create","object":"a","name":"   "}"#,
        #"{"command":"create","object":"-a","name":"x"}"#,
        #"{"command":"place","object":"a","relation":"in","target":"world","axes":"x"}"#,
        #"{"command":"seen","object":"a","note":"n"}"#, #"{"command":"create","object":"a","name":"a\u0007"}"#,
        #"{"command":"create","object":"a","name":"a\"b"}"#, #"{"command":"undo","seq":0}"#,
    ]

    @Test("a key written with escapes reads as the same key, refusals included", arguments: lines)
    func escapedKeys(line: String) {
        for text in [Catalog(.en), Catalog(.sv)] {
            #expect(describe(parse(line, text)) == describe(parse(escapingKeys(line), text)))
        }
    }

    @Test("every kind takes exactly the members its table names, and says which one is wrong or missing")
    func membersPerKind() {
        let text = Catalog(.en)
        let values = [
            "object": "a", "name": "x", "relation": "in", "target": "b", "axes": "both", "cid": "c",
            "note": "n", "contents": "no", "in": "b", "seq": "3", "to": "anna", "due": "2027-06-01",
        ]
        for (kind, (required, optional)) in CommandJSON.members {
            let allowed = (required + optional).map { "\"\($0)\"" }.joined(separator: ", ")
            let base = required.filter { $0 != "command" }.map { "\"\($0)\":\"\(values[$0] ?? "")\"" }
            let line = (["\"command\":\"\(kind)\""] + base).joined(separator: ",")
            if case .failure(let reason) = parse("{\(line)}") { Issue.record("\(kind): \(reason.text)") }
            for name in FlatObject.names where !required.contains(name) {
                let result = parse("{\(line),\"\(name)\":\"\(values[name] ?? "")\"}")
                let unexpected = text(
                    .applyUnexpectedField, ["field": Printable.quote(name), "command": kind, "fields": allowed])
                if optional.contains(name) {
                    #expect(describe(result) != "refused: \(unexpected)", "\(kind) takes \(name)")
                } else {
                    #expect(describe(result) == "refused: \(unexpected)", "\(kind) does not take \(name)")
                }
            }
            for name in required where name != "command" {
                let rest = (["\"command\":\"\(kind)\""] + base.filter { !$0.hasPrefix("\"\(name)\"") })
                let missing = text(.applyMissingField, ["field": name, "command": kind, "fields": allowed])
                #expect(describe(parse("{\(rest.joined(separator: ","))}")) == "refused: \(missing)")
            }
        }
    }
}

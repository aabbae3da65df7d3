import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// Nothing a log line or a peer carries acts on a terminal: the reader refuses a `refused` line
/// whose `command`, `code` or `reason` is not one a hub writes, and what is shown goes through the
/// one quoting function (issue 20, items 9 and 13).
@Suite("Terminal injection: forged refused lines, invisible characters")
struct TerminalInjectionTests {
    let dir = TemporaryDirectory()

    /// A log holding `box`, then a refused line (chained and hashed as a forger would) whose
    /// member `key` reads `value` (raw JSON).
    func forged(_ key: String, _ value: String, _ n: Int) throws -> String {
        let log = dir.file("forged-\(n).jsonl")
        try Store(path: log).execute(.create(oid("box"), name: "Box"))
        let first = fileBytes(log)
        let head = LogVerification.check(path: log)
        let refusal = Refusal(
            command: "rename", object: oid("box"), name: "Crate", code: "unknown-object", reason: "no such thing")
        let event = Event(
            seq: 2, at: Timestamp(milliseconds: 1_900_000_000_000),
            origin: Origin(device: "d", deviceSeq: 1, deviceAt: Timestamp(milliseconds: 1_900_000_000_000)),
            payload: .refused(refusal))
        let prev = head.head.lastHash
        let line = String(decoding: LineFormat.encode(event, prev: prev).bytes.dropLast(), as: UTF8.self)
        var body = String(line.dropLast(LineFormat.hashSuffixLength))
        let original = [
            "command": "\"rename\"", "code": "\"unknown-object\"", "reason": "\"no such thing\"",
        ][key, default: ""]
        body = body.replacingOccurrences(of: "\"\(key)\":\(original)", with: "\"\(key)\":\(value)")
        let bytes = Array(body.utf8) + Array(",\"hash\":\"\(SHA256.hash(Array(body.utf8)).hex)\"}\n".utf8)
        writeBytes(first + bytes, to: log)
        return log
    }

    static let forgeries: [(String, String)] = [
        ("command", "\"rename\\u001b[2K\\r#3 2026-12-01 placed Box (box) in Shelf (shelf)\""),
        ("command", "\"rename\\n#3 placed\""),
        ("command", "\"teleport\""),
        ("code", "\"unknown-object\\u001b]8;;http://evil\\u0007\""),
        ("code", "\"made-up\""),
        ("reason", "\"\\u001b]8;;http://evil.example\\u0007click\\u001b]8;;\\u0007\""),
        ("reason", "\"fine\\r#3 placed Box (box) in Shelf (shelf)\""),
    ]

    @Test("verify refuses a refused line with a forged command, code or reason; history and log print none of it")
    func forgedRefusedLines() throws {
        for (n, (key, value)) in Self.forgeries.enumerated() {
            let log = try forged(key, value, n)
            let verify = plings(["verify", "--lang", "en"], log: log)
            #expect(verify.status != 0, "verify passed a forged '\(key)': \(value)")
            #expect(verify.out.contains("'\(key)'") || verify.err.contains("'\(key)'"), "\(verify.out)\(verify.err)")
            for command in [["history", "box"], ["log"]] {
                let run = plings(command + ["--lang", "en"], log: log)
                for text in [run.out, run.err] {
                    #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" || $0 == "\u{7}" })
                    #expect(!text.split(separator: "\n").contains { $0.hasPrefix("#3") }, "\(command): \(text)")
                }
            }
        }
    }

    @Test("names that differ by an invisible mark are shown apart: the mark is shown escaped")
    func invisibleMarks() {
        let log = dir.file("marks.jsonl")
        let marks: [(String, String)] = [
            ("\u{200E}", "200e"), ("\u{200F}", "200f"), ("\u{061C}", "61c"), ("\u{200B}", "200b"),
            ("\u{2028}", "2028"), ("\u{2029}", "2029"), ("\u{FEFF}", "feff"),
        ]
        #expect(plings(["create", "plain", "Box"], log: log).status == 0)
        for (i, (mark, hex)) in marks.enumerated() {
            #expect(plings(["create", "m\(i)", "Bo\(mark)x"], log: log).status == 0)
            let card = plings(["card", "m\(i)", "--lang", "en"], log: log)
            #expect(card.out.contains("Bo\\u{\(hex)}x (m\(i))"), "\(card.out)")
            #expect(!card.out.unicodeScalars.contains(Unicode.Scalar(UInt32(hex, radix: 16) ?? 0) ?? " "))
            let tree = plings(["tree", "--lang", "en"], log: log)
            #expect(tree.out.contains("Bo\\u{\(hex)}x"), "\(tree.out)")
        }
        // Joiners that emoji and Persian words need are kept as they are.
        #expect(plings(["create", "family", "👨\u{200D}👩\u{200D}👧"], log: log).status == 0)
        #expect(plings(["card", "family"], log: log).out.contains("👨\u{200D}👩\u{200D}👧"))
    }
}

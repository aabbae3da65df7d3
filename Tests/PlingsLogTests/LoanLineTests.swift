import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// A line's body with its hash made to match it (for forged lines).
private func sealed(_ body: String) -> [UInt8] {
    let bytes = Array(body.utf8)
    return bytes + Array(",\"hash\":\"\(SHA256.hash(bytes).hex)\"}".utf8)
}

/// The body of an encoded line (no hash, no newline).
private func body(_ event: Event) -> String {
    let line = LineFormat.encode(event, prev: .zero).bytes.dropLast()
    return String(decoding: line.dropLast(LineFormat.hashSuffixLength), as: UTF8.self)
}

@Suite("Loans in the log (version 4)")
struct LoanLineTests {
    static func lent(_ borrower: Borrower, due: String? = nil, note: String? = nil, seq: Int64 = 7) -> Event {
        Event(
            seq: seq, at: Timestamp(milliseconds: 1_764_460_800_123),
            payload: .lent(
                Loan(object: oid("tavla"), borrower: borrower, due: due.flatMap(CalendarDay.init(parsing:)), note: note)
            ))
    }

    @Test("a lent line is version 4, names a thing as target or a name as name, and decodes to the same event")
    func roundTrip() throws {
        for event in [
            Self.lent(.thing(oid("anna")), due: "2027-06-01", note: "för \"utställningen\""),
            Self.lent(.name("Anna Svensson")),
            Self.lent(.name("Åsa 📦"), due: "2028-02-29"),
        ] {
            let (bytes, hash) = LineFormat.encode(event, prev: .zero)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains(",\"type\":\"lent\",\"v\":4,\"hash\":"), "\(text)")
            let decoded = try decode(Array(bytes.dropLast())).get()
            #expect(decoded.event == event)
            #expect(decoded.hash == hash)
        }
        #expect(
            body(Self.lent(.thing(oid("anna")), due: "2027-06-01")).contains(
                "\"due\":\"2027-06-01\",\"object\":\"tavla\""))
        #expect(body(Self.lent(.name("Bo"))).contains("\"name\":\"Bo\""))
    }

    @Test("forged lent lines are refused: another version, both or no borrower, world, a bad due, due elsewhere")
    func forged() {
        let line = body(Self.lent(.thing(oid("anna")), due: "2027-06-01"))
        for v in ["2", "3"] {
            #expect(throws: LineProblem.badField("v", .versionTooLowForMembers)) {
                try decode(sealed(line.replacingOccurrences(of: "\"v\":4", with: "\"v\":\(v)"))).get()
            }
        }
        #expect(throws: LineProblem.self) {
            try decode(sealed(line.replacingOccurrences(of: "\"target\":\"anna\"", with: "\"target\":\"world\""))).get()
        }
        #expect(throws: LineProblem.self) {
            try decode(sealed(line.replacingOccurrences(of: ",\"target\":\"anna\"", with: ""))).get()
        }
        #expect(throws: LineProblem.self) {
            try decode(sealed(line.replacingOccurrences(of: "\"object\"", with: "\"name\":\"Bo\",\"object\""))).get()
        }
        for bad in ["2027-02-30", "2027-6-01", "tomorrow"] {
            #expect(throws: LineProblem.badField("due", .notTime)) {
                try decode(sealed(line.replacingOccurrences(of: "2027-06-01", with: bad))).get()
            }
        }
        // `due` belongs to lent lines only; a seen line with it is refused.
        let seen = body(Event(seq: 3, at: Timestamp(milliseconds: 0), payload: .seen(oid("tavla"))))
        #expect(throws: LineProblem.unexpectedField("due")) {
            try decode(sealed(seen.replacingOccurrences(of: "\"object\"", with: "\"due\":\"2027-06-01\",\"object\"")))
                .get()
        }
    }

    @Test("a refused lend is version 4, its borrower in target or name, and its command found again")
    func refused() throws {
        let refusal = Refusal(
            command: "lend", object: oid("tavla"), name: "Anna Svensson", relation: nil, target: nil, axes: nil,
            code: "archived", reason: "'tavla' is archived")
        let event = Event(
            seq: 9, at: Timestamp(milliseconds: 0),
            origin: Origin(device: "ipad", deviceSeq: 2, deviceAt: Timestamp(milliseconds: 0)),
            payload: .refused(refusal))
        let (bytes, _) = LineFormat.encode(event, prev: .zero)
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"v\":4"))
        #expect(try decode(Array(bytes.dropLast())).get().event == event)
        #expect(refusal.recordedCommand == .lend(oid("tavla"), to: "Anna Svensson", due: nil, note: nil))
    }
}

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

@Suite("Diagonal relations in the log")
struct DiagonalLineTests {
    static func placed(_ relation: Relation, seq: Int64 = 4) -> Event {
        Event(
            seq: seq, at: Timestamp(milliseconds: 1_764_460_800_123), actor: "paul",
            payload: .placed(Placement(object: oid("lampa"), relation: relation, target: oid("bord"), axes: .both)))
    }

    @Test(
        "a placed line with a diagonal is version 3, carries its token, and decodes to the same event",
        arguments: Relation.diagonals)
    func version3(_ relation: Relation) throws {
        let event = Self.placed(relation)
        let (bytes, hash) = LineFormat.encode(event, prev: .zero)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"relation\":\"\(relation.token)\""))
        #expect(text.contains(",\"type\":\"placed\",\"v\":3,\"hash\":"))
        let decoded = try decode(Array(bytes.dropLast())).get()
        #expect(decoded.event == event)
        #expect(decoded.hash == hash)
        // A restored line carries it at version 3 too.
        let restored = Event(
            seq: 5, at: event.at,
            payload: .restored(Placement(object: oid("lampa"), relation: relation, target: oid("bord"), axes: .both)))
        #expect(body(restored).hasSuffix("\"type\":\"restored\",\"v\":3"))
        #expect(try decode(Array(LineFormat.encode(restored, prev: .zero).bytes.dropLast())).get().event == restored)
    }

    @Test("the lines of the other relations keep their versions: 1, and 2 for depth")
    func otherVersions() {
        for relation in Relation.allCases where !relation.isDiagonal {
            #expect(body(Self.placed(relation)).hasSuffix("\"v\":\(relation.lineVersion)"), "\(relation.token)")
        }
    }

    @Test("a diagonal line forged to version 1 or 2 is refused, and a line of the others forged to 3")
    func forgedVersions() {
        let line = body(Self.placed(.behindLeftOf))
        for v in ["1", "2"] {
            #expect(throws: LineProblem.badField("v", .versionTooLowForMembers)) {
                try decode(sealed(line.replacingOccurrences(of: "\"v\":3", with: "\"v\":\(v)"))).get()
            }
        }
        for relation in [Relation.under, .behind] {
            let forged = body(Self.placed(relation)).replacingOccurrences(
                of: "\"v\":\(relation.lineVersion)", with: "\"v\":3")
            #expect(throws: LineProblem.badField("v", .versionHigherThanNeeded)) { try decode(sealed(forged)).get() }
        }
        // A relation written in another order or language is not a token of the log.
        for token in ["left-of,behind", "bakom,vänster-om", "behind, left-of", "behind+left-of"] {
            let forged = line.replacingOccurrences(of: "behind,left-of", with: token)
            #expect(throws: LineProblem.self) { try decode(sealed(forged)).get() }
        }
    }

    @Test("a line of a version after 4 says 'upgrade Plings', as a version-2 reader says of a diagonal")
    func newer() {
        let line = body(Self.placed(.behindLeftOf)).replacingOccurrences(of: "\"v\":3", with: "\"v\":5")
        #expect(throws: LineProblem.newerVersion(5)) { try decode(sealed(line)).get() }
        #expect(LineFormat.version == 4)
    }
}

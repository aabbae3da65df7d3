import PlingsKit
import PlingsTestSupport
import Testing

/// The scanner reads keys, strings and tokens a word (8 bytes) at a time and
/// falls back to its byte path at the first byte that needs a look; these
/// cases put that byte at every position against the word boundaries.
@Suite("Scanning a word at a time")
struct WordScanTests {
    static func line(_ payload: EventPayload, actor: String? = nil) -> [UInt8] {
        let event = Event(seq: 1, at: Timestamp(milliseconds: 0), actor: actor, payload: payload)
        return Array(LineFormat.encode(event, prev: .zero).bytes.dropLast())
    }

    @Test("every relation and every placement's axes read back")
    func relations() throws {
        for relation in Relation.allCases {
            for axes in [AxisSet.current, .normal, .both] {
                let placement = Placement(object: oid("box-1"), relation: relation, target: oid("shelf"), axes: axes)
                let decoded = try decode(Self.line(.placed(placement))).get()
                #expect(decoded.event.payload == .placed(placement))
            }
        }
    }

    @Test("a quote, a backslash or a letter past ASCII anywhere in a string reads back")
    func specialsAnywhere() throws {
        for special in ["\"", "\\", "ä", "€", "𝄞"] {
            for length in 1...20 {
                for position in 0..<length {
                    let name =
                        String(repeating: "a", count: position) + special
                        + String(repeating: "b", count: length - position - 1)
                    let payload = EventPayload.created(oid("x"), name: name)
                    let decoded = try decode(Self.line(payload, actor: name)).get()
                    #expect(decoded.event.payload == payload)
                    #expect(decoded.event.actor == name)
                }
            }
        }
    }

    @Test("a raw control byte or a broken UTF-8 byte anywhere in a string is refused")
    func badBytesAnywhere() {
        for length in 1...20 {
            let name = String(repeating: "n", count: length)
            let good = Self.line(.created(oid("x"), name: name))
            let key = Array("\"name\":\"".utf8)
            let start =
                (0..<good.count).first { Array(good[$0..<min(good.count, $0 + key.count)]) == key }
                .map { $0 + key.count } ?? 0
            for position in 0..<length {
                var control = good
                control[start + position] = 0x01
                #expect(throws: LineProblem.badJSON(.rawControl)) {
                    try decode(control).get()
                }
                var broken = good
                broken[start + position] = 0xFF
                #expect(throws: LineProblem.invalidUTF8) { try decode(broken).get() }
            }
        }
    }

    @Test("an unknown key of any length is named, and a key without its colon is refused")
    func keys() {
        let good = Self.line(.created(oid("x"), name: "n"))
        let text = String(decoding: good, as: UTF8.self)
        for key in ["b", "zz", "nam", "namex", "objects", "relationx", "abcdefghij"] {
            let bad = Array(text.replacingOccurrences(of: "\"name\":", with: "\"\(key)\":").utf8)
            #expect(throws: LineProblem.unexpectedField(key)) { try decode(bad).get() }
        }
        let noColon = Array(text.replacingOccurrences(of: "\"name\":", with: "\"name\"").utf8)
        #expect(throws: LineProblem.badJSON(.keyNotPlain)) { try decode(noColon).get() }
    }
}

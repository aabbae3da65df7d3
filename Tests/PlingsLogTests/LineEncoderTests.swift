import PlingsKit
import PlingsTestSupport
import Testing

@Suite("Line encoder: the bytes of every line")
struct LineEncoderTests {
    /// A hand-written line body (everything before `,"hash":`) and the line the encoder must make of it.
    private func expectLine(_ event: Event, batch: Int? = nil, body: String) {
        let bodyBytes = Array(body.utf8)
        let hash = SHA256.hash(bodyBytes)
        let expected = bodyBytes + Array(",\"hash\":\"\(hash.hex)\"}\n".utf8)
        var out: [UInt8] = []
        let written = LineFormat.encode(event, prev: .zero, batch: batch, appendingTo: &out)
        #expect(String(decoding: out, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(written == hash)
    }

    @Test("escapes, non-ASCII text, a batch length, an undo and a seq past twelve digits are written exactly")
    func escapesAndNumbers() {
        let event = Event(
            seq: 12_345_678_901_234, at: Timestamp(milliseconds: 1_700_000_000_000), actor: "Åsa", commandID: "c-1",
            undoes: 7, payload: .renamed(ObjectID(unchecked: "x1"), name: "a\"b\\c\nd\u{1}é\t"))
        let zeros = String(repeating: "0", count: 64)
        expectLine(
            event, batch: 3,
            body: "{\"actor\":\"Åsa\",\"at\":\"2023-11-14T22:13:20.000Z\",\"batch\":3,\"cid\":\"c-1\","
                + "\"name\":\"a\\\"b\\\\c\\nd\\u0001é\\t\",\"object\":\"x1\",\"prev\":\"\(zeros)\","
                + "\"seq\":12345678901234,\"type\":\"renamed\",\"undoes\":7,\"v\":2")
    }

    @Test("integers of nineteen digits and below zero are written exactly")
    func widestIntegers() {
        let event = Event(
            seq: Int64.max, at: Timestamp(milliseconds: 0), undoes: -1_000_000_000_000_000_007,
            payload: .renamed(ObjectID(unchecked: "x1"), name: "a"))
        let zeros = String(repeating: "0", count: 64)
        expectLine(
            event,
            body: "{\"at\":\"1970-01-01T00:00:00.000Z\",\"name\":\"a\",\"object\":\"x1\",\"prev\":\"\(zeros)\","
                + "\"seq\":9223372036854775807,\"type\":\"renamed\",\"undoes\":-1000000000000000007,\"v\":2")
    }

    @Test("a device's line and a placement are written exactly")
    func originAndPlacement() {
        let zeros = String(repeating: "0", count: 64)
        var event = Event(
            seq: 999_999_999_999, at: Timestamp(milliseconds: 0),
            payload: .placed(
                Placement(object: ObjectID(unchecked: "b"), relation: .nextTo, target: nil, axes: .current)))
        event.origin = Origin(device: "phone", deviceSeq: 10, deviceAt: Timestamp(milliseconds: 1_800_000_000_123))
        expectLine(
            event,
            body: "{\"at\":\"1970-01-01T00:00:00.000Z\",\"axes\":[\"current\"],\"dat\":\"2027-01-15T08:00:00.123Z\","
                + "\"device\":\"phone\",\"dseq\":10,\"object\":\"b\",\"prev\":\"\(zeros)\",\"relation\":\"next-to\","
                + "\"seq\":999999999999,\"target\":\"world\",\"type\":\"placed\",\"v\":2")
    }

    @Test("one encoder kept for a whole batch writes the same bytes as a fresh encode of each line")
    func reusedEncoder() throws {
        var rng = SplitMix64(seed: 12)
        var encoder = LineEncoder()
        var batch: [UInt8] = []
        var single: [UInt8] = []
        var (prevA, prevB) = (Digest.zero, Digest.zero)
        for seq in 1...2000 {
            var event = randomEvent(Int64(seq), &rng)
            // Runs of lines share a time, as a batch's do; then the time moves on.
            event.at = Timestamp(milliseconds: 1_700_000_000_000 + Int64(seq / 7) * 1001)
            if seq % 5 == 0 { event.actor = String(repeating: "P \"q\" \\ ö", count: seq % 7 + 1) }
            let size = seq % 13 == 1 ? 13 : nil
            prevA = encoder.encode(event, prev: prevA, batch: size, appendingTo: &batch)
            prevB = LineFormat.encode(event, prev: prevB, batch: size, appendingTo: &single)
            #expect(prevA == prevB)
            let line = LineFormat.encode(event, prev: .zero, batch: size).bytes
            let decoded = try decode(Array(line.dropLast())).get()
            #expect(decoded.event == event)
        }
        #expect(batch == single)
    }
}

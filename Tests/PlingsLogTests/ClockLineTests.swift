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

/// The clock's own reading beside a clamped time (issue 20, item 6): member `clock`, version 4.
@Suite("The clock's reading in the log (version 4)")
struct ClockLineTests {
    @Test("random events with and without a clock reading: encoded then decoded, the same event; version 4 with one")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 20_6)
        var prev = Digest.zero
        for seq in 1...400 {
            var event = randomEvent(Int64(seq), &rng)
            let behind = Int64.random(in: (LineFormat.clockTolerance + 1)...(400 * 86_400_000), using: &rng)
            if Bool.random(using: &rng) {
                event.clock = Timestamp(milliseconds: event.at.milliseconds - behind)
            }
            let (bytes, hash) = LineFormat.encode(event, prev: prev)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("\"clock\":") == (event.clock != nil), "\(text)")
            if event.clock != nil { #expect(text.contains(",\"v\":4,\"hash\":"), "\(text)") }
            let decoded = try decode(Array(bytes.dropLast())).get()
            #expect(decoded.event == event, "\(text)")
            #expect(decoded.hash == hash)
            prev = hash
        }
    }

    @Test("the member sits in key order, between cid and code")
    func order() {
        let event = Event(
            seq: 3, at: Timestamp(milliseconds: 4_070_908_800_000), commandID: "c",
            clock: Timestamp(milliseconds: 1_800_000_000_000), payload: .seen(oid("box")))
        #expect(
            body(event).hasPrefix(
                "{\"at\":\"2099-01-01T00:00:00.000Z\",\"cid\":\"c\",\"clock\":\"2027-01-15T08:00:00.000Z\",\"object\""))
    }

    @Test("forged: a clock below version 4, a clock within a minute of at or after it, not a time")
    func forged() {
        let event = Event(
            seq: 3, at: Timestamp(milliseconds: 4_070_908_800_000), clock: Timestamp(milliseconds: 1_800_000_000_000),
            payload: .placed(Placement(object: oid("box"), relation: .under, target: oid("bord"), axes: .both)))
        let line = body(event)
        #expect(line.contains("\"v\":4"))
        for v in ["1", "2", "3"] {
            #expect(throws: LineProblem.badField("v", .versionTooLowForMembers)) {
                try decode(sealed(line.replacingOccurrences(of: "\"v\":4", with: "\"v\":\(v)"))).get()
            }
        }
        // The same line without the reading is version 1: 4 is higher than it needs.
        #expect(throws: LineProblem.badField("v", .versionHigherThanNeeded)) {
            try decode(sealed(line.replacingOccurrences(of: ",\"clock\":\"2027-01-15T08:00:00.000Z\"", with: "")))
                .get()
        }
        for near in ["2098-12-31T23:59:00.000Z", "2099-01-01T00:00:00.000Z", "2099-06-01T00:00:00.000Z"] {
            #expect(throws: LineProblem.badField("clock", .clockNotBehind)) {
                try decode(sealed(line.replacingOccurrences(of: "2027-01-15T08:00:00.000Z", with: near))).get()
            }
        }
        #expect(throws: LineProblem.badField("clock", .notTime)) {
            try decode(sealed(line.replacingOccurrences(of: "2027-01-15T08:00:00.000Z", with: "2027-01-15"))).get()
        }
    }
}

import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// A line's body (everything before `,"hash":`) with a correct hash, as a forger would write it.
private func rehashed(_ body: String) -> [UInt8] {
    let bytes = Array(body.utf8)
    return bytes + Array(",\"hash\":\"\(SHA256.hash(bytes).hex)\"}".utf8)
}

/// The body of an encoded line (no hash, no newline).
private func body(_ event: Event) -> String {
    let line = LineFormat.encode(event, prev: .zero).bytes.dropLast()
    return String(decoding: line.dropLast(LineFormat.hashSuffixLength), as: UTF8.self)
}

private func randomRefusal(_ rng: inout SplitMix64) -> Refusal {
    let object = oid("o\(Int.random(in: 0..<50, using: &rng))")
    let code = ["cycle", "unknown-object", "duplicate-id"][Int.random(in: 0..<3, using: &rng)]
    let reason = "refused: \"\(object.rawValue)\" — \(Generators.randomName(&rng))"
    switch Int.random(in: 0..<3, using: &rng) {
    case 0:
        return Refusal(
            command: "create", object: object, name: Generators.randomName(&rng), code: code, reason: reason)
    case 1:
        return Refusal(command: "rename", object: object, name: "Låda\t\"2\"", code: code, reason: reason)
    default:
        return Refusal(
            command: "place", object: object, relation: Relation.allCases[Int.random(in: 0..<8, using: &rng)],
            target: Bool.random(using: &rng) ? "t1" : ObjectID.worldToken,
            axes: [.both, .current, .normal][Int.random(in: 0..<3, using: &rng)], code: code, reason: reason)
    }
}

@Suite("Origin and refused lines")
struct OriginLineTests {
    static let origin = Origin(device: "phone", deviceSeq: 7, deviceAt: Timestamp(milliseconds: 1_800_000_000_123))

    @Test(
        "refused and origin lines round-trip: decode(encode(e)) == e, and the decoded event re-encodes to the same bytes"
    )
    func roundTrip() throws {
        var rng = SplitMix64(seed: 23)
        var prev = Digest.zero
        for seq in 1...400 {
            var event = randomEvent(Int64(seq), &rng)
            event.origin = Origin(
                device: "d\(seq % 5)", deviceSeq: Int64(seq), deviceAt: Timestamp(milliseconds: Int64(seq) * 997))
            if seq % 2 == 0 { event.payload = .refused(randomRefusal(&rng)) }
            let (bytes, hash) = LineFormat.encode(event, prev: prev)
            let decoded = try decode(Array(bytes.dropLast())).get()
            #expect(decoded.event == event, "seq \(seq)")
            #expect(decoded.hash == hash)
            #expect(LineFormat.encode(decoded.event, prev: prev).bytes == bytes, "seq \(seq)")
            #expect(String(decoding: bytes, as: UTF8.self).contains("\"v\":2,"))
            prev = hash
        }
    }

    @Test("a refused line writes its members in sorted key order")
    func refusedKeyOrder() {
        let refusal = Refusal(
            command: "place", object: oid("a"), relation: .in, target: "b", axes: .current, code: "cycle",
            reason: "b is inside a")
        let line = body(Event(seq: 9, at: Timestamp(milliseconds: 0), origin: Self.origin, payload: .refused(refusal)))
        #expect(
            line == "{\"at\":\"1970-01-01T00:00:00.000Z\",\"axes\":[\"current\"],\"code\":\"cycle\","
                + "\"command\":\"place\",\"dat\":\"2027-01-15T08:00:00.123Z\",\"device\":\"phone\",\"dseq\":7,"
                + "\"object\":\"a\",\"prev\":\"\(Digest.zero.hex)\",\"reason\":\"b is inside a\",\"relation\":\"in\","
                + "\"seq\":9,\"target\":\"b\",\"type\":\"refused\",\"v\":2")
    }

    @Test("a version-1 line carrying device, or a refused line at version 1, is refused")
    func versionOne() {
        let placed = Event(
            seq: 1, at: Timestamp(milliseconds: 0), origin: Self.origin,
            payload: .placed(Placement(object: oid("a"), relation: .in, target: nil, axes: .both)))
        let forged = body(placed).replacingOccurrences(of: "\"v\":2", with: "\"v\":1")
        #expect(throws: LineProblem.badField("v", .versionTooLowForMembers)) {
            try decode(rehashed(forged)).get()
        }
        let refused = Event(
            seq: 1, at: Timestamp(milliseconds: 0), origin: Self.origin,
            payload: .refused(
                Refusal(command: "create", object: oid("a"), name: "A", code: "duplicate-id", reason: "r")))
        #expect(throws: LineProblem.self) {
            try decode(rehashed(body(refused).replacingOccurrences(of: "\"v\":2", with: "\"v\":1"))).get()
        }
    }

    @Test("device, dseq and dat come together; a refused line needs its origin, command, code and reason")
    func membersTogether() throws {
        let placed = body(
            Event(
                seq: 1, at: Timestamp(milliseconds: 0), origin: Self.origin,
                payload: .placed(Placement(object: oid("a"), relation: .in, target: nil, axes: .both))))
        for member in ["\"dseq\":7,", "\"device\":\"phone\",", "\"dat\":\"2027-01-15T08:00:00.123Z\","] {
            #expect(throws: LineProblem.badField("device", .originIncomplete)) {
                try decode(rehashed(placed.replacingOccurrences(of: member, with: ""))).get()
            }
        }
        let refusal = Refusal(command: "rename", object: oid("a"), name: "B", code: "unknown-object", reason: "r")
        let refused = body(
            Event(seq: 1, at: Timestamp(milliseconds: 0), origin: Self.origin, payload: .refused(refusal)))
        for (member, missing) in [
            ("\"code\":\"unknown-object\",", "code"), ("\"command\":\"rename\",", "command"),
            ("\"reason\":\"r\",", "reason"),
        ] {
            #expect(throws: LineProblem.missingField(missing)) {
                try decode(rehashed(refused.replacingOccurrences(of: member, with: ""))).get()
            }
        }
        let withoutOrigin = refused.replacingOccurrences(
            of: "\"dat\":\"2027-01-15T08:00:00.123Z\",\"device\":\"phone\",\"dseq\":7,", with: "")
        #expect(throws: LineProblem.missingField("device")) { try decode(rehashed(withoutOrigin)).get() }
        // code, command and reason belong to refused lines only.
        let withCode = placed.replacingOccurrences(of: "\"dat\"", with: "\"code\":\"cycle\",\"dat\"")
        #expect(throws: LineProblem.unexpectedField("code")) { try decode(rehashed(withCode)).get() }
    }

    /// One error of every kind the domain gives. The switch below names every case, so a new kind of
    /// error does not compile here until it has a sample.
    static let everyDomainError: [DomainError] = [
        .invalidID("", .empty), .invalidName("", .empty), .invalidActor("", .tooLong),
        .invalidCommandID("", .tooLong), .unknownObject(oid("a")), .duplicateID(oid("a")), .selfPlacement(oid("a")),
        .cycle(object: oid("a"), target: oid("b"), axis: .current), .relationAgainstWorld(.on), .emptyAxes,
        .unknownRelation("over"), .unknownAxis("both-ways"), .archived(oid("a")), .archivedID(oid("a")),
        .notArchived(oid("a")), .notEmpty(oid("a"), count: 2), .invalidNote("", .empty),
        .restoreNeedsBothAxes(oid("a")), .cannotUndo(seq: 3, .unknownEvent), .commandIDReused("c1", seq: 4),
        .belongsInsideElsewhere(oid("a"), thing: oid("b"), count: 1), .selfLoan(oid("a")),
    ]

    @Test("every code the domain can refuse with is written in a refused line its own reader reads back")
    func everyRefusalCodeReadsBack() throws {
        for error in Self.everyDomainError {
            switch error {
            case .invalidID, .invalidName, .invalidActor, .invalidCommandID, .unknownObject, .duplicateID,
                .selfPlacement, .cycle, .relationAgainstWorld, .emptyAxes, .unknownRelation, .unknownAxis, .archived,
                .archivedID, .notArchived, .notEmpty, .invalidNote, .restoreNeedsBothAxes, .cannotUndo,
                .commandIDReused, .belongsInsideElsewhere, .selfLoan:
                break
            }
        }
        #expect(Set(Self.everyDomainError.map(\.code)).count == Self.everyDomainError.count)
        #expect(Set(Self.everyDomainError.map(\.code)) == DomainError.codes)
        for (index, error) in Self.everyDomainError.enumerated() {
            let refusal = Refusal(command: "create", object: oid("a"), name: "A", code: error.code, reason: "r")
            let event = Event(
                seq: Int64(index + 1), at: Timestamp(milliseconds: 0), origin: Self.origin, payload: .refused(refusal))
            let (bytes, _) = LineFormat.encode(event, prev: .zero)
            let decoded = try decode(Array(bytes.dropLast())).get()
            #expect(decoded.event == event, "\(error.code)")
        }
    }

    @Test("a refused event changes no state but records the verdict for its device seq")
    func refusedChangesNothing() {
        var state = WorldState()
        state.apply(Event(seq: 1, at: Timestamp(milliseconds: 0), payload: .created(oid("a"), name: "A")))
        let before = state
        let refusal = Refusal(command: "create", object: oid("a"), name: "A", code: "duplicate-id", reason: "r")
        #expect(
            state.apply(Event(seq: 2, at: Timestamp(milliseconds: 0), origin: Self.origin, payload: .refused(refusal)))
                == nil)
        #expect(state.registry == before.registry && state.current == before.current && state.normal == before.normal)
        let verdict = state.devices.verdict(device: "phone", deviceSeq: 7)
        #expect(
            verdict
                == DeviceVerdicts.Verdict(
                    seq: 2, code: "duplicate-id", reason: "r", deviceAt: Self.origin.deviceAt, object: "a",
                    command: DeviceVerdicts.digest(of: .refused(refusal))))
        let command = DeviceVerdicts.digest(of: .refused(refusal))
        #expect(verdict?.isSameCommand(deviceAt: Self.origin.deviceAt, object: "a", command: command) == true)
        #expect(verdict?.isSameCommand(deviceAt: Self.origin.deviceAt, object: "b", command: command) == false)
        let renamed = Refusal(command: "create", object: oid("a"), name: "B", code: "duplicate-id", reason: "r")
        let other = DeviceVerdicts.digest(of: .refused(renamed))
        #expect(verdict?.isSameCommand(deviceAt: Self.origin.deviceAt, object: "a", command: other) == false)
        #expect(state.devices.highest(device: "phone") == 7)
    }
}

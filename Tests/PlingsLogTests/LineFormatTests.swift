import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

func decode(_ bytes: [UInt8]) -> Result<DecodedLine, LineProblem> {
    bytes.withUnsafeBufferPointer { LineDecoder.decode($0) }
}

func randomEvent(_ seq: Int64, _ rng: inout SplitMix64) -> Event {
    let id = oid("o\(Int.random(in: 0..<50, using: &rng))")
    let payload: EventPayload
    switch Int.random(in: 0..<3, using: &rng) {
    case 0: payload = .created(id, name: Generators.randomName(&rng))
    case 1: payload = .renamed(id, name: Generators.randomName(&rng))
    default:
        payload = .placed(
            Placement(
                object: id, relation: Relation.allCases[Int.random(in: 0..<8, using: &rng)],
                target: Bool.random(using: &rng) ? oid("t\(seq)") : nil,
                axes: [.both, .current, .normal][Int.random(in: 0..<3, using: &rng)]))
    }
    return Event(
        seq: seq, at: Timestamp(milliseconds: 1_700_000_000_000 + seq * 1000),
        actor: Bool.random(using: &rng) ? "Paul \"P\" Wisén" : nil,
        commandID: Bool.random(using: &rng) ? "cid-\(seq)" : nil, payload: payload)
}

@Suite("Line format")
struct LineFormatTests {
    @Test("encoding then decoding gives the same event, prev and hash, for random events")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 11)
        var prev = Digest.zero
        for seq in 1...500 {
            let event = randomEvent(Int64(seq), &rng)
            let (bytes, hash) = LineFormat.encode(event, prev: prev)
            #expect(bytes.last == 0x0A)
            #expect(bytes.filter { $0 == 0x0A }.count == 1)
            let decoded = try decode(Array(bytes.dropLast())).get()
            #expect(decoded.event == event)
            #expect(decoded.prev == prev)
            #expect(decoded.hash == hash)
            #expect(SHA256.hash(bytes.dropLast(LineFormat.hashSuffixLength + 1)) == hash)
            prev = hash
        }
    }

    @Test("members are in sorted key order with hash last")
    func keyOrder() throws {
        let event = Event(
            seq: 3, at: Timestamp(milliseconds: 0), actor: "a", commandID: "c",
            payload: .placed(Placement(object: oid("x"), relation: .under, target: oid("y"), axes: .both)))
        let line = String(decoding: LineFormat.encode(event, prev: .zero).bytes, as: UTF8.self)
        let keys = ["actor", "at", "axes", "cid", "object", "prev", "relation", "seq", "target", "type", "v", "hash"]
        let positions = keys.map { line.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(
            line.hasPrefix("{\"actor\":\"a\",\"at\":\"1970-01-01T00:00:00.000Z\",\"axes\":[\"current\",\"normal\"]"))
    }

    @Test("a line in any layout but the one the encoder writes is refused, even with a correct hash")
    func onlyCanonical() throws {
        var rng = SplitMix64(seed: 3)
        for seq in 1...100 {
            let event = randomEvent(Int64(seq), &rng)
            let bytes = Array(LineFormat.encode(event, prev: .zero).bytes.dropLast())
            let body = Array(bytes.dropLast(LineFormat.hashSuffixLength))
            // Reorder and space the body with Foundation, then hash it again as a forger would.
            let object = try JSONSerialization.jsonObject(with: Data(body + [UInt8(ascii: "}")])) as? [String: Any]
            var text = String(
                decoding: try JSONSerialization.data(withJSONObject: object ?? [:], options: [.prettyPrinted]),
                as: UTF8.self)
            text = text.replacingOccurrences(of: "\n", with: " ")
            text.removeLast()  // the closing brace
            while text.last == " " { text.removeLast() }
            let reformatted = Array(text.utf8)
            let line = reformatted + Array(",\"hash\":\"\(SHA256.hash(reformatted).hex)\"}".utf8)
            #expect(throws: LineProblem.self) { try decode(line).get() }
            // The canonical line itself reads back to the same event, and encodes to the same bytes.
            let decoded = try decode(bytes).get()
            #expect(decoded.event == event)
            #expect(Array(LineFormat.encode(decoded.event, prev: decoded.prev).bytes.dropLast()) == bytes)
        }
    }

    static let bad: [(String, String, LineProblem)] = {
        let good = String(
            decoding: LineFormat.encode(
                Event(seq: 1, at: Timestamp(milliseconds: 0), payload: .created(oid("x"), name: "X")), prev: .zero
            ).bytes.dropLast(), as: UTF8.self)
        let hash = String(good.suffix(LineFormat.hashSuffixLength))
        func with(_ body: String) -> String { body + hash }
        let base =
            "{\"at\":\"1970-01-01T00:00:00.000Z\",\"name\":\"X\",\"object\":\"x\",\"prev\":\"\(Digest.zero.hex)\",\"seq\":1"
        return [
            ("BOM", "\u{FEFF}" + good, .byteOrderMark),
            ("CR", good.replacingOccurrences(of: "\"X\"", with: "\"X\r\""), .carriageReturn),
            ("NUL", good.replacingOccurrences(of: "\"X\"", with: "\"X\u{0}\""), .nul),
            ("array", "[1,2]", .notAnObject),
            ("no hash", String(good.dropLast(LineFormat.hashSuffixLength)) + "}", .missingHash),
            ("newer version", with(base + ",\"type\":\"created\",\"v\":5"), .newerVersion(5)),
            ("unknown type", with(base + ",\"type\":\"exploded\",\"v\":1"), .unknownType("exploded")),
            ("unknown field", with(base + ",\"type\":\"created\",\"v\":1,\"zz\":\"1\""), .unexpectedField("zz")),
            (
                "missing seq",
                with(
                    "{\"at\":\"1970-01-01T00:00:00.000Z\",\"name\":\"X\",\"object\":\"x\",\"prev\":\"\(Digest.zero.hex)\",\"type\":\"created\",\"v\":1"
                ), .missingField("seq")
            ),
            (
                "duplicate key", with(base + ",\"seq\":1,\"type\":\"created\",\"v\":1"),
                .badField("seq", .appearsTwice)
            ),
            (
                "bad id",
                with(
                    base.replacingOccurrences(of: "\"object\":\"x\"", with: "\"object\":\"a b\"")
                        + ",\"type\":\"created\",\"v\":1"),
                .badField("object", .notID(.badCharacter))
            ),
            (
                "raw control",
                with(base.replacingOccurrences(of: "\"X\"", with: "\"X\u{1}\"") + ",\"type\":\"created\",\"v\":1"),
                .badJSON(.rawControl)
            ),
            (
                "placed without axes",
                with(
                    "{\"at\":\"1970-01-01T00:00:00.000Z\",\"object\":\"x\",\"prev\":\"\(Digest.zero.hex)\",\"relation\":\"in\",\"seq\":1,\"target\":\"world\",\"type\":\"placed\",\"v\":1"
                ), .missingField("axes")
            ),
            (
                "bad relation",
                with(
                    "{\"at\":\"1970-01-01T00:00:00.000Z\",\"axes\":[\"current\"],\"object\":\"x\",\"prev\":\"\(Digest.zero.hex)\",\"relation\":\"beside\",\"seq\":1,\"target\":\"world\",\"type\":\"placed\",\"v\":1"
                ), .badField("relation", .notRelation("beside"))
            ),
        ]
    }()

    @Test("strict input: each kind of bad line is refused with its own reason", arguments: 0..<14)
    func strict(_ index: Int) {
        let (label, text, problem) = Self.bad[index]
        #expect(throws: problem, "\(label)") { try decode(Array(text.utf8)).get() }
    }

    @Test("invalid UTF-8 and over-long lines are refused")
    func bytes() {
        let good = Array(
            LineFormat.encode(
                Event(seq: 1, at: Timestamp(milliseconds: 0), payload: .created(oid("x"), name: "Åsa")), prev: .zero
            ).bytes.dropLast())
        for bad in [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF5, 0x80, 0x80, 0x80], [0xFF]] as [[UInt8]] {
            var line = good
            let at = line.firstIndex(of: 0xC3) ?? 0
            line.replaceSubrange(at..<(at + 2), with: bad)
            #expect(throws: LineProblem.invalidUTF8) { try decode(line).get() }
        }
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: LineFormat.maxLineBytes)
        #expect(throws: LineProblem.tooLong(LineFormat.maxLineBytes + 1)) { try decode(long).get() }
    }
}

@Suite("The end of a line, written once")
struct LineEndTests {
    @Test("every encoded line ends in lineEnd(hash:), and a log ends a line only where one ends with that hash")
    func lineEnd() throws {
        var rng = SplitMix64(seed: 2105)
        var prev = Digest.zero
        var log: [UInt8] = []
        var ends: [(offset: Int64, hash: Digest)] = []
        for seq in 1...40 {
            let (bytes, hash) = LineFormat.encode(randomEvent(Int64(seq), &rng), prev: prev)
            #expect(Array(bytes.suffix(LineFormat.hashSuffixLength + 1)) == LineFormat.lineEnd(hash: hash))
            log += bytes
            ends.append((Int64(log.count), hash))
            prev = hash
        }
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        writeBytes(log, to: path)
        let file = try #require(try LogFile.open(path, create: false))
        for (k, end) in ends.enumerated() {
            #expect(LineFormat.endsLine(in: file, at: end.offset, hash: end.hash))
            #expect(!LineFormat.endsLine(in: file, at: end.offset - 1, hash: end.hash))
            #expect(!LineFormat.endsLine(in: file, at: end.offset, hash: ends[(k + 1) % ends.count].hash))
        }
        #expect(!LineFormat.endsLine(in: file, at: Int64(log.count) + 76, hash: prev))  // past the end
        #expect(!LineFormat.endsLine(in: file, at: 10, hash: ends[0].hash))  // before any whole line
    }
}

import PlingsTestSupport
import PlingsViews
import Testing

/// Names and ids written from their stored bytes (`OutputBuffer.write(decoding:)`,
/// `write(quoting:)`, `JSONWriter.string(utf8:)`) must come out byte for byte as the
/// string made of those bytes (`String(decoding:as:)`) comes out through the string path,
/// for every byte sequence, well-formed or not (compared as bytes: strings compare equal
/// when only canonically equivalent).
@Suite("text written from its bytes: as the string made of them")
struct TextBytesTests {
    /// What the JSON writer wrote for a string before it escaped bytes: scalar by scalar.
    static func scalarJSON(_ s: String) -> String {
        let hex = Array("0123456789abcdef")
        var text = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let v = Int(scalar.value)
                text += "\\u00" + String(hex[v >> 4]) + String(hex[v & 0xF])
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Each path's output for `bytes`, from the bytes and from the string made of them; the
    /// JSON also as the scalar-by-scalar writer wrote it.
    static func check(_ bytes: [UInt8], _ note: @autoclosure () -> String = "") {
        let string = String(decoding: bytes, as: UTF8.self)
        bytes.withUnsafeBufferPointer { b in
            #expect(TextBytes.isWellFormed(b) == (Array(string.utf8) == bytes), "\(bytes) \(note())")
            // A small piece size, so pieces are handed on inside and between the writes.
            let (fromBytes, fromString) = (
                OutputBuffer.collect(limit: 3) { out in
                    out.write(decoding: b)
                    out.write("|")
                    out.write(quoting: b)
                },
                OutputBuffer.collect(limit: 3) { out in
                    out.write(string)
                    out.write("|")
                    out.write(Printable.quote(string))
                }
            )
            #expect(Array(fromBytes.utf8) == Array(fromString.utf8), "\(bytes) \(note())")
            let json = JSONWriter.text { w in
                w.beginArray()
                w.string(utf8: b)
                w.string(string)
                w.endArray()
            }
            let expected = "[" + Self.scalarJSON(string) + "," + Self.scalarJSON(string) + "]"
            #expect(Array(json.utf8) == Array(expected.utf8), "\(bytes) \(note())")
        }
    }

    /// The bytes that start, continue and cut characters, and the ASCII to escape.
    static let pieces: [UInt8] = [
        0x00, 0x08, 0x0A, 0x1B, 0x1F, 0x20, 0x22, 0x5C, 0x61, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
        0xC2, 0xC3, 0xC5, 0xDF, 0xE0, 0xE2, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF,
    ]

    @Test("every byte alone, and every pair of those that start, continue and cut characters (PLINGS_STRESS=1: of all)")
    func allPairs() {
        for a in 0...255 { Self.check([UInt8(a)]) }
        let pairs: [UInt8] = Stress.enabled ? (0...255).map { UInt8($0) } : Self.pieces
        for a in pairs {
            for b in pairs { Self.check([a, b]) }
        }
    }

    @Test("random sequences of the bytes that start, continue and cut characters, and of ASCII to escape")
    func sequences() {
        var rng = SplitMix64(seed: 22)
        for _ in 0..<(Stress.enabled ? 20_000 : 2_000) {
            let n = Int(rng.next() % 9)
            Self.check((0..<n).map { _ in Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] })
        }
    }

    @Test("long random sequences, plain runs between the bytes to look at, so whole words are skipped and looked into")
    func longSequences() {
        var rng = SplitMix64(seed: 2222)
        let plain = Array("Plastlåda Bord 17 ".utf8).filter { $0 < 0x80 }
        for _ in 0..<(Stress.enabled ? 20_000 : 2_000) {
            var bytes: [UInt8] = []
            for _ in 0..<Int(rng.next() % 6) {
                bytes += (0..<Int(rng.next() % 20)).map { _ in plain[Int(rng.next() % UInt64(plain.count))] }
                bytes += (0..<Int(rng.next() % 3)).map { _ in Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }
            }
            Self.check(bytes)
        }
    }

    /// Whether the word tests of `TextBytes` say of the eight bytes of `bytes` what its byte tests say of them.
    static func checkWord(_ bytes: [UInt8]) {
        let w = bytes.withUnsafeBufferPointer { b in b.baseAddress.map { TextBytes.word($0) } ?? 0 }
        #expect(TextBytes.hasNonASCII(w) == bytes.contains { $0 >= 0x80 }, "\(bytes)")
        #expect(TextBytes.hasUnprintable(w) == bytes.contains(where: TextBytes.isUnprintable), "\(bytes)")
        #expect(TextBytes.hasJSONSpecial(w) == bytes.contains(where: TextBytes.isJSONSpecial), "\(bytes)")
    }

    @Test("eight bytes at a time find what a byte at a time finds: every byte value in every place, beside every other")
    func words() {
        // Every value in every place among bytes that need nothing, and just beside the limits.
        for filler: UInt8 in [0x61, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E, 0x01, 0x00, 0xFF, 0x7F] {
            for place in 0..<8 {
                for v in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = UInt8(v)
                    Self.checkWord(bytes)
                }
            }
        }
        // Pairs of values in neighbouring places (a borrow goes from a byte to the next): those
        // at and beside each limit (PLINGS_STRESS=1: every pair).
        let edges: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        let values = Stress.enabled ? (0...255).map { UInt8($0) } : edges
        for place in 0..<7 {
            for a in values {
                for b in values {
                    var bytes = [UInt8](repeating: 0x61, count: 8)
                    (bytes[place], bytes[place + 1]) = (a, b)
                    Self.checkWord(bytes)
                }
            }
        }
        var rng = SplitMix64(seed: 8)
        for _ in 0..<(Stress.enabled ? 1_000_000 : 20_000) {
            let w = rng.next()
            Self.checkWord((0..<8).map { UInt8(truncatingIfNeeded: w >> (8 * $0)) })
            Self.checkWord((0..<8).map { _ in Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] })
        }
    }

    @Test(
        "names with quotes, backslashes, controls, direction marks, invisible marks, long ones, both languages' letters",
        arguments: [
            "Plastlåda", "Köksbordet", "ÅÄÖ åäö é", "Bord \"stor\"", "a\\b", "tab\there", "rad\nny", "\u{1B}[31mröd",
            "\u{200F}שלום", "\u{202E}evil", "\u{2066}x\u{2069}", "zero\u{200B}width", "\u{FEFF}bom", "a\u{2028}b",
            "e\u{301}", "ŉ ǅ ſ", "😀 emoji", "\u{85}next", "\u{7F}del", String(repeating: "å", count: 70),
            String(repeating: "x", count: 120), String(repeating: "x", count: 121), "",
        ])
    func names(name: String) {
        Self.check(Array(name.utf8), name)
    }
    @Test("numbers and times written as digits: as String(value) and Timestamp.rfc3339 write them")
    func numbers() {
        var rng = SplitMix64(seed: 22)
        var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 101, 1_000_000_007, .max, .min, .max - 1, .min + 1]
        for k in 0..<19 {
            let power = (0..<k).reduce(Int64(1)) { p, _ in p * 10 }
            values += [power, power - 1, power + 1, -power, 1 - power]
        }
        for _ in 0..<2_000 { values.append(Int64(bitPattern: rng.next()) >> (rng.next() % 64)) }
        for value in values {
            let written = OutputBuffer.collect(limit: 3) {
                $0.write(decimal: value)
                $0.write(literal: " ")
                $0.write(rfc3339: Timestamp(milliseconds: value % 400_000_000_000_000))
            }
            #expect(written == "\(value) \(Timestamp(milliseconds: value % 400_000_000_000_000).rfc3339)", "\(value)")
            let json = JSONWriter.text {
                $0.beginArray()
                $0.int(value)
                $0.string(rfc3339: Timestamp(milliseconds: value % 400_000_000_000_000))
                $0.endArray()
            }
            #expect(
                json == "[\(value),\"\(Timestamp(milliseconds: value % 400_000_000_000_000).rfc3339)\"]", "\(value)")
        }
    }
    @Test("a buffer handing on bytes hands on the bytes a buffer handing on strings does, piece for piece")
    func byteSink() {
        final class Box { var pieces: [[UInt8]] = [] }
        let (box, strings) = (Box(), Box())
        let names: [[UInt8]] = [Array("Köksbordet".utf8), [0x61, 0xFF, 0x62], Array("a\u{200F}b".utf8), []]
        func fill(_ out: inout OutputBuffer) {
            for (k, name) in names.enumerated() {
                out.write(literal: "├─ ")
                name.withUnsafeBufferPointer { out.write(quoting: $0) }
                out.write(" (")
                out.write(decimal: Int64(k) * 1_000_003)
                name.withUnsafeBufferPointer { out.write(decoding: $0) }
                out.write(literal: ")\n")
            }
        }
        var bytes = OutputBuffer(limit: 5, bytes: { box.pieces.append(Array($0)) })
        fill(&bytes)
        bytes.flush()
        var text = OutputBuffer(limit: 5, sink: { strings.pieces.append(Array($0.utf8)) })
        fill(&text)
        text.flush()
        #expect(box.pieces == strings.pieces)
        #expect(box.pieces.count > 4)
    }
}

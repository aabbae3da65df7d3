import PlingsDomain

/// The on-disk line format, version 1. See `docs/log-format.md`.
///
/// A line is one JSON object on one line, ended by `\n`. Its members come in
/// sorted key order, except `hash`, which is always the last member and is
/// the SHA-256 of every byte of the line before `,"hash":`. Each line's `prev`
/// is the previous line's `hash` (64 zeros on the first line): a chain.
public enum LineFormat {
    /// The schema version this build writes and reads.
    public static let version: Int64 = 1
    /// The longest line accepted, in bytes, newline included.
    public static let maxLineBytes = 16 * 1024
    /// The fixed-length end of every line: `,"hash":"` + 64 hex + `"}`.
    public static let hashSuffixLength = 75
    static let hashKey: [UInt8] = Array(",\"hash\":\"".utf8)

    /// Encodes `event` as one line chained after `prev`.
    /// - Returns: the bytes, ending in `\n`, and the line's own hash.
    public static func encode(_ event: Event, prev: Digest) -> (bytes: [UInt8], hash: Digest) {
        var out: [UInt8] = []
        out.reserveCapacity(320)
        let hash = encode(event, prev: prev, appendingTo: &out)
        return (out, hash)
    }

    /// Appends the line for `event` to `out` and returns its hash. Writes
    /// bytes directly: this is the append and bulk-apply hot path.
    @discardableResult
    public static func encode(_ event: Event, prev: Digest, appendingTo out: inout [UInt8]) -> Digest {
        let start = out.count
        @inline(__always) func raw(_ s: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        }
        @inline(__always) func hex(_ d: Digest) {
            let at = out.count
            out.append(contentsOf: repeatElement(0, count: 64))
            out.withUnsafeMutableBufferPointer { d.writeHex(into: $0.baseAddress.unsafelyUnwrapped + at) }
        }
        // Sorted keys: actor, at, axes, cid, name, object, prev, relation, seq, target, type, v; then hash.
        out.append(UInt8(ascii: "{"))
        if let actor = event.actor {
            raw("\"actor\":")
            appendJSONString(actor, to: &out)
            out.append(UInt8(ascii: ","))
        }
        raw("\"at\":\"")
        event.at.appendCanonical(to: &out)
        out.append(UInt8(ascii: "\""))
        var placement: Placement?
        if case .placed(let p) = event.payload { placement = p }
        if let p = placement {
            if p.axes == .both {
                raw(",\"axes\":[\"current\",\"normal\"]")
            } else if p.axes.contains(.current) {
                raw(",\"axes\":[\"current\"]")
            } else {
                raw(",\"axes\":[\"normal\"]")
            }
        }
        if let cid = event.commandID {
            raw(",\"cid\":")
            appendJSONString(cid, to: &out)
        }
        switch event.payload {
        case .created(_, let name), .renamed(_, let name):
            raw(",\"name\":")
            appendJSONString(name, to: &out)
        case .placed:
            break
        }
        raw(",\"object\":")
        appendJSONString(event.payload.object.rawValue, to: &out)
        raw(",\"prev\":\"")
        hex(prev)
        out.append(UInt8(ascii: "\""))
        if let p = placement {
            raw(",\"relation\":")
            appendJSONString(p.relation.token, to: &out)
        }
        raw(",\"seq\":")
        appendDecimal(event.seq, to: &out)
        if let p = placement {
            raw(",\"target\":")
            appendJSONString(p.target?.rawValue ?? ObjectID.worldToken, to: &out)
        }
        switch event.payload {
        case .created: raw(",\"type\":\"created\"")
        case .renamed: raw(",\"type\":\"renamed\"")
        case .placed: raw(",\"type\":\"placed\"")
        }
        raw(",\"v\":1")
        let hash = out.withUnsafeBytes { SHA256.hash(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        raw(",\"hash\":\"")
        hex(hash)
        raw("\"}\n")
        return hash
    }

    static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            )
        var v = value.magnitude
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            repeat {
                buf[19 - n] = 0x30 + UInt8(v % 10)
                v /= 10
                n += 1
            } while v > 0
            if value < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: buf[(20 - n)...])
        }
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control
    /// characters escaped, everything else as raw UTF-8.
    public static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: copy them whole.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

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
        out.reserveCapacity(256)
        out.append(UInt8(ascii: "{"))
        var first = true
        func key(_ name: String) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: "\":".utf8)
        }
        func string(_ text: String) { appendJSONString(text, to: &out) }
        // Sorted keys: actor, at, axes, cid, name, object, prev, relation, seq, target, type, v.
        if let actor = event.actor {
            key("actor")
            string(actor)
        }
        key("at")
        string(event.at.rfc3339)
        if case .placed(let p) = event.payload {
            key("axes")
            out.append(
                contentsOf: (p.axes == .both ? "[\"current\",\"normal\"]" : "[\"\(p.axes.axes[0].token)\"]").utf8)
        }
        if let cid = event.commandID {
            key("cid")
            string(cid)
        }
        switch event.payload {
        case .created(_, let name), .renamed(_, let name):
            key("name")
            string(name)
        case .placed:
            break
        }
        key("object")
        string(event.payload.object.rawValue)
        key("prev")
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: prev.hexBytes)
        out.append(UInt8(ascii: "\""))
        if case .placed(let p) = event.payload {
            key("relation")
            string(p.relation.token)
        }
        key("seq")
        out.append(contentsOf: String(event.seq).utf8)
        if case .placed(let p) = event.payload {
            key("target")
            string(p.target?.rawValue ?? ObjectID.worldToken)
        }
        key("type")
        string(event.payload.typeName)
        key("v")
        out.append(contentsOf: String(version).utf8)
        let hash = SHA256.hash(out)
        out.append(contentsOf: hashKey)
        out.append(contentsOf: hash.hexBytes)
        out.append(contentsOf: "\"}\n".utf8)
        return (out, hash)
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control
    /// characters escaped, everything else as raw UTF-8.
    public static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
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

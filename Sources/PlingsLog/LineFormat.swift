import PlingsDomain

/// The on-disk line format. See `docs/log-format.md`.
///
/// A line is one JSON object on one line, ended by `\n`. Its members come in
/// sorted key order, except `hash`, which is always the last member and is
/// the SHA-256 of every byte of the line before `,"hash":`. Each line's `prev`
/// is the previous line's `hash` (64 zeros on the first line): a chain.
/// `encode` is the only writer of lines and `LineCodec.scan` the only reader.
package enum LineFormat {
    /// The highest schema version this build reads and writes. A line is
    /// written as version 1 unless it needs a member or type of version 2 (or
    /// a diagonal relation, version 3).
    package static let version: Int64 = 4
    /// How far a writer's clock may be behind the log's last time before the line keeps the
    /// clock's own reading (`clock`, version 4) beside the clamped `at`: a minute.
    package static let clockTolerance: Int64 = 60_000
    /// The longest line accepted, in bytes, newline included.
    package static let maxLineBytes = 16 * 1024
    /// The largest whole number a line holds (`seq`, `dseq`, `batch`, `undoes`): at most 18 digits.
    package static let maxInteger: Int64 = 999_999_999_999_999_999
    /// The fixed-length end of every line: `,"hash":"` + 64 hex + `"}`.
    package static let hashSuffixLength = 75
    static let hashKey: [UInt8] = Array(",\"hash\":\"".utf8)

    /// The last bytes of every line whose hash is `hash`: `,"hash":"` + its
    /// 64 hex digits + `"}` and the newline (`hashSuffixLength` + 1 bytes).
    /// Whoever checks that a log still ends a line at some offset (a
    /// snapshot's cursor, a device's head) compares the bytes before it with these.
    package static func lineEnd(hash: Digest) -> [UInt8] {
        hashKey + hash.hexBytes + [0x22, 0x7D, 0x0A]
    }

    /// Whether the log in `file` ends a line with `hash` just before `offset`.
    package static func endsLine(in file: LogFile, at offset: Int64, hash: Digest) -> Bool {
        let end = lineEnd(hash: hash)
        guard offset >= Int64(end.count), let size = try? file.size(), size >= offset,
            let tail = try? file.bytes(at: offset - Int64(end.count), length: end.count)
        else { return false }
        return tail == end
    }

    /// Encodes `event` as one line chained after `prev`.
    /// - Parameter batch: the number of lines of the batch this line opens, when it opens one of two or more.
    /// - Returns: the bytes, ending in `\n`, and the line's own hash.
    package static func encode(_ event: Event, prev: Digest, batch: Int? = nil) -> (bytes: [UInt8], hash: Digest) {
        var out: [UInt8] = []
        out.reserveCapacity(320)
        let hash = encode(event, prev: prev, batch: batch, appendingTo: &out)
        return (out, hash)
    }

    /// Appends the line for `event` to `out` and returns its hash. Writes
    /// bytes directly (see `LineEncoder`, which a batch keeps for all its lines).
    @discardableResult
    package static func encode(
        _ event: Event, prev: Digest, batch: Int? = nil, appendingTo out: inout [UInt8]
    ) -> Digest {
        var encoder = LineEncoder()
        return encoder.encode(event, prev: prev, batch: batch, appendingTo: &out)
    }

    /// Whether `p` ends in `,"hash":"` + 64 lowercase hex digits + `"}` after `bodyEnd`.
    static func hasHashSuffix(_ p: UnsafeBufferPointer<UInt8>, bodyEnd: Int) -> Bool {
        let n = p.count
        guard bodyEnd >= 1, bodyEnd + hashSuffixLength == n, p[n - 2] == 0x22, p[n - 1] == 0x7D else { return false }
        for k in 0..<hashKey.count where p[bodyEnd + k] != hashKey[k] { return false }
        return isLowerHex64(p, at: bodyEnd + 9)
    }

    /// Whether the 64 bytes at `at` are all lowercase hex digits, eight bytes
    /// at a time: adding a constant to each byte sets its high bit exactly when
    /// the byte is at least some bound (no carries, since every byte is below 0x80).
    @inline(__always)
    static func isLowerHex64(_ p: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        guard at >= 0, at + 64 <= p.count, let start = p.baseAddress else { return false }
        let base = UnsafeRawPointer(start + at)
        let high: UInt64 = 0x8080_8080_8080_8080
        for k in stride(from: 0, to: 64, by: 8) {
            let w = base.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            if w & high != 0 { return false }
            let atLeast0 = w &+ 0x5050_5050_5050_5050
            let above9 = w &+ 0x4646_4646_4646_4646
            let atLeastA = w &+ 0x1F1F_1F1F_1F1F_1F1F
            let aboveF = w &+ 0x1919_1919_1919_1919
            if ((atLeast0 & ~above9) | (atLeastA & ~aboveF)) & high != high { return false }
        }
        return true
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control
    /// characters escaped, everything else as raw UTF-8.
    package static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        var text = text
        // Read as one buffer: a sync writes several strings a command, and stepping through a
        // string's UTF-8 view byte by byte took as long as the rest of the line.
        text.withUTF8 { appendJSONString(bytes: $0, to: &out) }
    }

    /// `appendJSONString` of the UTF-8 `bytes`.
    private static func appendJSONString(bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: copy them whole.
        var plain = 0
        while plain < bytes.count, bytes[plain] >= 0x20, bytes[plain] != 0x22, bytes[plain] != 0x5C { plain += 1 }
        if plain == bytes.count {
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in bytes {
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

/// The rule for files that are not Plings logs. Every line Plings writes
/// starts with `{"at":"` and a time in its one form, or with `{"actor":"`, a
/// string, and then `,"at":"` and the time. A file whose first bytes do not
/// follow that pattern as far as they go was never written by Plings, and is
/// never appended to, cut or quarantined; every command refuses it. A file of
/// a few bytes that begin one of those openings is taken for the torn start
/// of a first line (what a crash during the first append leaves); the next
/// append sets it aside in the quarantine file. An empty file is an empty log.
package enum LogOwnership {
    static let atOpening = Array("{\"at\":\"".utf8)
    static let actorOpening = Array("{\"actor\":\"".utf8)
    static let afterActor = Array(",\"at\":\"".utf8)
    /// The time's shape: `d` a digit, anything else itself, then the closing quote.
    static let timeShape = Array("dddd-dd-ddTdd:dd:dd.dddZ\"".utf8)

    /// Whether a file whose first bytes are `prefix` may be a Plings log (or
    /// the torn start of one).
    package static func mayBeOurs(_ prefix: [UInt8]) -> Bool {
        if prefix.isEmpty { return true }
        if prefix.count < actorOpening.count,
            atOpening.starts(with: prefix) || actorOpening.starts(with: prefix)
        {
            return true
        }
        if prefix.starts(with: atOpening) { return followsTime(prefix, from: atOpening.count) }
        guard prefix.starts(with: actorOpening) else { return false }
        // The actor's string: no raw control characters, escapes skipped, up to its closing quote.
        var i = actorOpening.count
        while i < prefix.count {
            let c = prefix[i]
            if c < 0x20 { return false }
            if c == 0x5C {
                i += 2
                continue
            }
            if c == 0x22 { break }
            i += 1
        }
        i += 1
        guard i < prefix.count else { return true }
        let rest = prefix[i...]
        let n = min(rest.count, afterActor.count)
        guard rest.prefix(n).elementsEqual(afterActor.prefix(n)) else { return false }
        return rest.count <= afterActor.count || followsTime(prefix, from: i + afterActor.count)
    }

    private static func followsTime(_ prefix: [UInt8], from start: Int) -> Bool {
        for (k, shape) in timeShape.enumerated() where start + k < prefix.count {
            let c = prefix[start + k]
            if shape == UInt8(ascii: "d") ? !(c >= 0x30 && c <= 0x39) : c != shape { return false }
        }
        return true
    }

    /// Whether a whole first line `line` may be a Plings line (damaged or not).
    package static func mayBeOurs(line: UnsafeBufferPointer<UInt8>) -> Bool {
        mayBeOurs(Array(line.prefix(64)))
    }
}

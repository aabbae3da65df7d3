/// The rule for files that are not Plings logs: every line Plings writes
/// starts with `{"actor":"` or `{"at":"`, so a file whose first bytes cannot
/// begin such a line was never written by Plings, and is never appended to,
/// cut or quarantined. An empty file is an empty log.
package enum LogOwnership {
    static let openings: [[UInt8]] = [Array("{\"actor\":\"".utf8), Array("{\"at\":\"".utf8)]

    /// Whether a file whose first bytes are `prefix` may be a Plings log (or
    /// the torn start of one).
    package static func mayBeOurs(_ prefix: [UInt8]) -> Bool {
        if prefix.isEmpty { return true }
        return openings.contains { opening in
            let n = min(opening.count, prefix.count)
            return prefix[0..<n].elementsEqual(opening[0..<n])
        }
    }

    /// Whether a whole first line `line` may be a Plings line (damaged or not).
    package static func mayBeOurs(line: UnsafeBufferPointer<UInt8>) -> Bool {
        mayBeOurs(Array(line.prefix(10))) && line.count >= 10
    }
}

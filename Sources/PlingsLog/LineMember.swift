import PlingsDomain

/// The members a line may have, in the one order they must appear (sorted
/// keys; `hash` is not listed: it always closes the line).
package enum LineMember: Int, Sendable, CaseIterable {
    case actor, at, axes, batch, cid, code, command, dat, device, dseq, name, note, object, prev, reason, relation,
        seq, target, type, undoes, v

    /// The key as written.
    package var key: String { "\(self)" }

    /// Whether a version-1 line may carry the member.
    package var isVersion1: Bool {
        switch self {
        case .actor, .at, .axes, .cid, .name, .object, .prev, .relation, .seq, .target, .type, .v: return true
        case .batch, .code, .command, .dat, .device, .dseq, .note, .reason, .undoes: return false
        }
    }

    static let keys: [[UInt8]] = allCases.map { Array($0.key.utf8) }

    /// The member whose key is `bytes`, or nil for a key no line has.
    @inline(__always)
    static func named(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> LineMember? {
        let count = range.count
        guard count >= 1, count <= 8 else { return nil }
        // Keys are distinct by their first byte and length, except a few; compare in full anyway.
        for (index, key) in keys.enumerated() where key.count == count && key[0] == p[range.lowerBound] {
            var same = true
            for k in 1..<count where p[range.lowerBound + k] != key[k] {
                same = false
                break
            }
            if same { return LineMember(rawValue: index) }
        }
        return nil
    }
}

extension Relation {
    /// Whether a line with this relation must be version 2 (the depth
    /// relations came with it, so an older reader says "upgrade Plings").
    var isVersion2: Bool { self == .inFrontOf || self == .behind }
}

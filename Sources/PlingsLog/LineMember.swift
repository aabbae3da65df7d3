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

    /// The members every line has.
    static let required: [LineMember] = [.at, .object, .prev, .seq, .type, .v]
    static let requiredMask: UInt32 = required.reduce(0) { $0 | 1 << $1.rawValue }

    /// Each key's bytes as one little-endian word (keys are at most 8 bytes).
    static let keyWords: [UInt64] = allCases.map { member in
        member.key.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// The member whose key is `bytes`, or nil for a key no line has.
    /// A key is followed by at least the 75 bytes of the hash member, so
    /// reading 8 bytes from its start stays inside the line.
    @inline(__always)
    static func named(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> LineMember? {
        let count = range.count
        guard count >= 1, count <= 8, range.lowerBound + 8 <= p.count, let base = p.baseAddress else { return nil }
        let raw = UInt64(littleEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self))
        let word = count == 8 ? raw : raw & ((1 << (8 * UInt64(count))) - 1)
        return keyWords.withUnsafeBufferPointer { words in
            for k in 0..<words.count where words[k] == word { return LineMember(rawValue: k) }
            return nil
        }
    }
}

extension Relation {
    /// Whether a line with this relation must be version 2 (the depth
    /// relations came with it, so an older reader says "upgrade Plings").
    var isVersion2: Bool { self == .inFrontOf || self == .behind }
}

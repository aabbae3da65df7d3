import PlingsDomain

/// The members a line may have, in the one order they must appear (sorted
/// keys; `hash` is not listed: it always closes the line).
package enum LineMember: Int, Sendable, CaseIterable {
    case actor, at, axes, batch, cid, clock, code, command, dat, device, dseq, due, name, note, object, prev, reason,
        relation, seq, target, type, undoes, v

    /// The key as written.
    package var key: String { "\(self)" }

    /// Whether a version-1 line may carry the member.
    package var isVersion1: Bool {
        switch self {
        case .actor, .at, .axes, .cid, .name, .object, .prev, .relation, .seq, .target, .type, .v: return true
        case .batch, .clock, .code, .command, .dat, .device, .dseq, .due, .note, .reason, .undoes: return false
        }
    }

    /// The members every line has.
    static let required: [LineMember] = [.at, .object, .prev, .seq, .type, .v]
    static let requiredMask: UInt32 = required.reduce(0) { $0 | 1 << $1.rawValue }

    /// The member whose key is `word` (the key's bytes, little-endian, the
    /// rest zero: see `ByteWord.token`), or nil for a key no line has. A
    /// switch over constants, so no table is looked up; the tests check each
    /// key against it.
    @inline(__always)
    static func named(word: UInt64) -> LineMember? {
        switch word {
        case 0x72_6f74_6361: return .actor
        case 0x7461: return .at
        case 0x7365_7861: return .axes
        case 0x68_6374_6162: return .batch
        case 0x64_6963: return .cid
        case 0x6b_636f_6c63: return .clock
        case 0x6564_6f63: return .code
        case 0x64_6e61_6d6d_6f63: return .command
        case 0x74_6164: return .dat
        case 0x6563_6976_6564: return .device
        case 0x7165_7364: return .dseq
        case 0x65_7564: return .due
        case 0x656d_616e: return .name
        case 0x6574_6f6e: return .note
        case 0x7463_656a_626f: return .object
        case 0x7665_7270: return .prev
        case 0x6e6f_7361_6572: return .reason
        case 0x6e6f_6974_616c_6572: return .relation
        case 0x71_6573: return .seq
        case 0x7465_6772_6174: return .target
        case 0x6570_7974: return .type
        case 0x7365_6f64_6e75: return .undoes
        case 0x76: return .v
        default: return nil
        }
    }

    /// The member whose key is `bytes`, or nil for a key no line has.
    @inline(__always)
    static func named(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> LineMember? {
        guard !range.isEmpty, let word = ByteWord.token(p, range) else { return nil }
        return named(word: word)
    }
}

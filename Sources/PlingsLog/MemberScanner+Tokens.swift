import PlingsDomain

/// The tokens of `type` and `relation` values, matched as words (see
/// `ByteWord.token`) by switches over constants instead of through tables.
extension MemberScanner {
    /// The event type whose token is `bytes`, or nil.
    @inline(__always)
    static func eventKind(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> EventKind? {
        guard let word = ByteWord.token(p, range) else { return nil }
        switch word {
        case 0x64_6574_6165_7263: return .created
        case 0x64_656d_616e_6572: return .renamed
        case 0x6465_6361_6c70: return .placed
        case 0x6465_6e72_7574_6572: return .returned
        case 0x6e65_6573: return .seen
        case 0x6465_7669_6863_7261: return .archived
        case 0x6465_726f_7473_6572: return .restored
        case 0x64_6573_7566_6572: return .refused
        case 0x746e_656c: return .lent
        default: return nil
        }
    }

    /// The relation whose token is `bytes`, or nil.
    @inline(__always)
    static func relation(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Relation? {
        guard let word = ByteWord.token(p, range) else {
            let bytes = UnsafeBufferPointer(rebasing: p[range])
            if equal(bytes, attachedToToken) { return .attachedTo }
            if equal(bytes, inFrontOfToken) { return .inFrontOf }
            return diagonal(bytes)
        }
        switch word {
        case 0x6e69: return .in
        case 0x6e6f: return .on
        case 0x72_6564_6e75: return .under
        case 0x65_766f_6261: return .above
        case 0x66_6f2d_7466_656c: return .leftOf
        case 0x666f_2d74_6867_6972: return .rightOf
        case 0x6f_742d_7478_656e: return .nextTo
        case 0x646e_6968_6562: return .behind
        default: return nil
        }
    }

    static let attachedToToken: [UInt8] = Array(Relation.attachedTo.token.utf8)
    static let inFrontOfToken: [UInt8] = Array(Relation.inFrontOf.token.utf8)

    /// The diagonal whose token is `bytes` (`behind,left-of`), or nil; only
    /// tokens longer than a word get here, never the common line's.
    static func diagonal(_ bytes: UnsafeBufferPointer<UInt8>) -> Relation? {
        guard bytes.count >= 10, bytes.contains(UInt8(ascii: ",")) else { return nil }
        for (relation, token) in diagonalTokens where equal(bytes, token) { return relation }
        return nil
    }

    static let diagonalTokens: [(Relation, [UInt8])] = Relation.diagonals.map { ($0, Array($0.token.utf8)) }
}

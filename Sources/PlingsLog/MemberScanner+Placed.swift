import PlingsDomain

/// The shortcut for the common line, a version-1 `placed` event: its keys
/// and punctuation come in one fixed order, so they are compared a word at a
/// time as whole runs (`,"prev":`, `,"type":"placed","v":1`) instead of
/// reading each key and choosing its value's reader. The values are read by
/// the same readers as on the general path. At the first byte that differs
/// the shortcut gives up, and the caller scans the line afresh on the
/// general path: a line the shortcut accepts is one the general path accepts,
/// with the same fields (the tests compare the two at every byte).
extension MemberScanner {
    /// Reads a whole version-1 `placed` line's members (from `{` up to
    /// `end`) into `f`; false, with `f` and `i` in no particular state, when
    /// the line is anything else. A line it accepts also passes
    /// `LineCodec.shapeProblem`: every member a `placed` line needs, none it
    /// may not carry, and a relation of version 1.
    @inline(__always)
    mutating func placedLine(into f: inout LineFields) -> Bool {
        i = 1
        if literal(0x3a22_726f_7463_6122, 8) {  // "actor":
            guard placedString(.actor, into: &f), literal(0x3a22_7461_222c, 6) else { return false }  // ,"at":
        } else {
            guard literal(0x3a_2274_6122, 5) else { return false }  // "at":
        }
        guard let at = fixedString(24, Timestamp.parseCanonical) else { return false }
        f.at = at
        guard literal(0x3a22_7365_7861_222c, 8), let axes = axisList() else { return false }  // ,"axes":
        f.axes = axes
        guard literal(0x7463_656a_626f_222c, 8), literal(0x3a22, 2),  // ,"object ":
            placedString(.object, into: &f)
        else { return false }
        // ,"prev":
        guard literal(0x3a22_7665_7270_222c, 8), let prev = fixedString(64, { Digest(hexBytes: $0) }) else {
            return false
        }
        f.prev = prev
        guard literal(0x6974_616c_6572_222c, 8), literal(0x3a22_6e6f, 4),  // ,"relati on":
            placedString(.relation, into: &f), f.relation?.lineVersion == 1
        else { return false }
        guard literal(0x3a_2271_6573_222c, 7), let seq = integer(), seq >= 1 else { return false }  // ,"seq":
        f.seq = seq
        guard literal(0x7465_6772_6174_222c, 8), literal(0x3a22, 2),  // ,"target ":
            placedString(.target, into: &f)
        else { return false }
        // ,"type": "placed" ,"v":1 — and the members end there.
        guard literal(0x3a22_6570_7974_222c, 8), literal(0x2264_6563_616c_7022, 8), literal(0x313a_2276_222c, 6),
            i == end
        else { return false }
        f.type = .placed
        f.version = 1
        return true
    }

    /// `stringMember` for the four string members of a `placed` line, in the
    /// forms the writer makes (no escapes, a known relation,
    /// a valid actor, an id of up to 8 bytes checked a word at a time); false for anything
    /// else, which the general path then reads. Answering with a `Bool`
    /// instead of a `LineProblem?` spares copying that large value back
    /// from every call.
    @inline(__always)
    private mutating func placedString(_ member: LineMember, into f: inout LineFields) -> Bool {
        guard let span = string(), !span.escaped, let base = p.baseAddress else { return false }
        let range = span.range
        switch member {
        case .actor:
            guard Actor.problem(bytes: UnsafeBufferPointer(rebasing: p[range])) == nil else { return false }
            f.actor = span
        case .relation:
            guard let relation = Self.relation(p, range) else { return false }
            f.relation = relation
        case .object:
            guard let key = idKey(base, range) else { return false }
            f.object = span
            f.objectKey = key
        case .target:
            if let key = idKey(base, range) {
                f.target = span
                f.targetKey = key
            } else {
                guard Self.equal(UnsafeBufferPointer(rebasing: p[range]), Self.worldToken) else { return false }
                f.targetIsWorld = true
            }
        default:
            return false
        }
        return true
    }

    /// The table key of the valid id at `range` (`ObjectRegistry.key` of
    /// an id of up to 8 bytes, read as one word by `ShortID`; 0 for a longer
    /// one, whose key the registry makes from its bytes), or nil when it is
    /// not a valid id. Every reader of an id in a line finds it here.
    @inline(__always)
    func idKey(_ range: Range<Int>) -> UInt64? {
        guard let base = p.baseAddress else { return nil }
        return idKey(base, range)
    }

    @inline(__always)
    private func idKey(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> UInt64? {
        if range.count <= 8 { return ShortID.key(base + range.lowerBound, count: range.count) }
        return ObjectID.isValid(UnsafeBufferPointer(rebasing: p[range])) ? 0 : nil
    }

    /// Takes the `count` (1–8) bytes at `i` when they are `word`'s low bytes
    /// (little-endian) and lie before `end`. Reads 8 bytes: the hash member
    /// (75 bytes) always follows `end`.
    @inline(__always)
    private mutating func literal(_ word: UInt64, _ count: Int) -> Bool {
        guard i + count <= end, let base = p.baseAddress, ByteWord.low(ByteWord.load(base, i), count) == word else {
            return false
        }
        i += count
        return true
    }
}

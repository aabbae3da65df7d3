import PlingsDomain

/// The one strict reader of the line format (see `docs/log-format.md`).
///
/// A line is accepted only in the exact layout `LineFormat.encode` writes:
/// members in sorted key order, no spaces, integers without leading zeros,
/// times in the canonical 24-byte form, strings with only the escapes the
/// encoder makes, valid UTF-8, and a `hash` member that is the SHA-256 of
/// every byte before `,"hash":`. So `encode(decode(line)) == line` for every
/// accepted line, and every path that reads lines (replay, verify, catch-up,
/// the snapshot check, `log`) calls `scan`: there is no second set of rules.
package enum LineCodec {
    /// Scans and checks one line (without its `\n`), including its own hash.
    package static func scan(_ p: UnsafeBufferPointer<UInt8>) -> Result<LineFields, LineProblem> {
        var fields = LineFields()
        if let problem = scan(p, into: &fields) { return .failure(problem) }
        return .success(fields)
    }

    /// `scan`, filling `fields` (fresh) in place, with no copies of the members on the way.
    /// - Returns: what is wrong with the line, or nil when it passed.
    @inline(__always)
    package static func scan(_ p: UnsafeBufferPointer<UInt8>, into fields: inout LineFields) -> LineProblem? {
        if let problem = members(p, into: &fields) { return problem }
        return ownHash(SHA256.hash(body(p, fields)), &fields)
    }

    /// `scan` of two lines at once, each by the same rules as alone, with
    /// their own hashes computed together (`SHA256.hash2`) when both get that far.
    /// - Returns: what is wrong with each line, or nil for a line that passed.
    @inline(__always)
    package static func scan(
        _ a: UnsafeBufferPointer<UInt8>, into fa: inout LineFields, _ b: UnsafeBufferPointer<UInt8>,
        into fb: inout LineFields
    ) -> (LineProblem?, LineProblem?) {
        let problemA = members(a, into: &fa)
        let problemB = members(b, into: &fb)
        switch (problemA, problemB) {
        case (nil, nil):
            let (hashA, hashB) = SHA256.hash2(body(a, fa), body(b, fb))
            return (ownHash(hashA, &fa), ownHash(hashB, &fb))
        case (nil, _):
            return (ownHash(SHA256.hash(body(a, fa)), &fa), problemB)
        case (_, nil):
            return (problemA, ownHash(SHA256.hash(body(b, fb)), &fb))
        default:
            return (problemA, problemB)
        }
    }

    /// Every rule but the own hash: the bytes, the structure, the shape.
    /// `fields.hash` is the written hash when it passed.
    /// - Parameter shortcut: whether to try `MemberScanner.placedLine` first
    ///   (false only in the tests that compare it with the general path).
    @inline(__always)
    package static func members(
        _ p: UnsafeBufferPointer<UInt8>, into fields: inout LineFields, shortcut: Bool = true
    ) -> LineProblem? {
        // Name the most basic fault first: the bytes, then the structure.
        if let problem = head(p, into: &fields) { return LineBytes.problem(p) ?? problem }
        var scanner = MemberScanner(p: p, end: fields.bodyEnd)
        if shortcut {
            // A line the shortcut took has its shape (see `placedLine`).
            if scanner.placedLine(into: &fields) { return nil }
            let (bodyEnd, hash) = (fields.bodyEnd, fields.hash)
            fields = LineFields()
            (fields.bodyEnd, fields.hash) = (bodyEnd, hash)
            scanner.i = 1
        }
        if let problem = structure(&scanner, into: &fields) { return LineBytes.problem(p) ?? problem }
        return shapeProblem(fields)
    }

    /// Whether the shortcut (`MemberScanner.placedLine`) takes the line: for
    /// the tests, which check that the common lines take it.
    package static func takesShortcut(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        var fields = LineFields()
        guard head(p, into: &fields) == nil else { return false }
        var scanner = MemberScanner(p: p, end: fields.bodyEnd)
        return scanner.placedLine(into: &fields)
    }

    /// The hashed bytes of a line that passed `members`: every byte before `,"hash":`.
    @inline(__always)
    static func body(_ p: UnsafeBufferPointer<UInt8>, _ fields: LineFields) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: p.baseAddress, count: fields.bodyEnd)
    }

    /// The own-hash rule: the line's bytes hash (`computed`) to the written hash.
    @inline(__always)
    static func ownHash(_ computed: Digest, _ fields: inout LineFields) -> LineProblem? {
        guard computed == fields.hash else {
            fields.hash = .zero
            return .ownHash(seq: fields.seq)
        }
        return nil
    }

    /// `,"hash":"` as a word and a byte, to compare in two steps.
    private static let hashKeyWord: UInt64 = 0x3a22_6873_6168_222c
    private static let hashKeyLast: UInt8 = 0x22

    /// The written hash of a line ending in `,"hash":"<64 lowercase hex>"}`
    /// (the layout `LineFormat.hasHashSuffix` checks), read in the same pass.
    @inline(__always)
    static func writtenHash(_ p: UnsafeBufferPointer<UInt8>, bodyEnd: Int) -> Digest? {
        let n = p.count
        guard bodyEnd >= 1, bodyEnd + LineFormat.hashSuffixLength == n, let base = p.baseAddress,
            base[n - 2] == 0x22, base[n - 1] == 0x7D, ByteWord.load(base, bodyEnd) == hashKeyWord,
            base[bodyEnd + 8] == hashKeyLast
        else { return nil }
        return Digest(hexBytes: UnsafeBufferPointer(start: base + bodyEnd + 9, count: 64))
    }

    /// The line's frame: its length, its `{`, and the `hash` member that
    /// closes it (into `fields.hash`, with `fields.bodyEnd`).
    @inline(__always)
    static func head(_ p: UnsafeBufferPointer<UInt8>, into fields: inout LineFields) -> LineProblem? {
        let n = p.count
        if n + 1 > LineFormat.maxLineBytes { return .tooLong(n + 1) }
        guard n >= 2, p[0] == 0x7B else { return .notAnObject }
        guard n >= LineFormat.hashSuffixLength + 2 else { return .missingHash }
        let bodyEnd = n - LineFormat.hashSuffixLength
        fields.bodyEnd = bodyEnd
        guard let written = writtenHash(p, bodyEnd: bodyEnd) else { return .missingHash }
        fields.hash = written
        return nil
    }

    /// The structural pass: members in order, each value in its one form.
    static func structure(_ scanner: inout MemberScanner, into fields: inout LineFields) -> LineProblem? {
        let p = scanner.p
        let bodyEnd = scanner.end
        var last = -1
        var seen: UInt32 = 0
        while scanner.i < bodyEnd {
            if last >= 0 {
                guard scanner.take(0x2C) else { return .badJSON(.notSeparated) }
            }
            guard let member = scanner.key() else {
                return .badJSON(.keyNotPlain)
            }
            guard let known = member.known else { return .unexpectedField(member.text(in: p)) }
            if seen & (1 << known.rawValue) != 0 { return .badField(known.key, .appearsTwice) }
            seen |= 1 << known.rawValue
            guard known.rawValue > last else {
                return .badJSON(.outOfOrder(known.key))
            }
            last = known.rawValue
            if let problem = scanner.value(for: known, into: &fields) { return problem }
        }
        guard seen & LineMember.requiredMask == LineMember.requiredMask else {
            let missing = LineMember.required.first { seen & (1 << $0.rawValue) == 0 }
            return .missingField(missing?.key ?? "v")
        }
        return nil
    }

    /// The rules that tie members together: version, members per type, origin.
    static func shapeProblem(_ f: LineFields) -> LineProblem? {
        let needsVersion2 =
            f.batch != nil || f.code != nil || f.command != nil || f.dat != nil || f.device != nil || f.dseq != nil
            || f.note != nil || f.reason != nil || f.undoes != nil || f.type.minimumVersion > 1
        let needed = max(
            needsVersion2 ? 2 : 1, f.relation?.lineVersion ?? 1, f.type.minimumVersion, lendVersion(f),
            f.hasClock ? 4 : 1)
        if f.version < needed {
            return .badField("v", .versionTooLowForMembers)
        }
        if f.version > needed {
            return .badField("v", .versionHigherThanNeeded)
        }
        let origins = (f.device != nil ? 1 : 0) + (f.dseq != nil ? 1 : 0) + (f.dat != nil ? 1 : 0)
        if origins != 0 && origins != 3 {
            return .badField("device", .originIncomplete)
        }
        if let batch = f.batch, batch < 2 { return .badField("batch", .tooSmall(minimum: 2)) }
        if let dseq = f.dseq, dseq < 1 { return .badField("dseq", .tooSmall(minimum: 1)) }
        if let undoes = f.undoes, undoes < 1 || undoes >= f.seq {
            return .badField("undoes", .undoesNotEarlier)
        }
        if f.note != nil && f.type != .archived && f.type != .lent { return .unexpectedField("note") }
        if f.due != nil && f.type != .lent { return .unexpectedField("due") }
        if f.type == .refused { return refusedShapeProblem(f) }
        if f.code != nil || f.command != nil || f.reason != nil {
            return .unexpectedField(f.code != nil ? "code" : f.command != nil ? "command" : "reason")
        }
        switch f.type {
        case .created, .renamed:
            if f.relation != nil { return .unexpectedField("relation") }
            if f.target != nil || f.targetIsWorld { return .unexpectedField("target") }
            if f.axes != nil { return .unexpectedField("axes") }
            if f.name == nil { return .missingField("name") }
            if f.type == .created && f.undoes != nil { return .unexpectedField("undoes") }
        case .placed, .restored:
            if f.name != nil { return .unexpectedField("name") }
            if f.relation == nil { return .missingField("relation") }
            if f.target == nil && !f.targetIsWorld { return .missingField("target") }
            if f.axes == nil { return .missingField("axes") }
            if f.type == .restored && f.undoes != nil { return .unexpectedField("undoes") }
        case .returned, .seen, .archived:
            return objectOnlyProblem(f)
        case .lent:
            return lentShapeProblem(f)
        case .refused:
            break
        }
        return nil
    }

    /// A `refused` line of a `lend` is version 4 (an older reader says "upgrade" instead of
    /// refusing the command's kind); every other line needs nothing for this.
    static func lendVersion(_ f: LineFields) -> Int64 {
        f.type == .refused && f.commandIsLend ? 4 : 1
    }

    /// A `lent` line: the borrower as `target` (a thing) or `name`, exactly one of them, and
    /// optionally `due` and `note`; no relation, axes or undoes.
    static func lentShapeProblem(_ f: LineFields) -> LineProblem? {
        if f.relation != nil { return .unexpectedField("relation") }
        if f.axes != nil { return .unexpectedField("axes") }
        if f.undoes != nil { return .unexpectedField("undoes") }
        if f.targetIsWorld { return .badField("target", .notID(nil)) }
        if f.target != nil && f.name != nil { return .unexpectedField("name") }
        if f.target == nil && f.name == nil { return .missingField("target") }
        return nil
    }

    /// `returned`, `seen` and `archived` carry the object (and `archived` an optional note) only.
    static func objectOnlyProblem(_ f: LineFields) -> LineProblem? {
        if f.name != nil { return .unexpectedField("name") }
        if f.relation != nil { return .unexpectedField("relation") }
        if f.target != nil || f.targetIsWorld { return .unexpectedField("target") }
        if f.axes != nil { return .unexpectedField("axes") }
        if f.undoes != nil { return .unexpectedField("undoes") }
        return nil
    }

    /// A `refused` line: the refused command's kind, a code and a reason,
    /// always with its origin; its other members are the command's own.
    static func refusedShapeProblem(_ f: LineFields) -> LineProblem? {
        if f.command == nil { return .missingField("command") }
        if f.code == nil { return .missingField("code") }
        if f.reason == nil { return .missingField("reason") }
        if f.device == nil { return .missingField("device") }
        if f.undoes != nil { return .unexpectedField("undoes") }
        if f.command?.range.isEmpty ?? false { return .badField("command", .empty) }
        if f.code?.range.isEmpty ?? false { return .badField("code", .empty) }
        if f.reason?.range.isEmpty ?? false { return .badField("reason", .empty) }
        return nil
    }
}

/// A line's verdict from `LineCodec.scan`, when a pipelined read (see
/// `ReadAhead`) scanned it on the reading thread.
package enum ScanVerdict {
    /// Not scanned yet: `ChainChecker.admit` scans it.
    case pending
    /// It passed; its members, valid while the caller's closure runs.
    case passed(UnsafePointer<LineFields>)
    case refused(LineProblem)
}

/// Byte-level faults of a whole line, named before structural ones.
enum LineBytes {
    static func problem(_ line: UnsafeBufferPointer<UInt8>) -> LineProblem? {
        if line.count + 1 > LineFormat.maxLineBytes { return .tooLong(line.count + 1) }
        if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { return .byteOrderMark }
        var ascii = true
        for byte in line {
            if byte == 0x0D { return .carriageReturn }
            if byte == 0 { return .nul }
            if byte >= 0x80 { ascii = false }
        }
        if !ascii && !UTF8Check.isValid(line) { return .invalidUTF8 }
        return nil
    }
}

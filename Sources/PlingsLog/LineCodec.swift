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
        switch structure(p) {
        case .success(let fields):
            if let problem = shapeProblem(fields) { return .failure(problem) }
            let body = UnsafeRawBufferPointer(start: p.baseAddress, count: fields.bodyEnd)
            let hex = UnsafeBufferPointer(rebasing: p[fields.hashStart..<(fields.hashStart + 64)])
            guard let written = Digest(hexBytes: hex), SHA256.hash(body) == written
            else { return .failure(.ownHash(seq: fields.seq)) }
            return .success(fields)
        case .failure(let problem):
            // Name the most basic fault first: the bytes, then the structure.
            return .failure(LineBytes.problem(p) ?? problem)
        }
    }

    /// The structural pass: members in order, each value in its one form.
    static func structure(_ p: UnsafeBufferPointer<UInt8>) -> Result<LineFields, LineProblem> {
        let n = p.count
        if n + 1 > LineFormat.maxLineBytes { return .failure(.tooLong(n + 1)) }
        guard n >= 2, p[0] == 0x7B else { return .failure(.notAnObject) }
        guard n >= LineFormat.hashSuffixLength + 2 else { return .failure(.missingHash) }
        let bodyEnd = n - LineFormat.hashSuffixLength
        var fields = LineFields()
        fields.bodyEnd = bodyEnd
        fields.hashStart = bodyEnd + 9
        guard LineFormat.hasHashSuffix(p, bodyEnd: bodyEnd) else { return .failure(.missingHash) }
        var scanner = MemberScanner(p: p, end: bodyEnd)
        var last = -1
        var seen: UInt32 = 0
        while scanner.i < bodyEnd {
            if last >= 0 {
                guard scanner.take(0x2C) else { return .failure(.badJSON("members are not separated by ','")) }
            }
            guard let member = scanner.key() else {
                return .failure(.badJSON("a member's key is not a plain \"key\":"))
            }
            guard let known = member.known else { return .failure(.unexpectedField(member.text)) }
            if seen & (1 << known.rawValue) != 0 { return .failure(.badField(known.key, "appears twice")) }
            seen |= 1 << known.rawValue
            guard known.rawValue > last else {
                return .failure(.badJSON("the member '\(known.key)' is out of the sorted key order"))
            }
            last = known.rawValue
            if let problem = scanner.value(for: known, into: &fields) { return .failure(problem) }
        }
        for required in [LineMember.at, .object, .prev, .seq, .type, .v] where seen & (1 << required.rawValue) == 0 {
            return .failure(.missingField(required.key))
        }
        return .success(fields)
    }

    /// The rules that tie members together: version, members per type, origin.
    static func shapeProblem(_ f: LineFields) -> LineProblem? {
        let needsVersion2 =
            f.batch != nil || f.code != nil || f.command != nil || f.dat != nil || f.device != nil || f.dseq != nil
            || f.note != nil || f.reason != nil || f.undoes != nil || f.type.minimumVersion > 1
            || (f.relation?.isVersion2 ?? false)
        if f.version == 1 && needsVersion2 {
            return .badField("v", "is 1 but the line carries members of version 2")
        }
        if f.version == 2 && !needsVersion2 {
            return .badField("v", "is 2 but the line needs only version 1 (this build writes it as 1)")
        }
        let origin = [f.device != nil, f.dseq != nil, f.dat != nil]
        if origin.contains(true) && origin.contains(false) {
            return .badField("device", "dseq and dat come together or not at all")
        }
        if let batch = f.batch, batch < 2 { return .badField("batch", "must be 2 or more") }
        if let dseq = f.dseq, dseq < 1 { return .badField("dseq", "must be 1 or more") }
        if let undoes = f.undoes, undoes < 1 || undoes >= f.seq {
            return .badField("undoes", "must name an earlier event")
        }
        if f.code != nil || f.command != nil || f.reason != nil {
            return .unexpectedField(f.code != nil ? "code" : "reason")
        }
        if f.note != nil && f.type != .archived { return .unexpectedField("note") }
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
        }
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

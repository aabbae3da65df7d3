import PlingsKit

/// The body lines of pushes and verdicts, and the lines of the pending
/// queue, read and written by `WireJSON` (the same JSON the coders wrote:
/// sorted keys, so a line reads back to its own bytes). Version 4 adds the
/// compact forms (see docs/sync.md): a pushed command as one array of its
/// values, and the verdicts as runs.
enum SyncLines {
    // MARK: Version 2 (and the pending queue)

    static func line(_ p: SyncProtocol.Pushed) -> [UInt8] {
        WireJSON.encode(
            .object([
                ("command", p.command.json), ("dat", .string(p.dat)), ("dseq", .integer(p.dseq)),
                ("seen", .integer(p.seen)),
            ]))
    }

    static func pushed(_ line: ArraySlice<UInt8>) throws(SyncError) -> SyncProtocol.Pushed {
        guard let value = WireJSON.parse(line), let dseq = value["dseq"]?.integer, let dat = value["dat"]?.string,
            let seen = value["seen"]?.integer, let command = value["command"].flatMap(WireCommand.init(json:))
        else { throw bad("pushed command", line) }
        return SyncProtocol.Pushed(dseq: dseq, dat: dat, seen: seen, command: command)
    }

    static func line(_ v: SyncProtocol.Verdict) -> [UInt8] {
        var members: [(String, WireJSON)] = []
        if let code = v.code { members.append(("code", .string(code))) }
        members.append(("dseq", .integer(v.dseq)))
        if let reason = v.reason { members.append(("reason", .string(reason))) }
        if let seq = v.seq { members.append(("seq", .integer(seq))) }
        members.append(("verdict", .string(v.verdict)))
        return WireJSON.encode(.object(members))
    }

    static func verdict(_ line: ArraySlice<UInt8>) throws(SyncError) -> SyncProtocol.Verdict {
        guard let value = WireJSON.parse(line), let dseq = value["dseq"]?.integer,
            let verdict = value["verdict"]?.string,
            let seq = optional(value["seq"], \.integer), let code = optional(value["code"], \.string),
            let reason = optional(value["reason"], \.string)
        else { throw bad("verdict", line) }
        return SyncProtocol.Verdict(dseq: dseq, verdict: verdict, seq: seq, code: code, reason: reason)
    }

    // MARK: Version 4

    /// `[dseq,dat,seen,kind,object,…]`: `dat` in milliseconds since 1970; after the object,
    /// a name (create, rename), relation, target and axes (place: 1 current, 2 normal, 3 both),
    /// note or null and with-contents (archive), relation and target (restore),
    /// borrower, due day or null and note or null (lend, version 5).
    /// Nil when the command cannot be written so (a time or an axis the queue should not hold).
    static func compact(_ p: SyncProtocol.Pushed) -> [UInt8]? {
        guard let dat = Timestamp(parsing: p.dat), dat.isCanonical(p.dat) else { return nil }
        return compact(p, dat: dat)
    }

    /// `compact(_:)` of a command whose `dat` is already read: `dat`, the time its `dat` writes in
    /// the one canonical form (the commands queued together share one, read once).
    static func compact(_ p: SyncProtocol.Pushed, dat: Timestamp) -> [UInt8]? {
        let c = p.command
        // Each item written as it comes (the bytes of `WireJSON.encode(.array(items))`), without
        // the array of items: the device writes every queued command so.
        var out: [UInt8] = [0x5B]
        out.reserveCapacity(64 + c.object.utf8.count + (c.name?.utf8.count ?? 0))
        func item(_ value: WireJSON) {
            if out.count > 1 { out.append(0x2C) }
            WireJSON.write(value, to: &out)
        }
        item(.integer(p.dseq))
        item(.integer(dat.milliseconds))
        item(.integer(p.seen))
        item(.string(c.kind))
        item(.string(c.object))
        switch c.kind {
        case "create", "rename":
            guard let name = c.name, c.relation == nil, c.target == nil, c.axes == nil else { return nil }
            item(.string(name))
        case "place":
            guard c.name == nil, let relation = c.relation, let target = c.target, let axes = c.axes else { return nil }
            var bits: Int64 = 0
            for token in axes {
                switch token {
                case "current": bits |= 1
                case "normal": bits |= 2
                default: return nil
                }
            }
            item(.string(relation))
            item(.string(target))
            item(.integer(bits))
        case "return", "seen":
            guard c.name == nil, c.relation == nil, c.target == nil, c.axes == nil else { return nil }
        case "archive":
            guard c.name == nil, c.relation == nil, c.target == nil, c.axes == nil else { return nil }
            item(c.note.map(WireJSON.string) ?? .null)
            item(.bool(c.contents == true))
            if c.contents == false { return nil }
        case "restore":
            guard c.name == nil, c.axes == nil, let relation = c.relation, let target = c.target else { return nil }
            item(.string(relation))
            item(.string(target))
        case "lend":
            guard c.name == nil, c.relation == nil, c.axes == nil, c.contents == nil, let target = c.target else {
                return nil
            }
            item(.string(target))
            item(c.due.map(WireJSON.string) ?? .null)
            item(c.note.map(WireJSON.string) ?? .null)
            out.append(0x5D)
            return out
        default:
            return nil
        }
        if c.note != nil && c.kind != "archive" || c.contents != nil && c.kind != "archive" { return nil }
        out.append(0x5D)
        return out
    }

    /// A version-4 pushed command, with its time on the device; a `lend` only in version 5.
    static func compactPushed(
        _ line: ArraySlice<UInt8>, version: Int = SyncProtocol.version
    ) throws(SyncError) -> (SyncProtocol.Pushed, Timestamp) {
        let (dseq, seen, command, dat) = try compactParts(line, version: version)
        return (SyncProtocol.Pushed(dseq: dseq, dat: dat.rfc3339, seen: seen, command: command), dat)
    }

    /// `compactPushed`'s parts, without writing the time on the device as text (the hub needs only
    /// the time).
    static func compactParts(
        _ line: ArraySlice<UInt8>, version: Int
    ) throws(SyncError) -> (dseq: Int64, seen: Int64, command: WireCommand, dat: Timestamp) {
        guard case .array(let items)? = WireJSON.parse(line), items.count >= 5, let dseq = items[0].integer,
            let ms = items[1].integer, let seen = items[2].integer, let kind = items[3].string,
            let object = items[4].string
        else { throw bad("pushed command", line) }
        let rest = Array(items[5...])
        var command = WireCommand(kind: kind, object: object)
        switch (kind, rest.count) {
        case ("create", 1), ("rename", 1):
            command.name = rest[0].string
            if command.name == nil { throw bad("pushed command", line) }
        case ("place", 3):
            guard let relation = rest[0].string, let target = rest[1].string, let bits = rest[2].integer,
                (1...3).contains(bits)
            else { throw bad("pushed command", line) }
            command.relation = relation
            command.target = target
            command.axes = axesTokens[Int(bits)]
        case ("return", 0), ("seen", 0):
            break
        case ("archive", 2):
            guard rest[0].isNull || rest[0].string != nil, case .bool(let contents) = rest[1] else {
                throw bad("pushed command", line)
            }
            command.note = rest[0].string
            command.contents = contents ? true : nil
        case ("restore", 2):
            guard let relation = rest[0].string, let target = rest[1].string else { throw bad("pushed command", line) }
            command.relation = relation
            command.target = target
        case ("lend", 3) where version >= 5:
            guard let target = rest[0].string, rest[1].isNull || rest[1].string != nil,
                rest[2].isNull || rest[2].string != nil
            else { throw bad("pushed command", line) }
            command.target = target
            command.due = rest[1].string
            command.note = rest[2].string
        default:
            throw bad("pushed command", line)
        }
        guard ms >= 0, ms < 253_402_300_800_000 else { throw bad("pushed command", line) }
        return (dseq, seen, command, Timestamp(milliseconds: ms))
    }

    /// The axes' tokens by their compact bits (1 current, 2 normal, 3 both), made once: the hub
    /// reads a `place` in every other pushed command.
    private static let axesTokens: [[String]] = [[], ["current"], ["normal"], ["current", "normal"]]

    /// The verdicts as runs: `[dseq,seq,n]` for `n` accepted commands from `dseq` on, recorded
    /// from `seq` on; `[dseq,seq,code,reason]` for a refused one.
    static func compactVerdicts(_ verdicts: [SyncProtocol.Verdict]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var run: (dseq: Int64, seq: Int64, n: Int64)?
        func close() {
            if let r = run {
                lines.append(WireJSON.encode(.array([.integer(r.dseq), .integer(r.seq), .integer(r.n)])))
            }
            run = nil
        }
        for v in verdicts {
            if v.isAccepted, let seq = v.seq {
                if let r = run, r.dseq + r.n == v.dseq, r.seq + r.n == seq {
                    run?.n += 1
                } else {
                    close()
                    run = (v.dseq, seq, 1)
                }
            } else {
                close()
                lines.append(
                    WireJSON.encode(
                        .array([
                            .integer(v.dseq), v.seq.map(WireJSON.integer) ?? .null, .string(v.code ?? ""),
                            .string(v.reason ?? ""),
                        ])))
            }
        }
        close()
        return lines
    }

    /// The verdicts of version-4 runs, one per command.
    /// - Parameter limit: the most verdicts expected (a run may not claim more).
    static func verdicts(compact lines: [[UInt8]], limit: Int) throws(SyncError) -> [SyncProtocol.Verdict] {
        var verdicts: [SyncProtocol.Verdict] = []
        for line in lines {
            guard case .array(let items)? = WireJSON.parse(line[...]), let dseq = items.first?.integer else {
                throw bad("verdict", line[...])
            }
            if items.count == 3, let seq = items[1].integer, let n = items[2].integer, n >= 1,
                n <= Int64(limit - verdicts.count)
            {
                for k in 0..<n {
                    verdicts.append(SyncProtocol.Verdict(dseq: dseq + k, verdict: "accepted", seq: seq + k))
                }
            } else if items.count == 4, items[1].isNull || items[1].integer != nil, let code = items[2].string,
                let reason = items[3].string, verdicts.count < limit
            {
                verdicts.append(
                    SyncProtocol.Verdict(
                        dseq: dseq, verdict: "refused", seq: items[1].integer, code: code, reason: reason))
            } else {
                throw bad("verdict", line[...])
            }
        }
        return verdicts
    }

    /// Nil for a member of the wrong kind; `.some(nil)` for a missing or null one.
    private static func optional<T>(_ value: WireJSON?, _ get: (WireJSON) -> T?) -> T?? {
        guard let value, !value.isNull else { return .some(nil) }
        return get(value).map { .some($0) } ?? nil
    }

    private static func bad(_ what: String, _ line: ArraySlice<UInt8>) -> SyncError {
        let text = String(decoding: line.prefix(60), as: UTF8.self)
        return .protocolViolation(.notValidLine(kind: what, text: text))
    }
}

extension WireCommand {
    /// The members, by key (as the coders wrote them).
    var json: WireJSON {
        var m: [(String, WireJSON)] = []
        if let axes { m.append(("axes", .array(axes.map(WireJSON.string)))) }
        if let contents { m.append(("contents", .bool(contents))) }
        if let due { m.append(("due", .string(due))) }
        m.append(("kind", .string(kind)))
        if let name { m.append(("name", .string(name))) }
        if let note { m.append(("note", .string(note))) }
        m.append(("object", .string(object)))
        if let relation { m.append(("relation", .string(relation))) }
        if let target { m.append(("target", .string(target))) }
        return .object(m)
    }

    /// The command from its members; nil when one has the wrong kind of value.
    init?(json: WireJSON) {
        guard case .object = json, let kind = json["kind"]?.string, let object = json["object"]?.string else {
            return nil
        }
        func text(_ key: String) -> String?? {
            guard let v = json[key], !v.isNull else { return .some(nil) }
            return v.string.map { .some($0) } ?? nil
        }
        guard let name = text("name"), let relation = text("relation"), let target = text("target"),
            let note = text("note"), let due = text("due")
        else { return nil }
        var axes: [String]?
        if let v = json["axes"], !v.isNull {
            guard case .array(let items) = v else { return nil }
            var tokens: [String] = []
            for item in items {
                guard let token = item.string else { return nil }
                tokens.append(token)
            }
            axes = tokens
        }
        var contents: Bool?
        if let v = json["contents"], !v.isNull {
            guard case .bool(let b) = v else { return nil }
            contents = b
        }
        self.init(
            kind: kind, object: object, name: name, relation: relation, target: target, axes: axes, note: note,
            contents: contents, due: due)
    }
}

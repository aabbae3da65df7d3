import PlingsKit
import PlingsText

/// Commands as JSON lines, in the log's own words:
///
///     {"command":"create","object":"yTvK","name":"Plastlåda"}
///     {"command":"rename","object":"yTvK","name":"Blå låda"}
///     {"command":"place","object":"yTvK","relation":"under","target":"5GgB","axes":"both"}
///     {"command":"return","object":"yTvK"}    {"command":"return-all","in":"saltsjon"}
///     {"command":"seen","object":"yTvK"}      {"command":"archive","object":"yTvK","note":"Såld","contents":"yes"}
///     {"command":"restore","object":"yTvK","relation":"in","target":"koksbordet"}
///     {"command":"undo","seq":42}             {"command":"undo"}   (the actor's last step not yet undone)
///     {"command":"redo"}                      (the last step the actor's undo took back)
///     {"command":"lend","object":"p1","to":"anna","due":"2027-06-01","note":"For the exhibition"}
///
/// `axes` is optional (both), and so is `cid`, a command id for idempotent retries.
enum CommandJSON {
    /// One parsed line.
    struct Line {
        var request: Request
        var commandID: String?
    }

    /// What a line asks for: a command, or an undo, which is resolved against
    /// the log as it is when the line's turn comes (`UndoLookup.basis`).
    enum Request {
        case command(Command)
        /// Undo event `seq`, the actor's last step (`.back`) or redo (`.forward`); see `UndoWalk`.
        case undo(UndoLookup.Request)
    }

    /// Why a line was refused, as a sentence in the user's language.
    struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// The members each kind of line takes, required ones first.
    static let members: [String: (required: [String], optional: [String])] = [
        "create": (["command", "object", "name"], ["cid"]),
        "rename": (["command", "object", "name"], ["cid"]),
        "place": (["command", "object", "relation", "target"], ["axes", "cid"]),
        "return": (["command", "object"], ["cid"]), "return-all": (["command"], ["in", "cid"]),
        "seen": (["command", "object"], ["cid"]), "archive": (["command", "object"], ["note", "contents", "cid"]),
        "restore": (["command", "object", "target"], ["relation", "cid"]),
        "undo": (["command"], ["seq", "cid"]), "redo": (["command"], ["cid"]),
        "lend": (["command", "object", "to"], ["due", "note", "cid"]),
    ]

    /// `members` as bits of `FlatObject.Key`: all, and the required ones.
    private static let memberBits: [String: (allowed: UInt16, required: UInt16)] = members.mapValues { kind in
        func bits(_ names: [String]) -> UInt16 {
            names.reduce(0) { bits, name in
                bits | (FlatObject.names.firstIndex(of: name).flatMap(FlatObject.Key.init(rawValue:))?.bit ?? 0)
            }
        }
        return (bits(kind.required + kind.optional), bits(kind.required))
    }

    /// Parses one line; the error is a sentence for the report.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, _ text: Catalog) -> Result<Line, Reason> {
        var fields = FlatObject.Fields()
        switch FlatObject.parse(line, into: &fields) {
        case nil: break
        case .notObject: return .failure(Reason(text(.applyNotObject)))
        case .repeated(let name): return .failure(Reason(text(.applyFieldTwice, ["field": Printable.quote(name)])))
        case .badValue(let name):
            let key: MessageKey = name == "seq" ? .applySeqNotNumber : .applyFieldNotString
            return .failure(Reason(text(key, ["field": Printable.quote(name)])))
        }
        // The common case, checked on bits; anything amiss is described by `refusal`.
        guard let kind = fields[.command], let bits = memberBits[kind], fields.unexpected == nil,
            fields.present & ~bits.allowed == 0, fields.present & bits.required == bits.required
        else { return .failure(refusal(fields, text)) }
        let cid = fields[.cid]
        if let cid, CommandID.problem(with: cid) != nil {
            return .failure(Reason(text(.badCommandID, ["value": Printable.quote(cid)])))
        }
        if kind == "redo" { return .success(Line(request: .undo(.forward), commandID: cid)) }
        if kind == "undo" {
            guard let seqText = fields[.seq] else { return .success(Line(request: .undo(.back), commandID: cid)) }
            guard let seq = Int64(seqText), seq >= 1 else {
                return .failure(Reason(text(.badUndoSeq, ["value": Printable.quote(seqText)])))
            }
            return .success(Line(request: .undo(.seq(seq)), commandID: cid))
        }
        return command(kind, fields, text).map { Line(request: .command($0), commandID: cid) }
    }

    /// Why a line's members do not make a command: no `command`, an unknown one, a member it
    /// does not take, or one it needs missing.
    private static func refusal(_ fields: FlatObject.Fields, _ text: Catalog) -> Reason {
        guard let kind = fields["command"] else {
            return Reason(
                text(.applyMissingField, ["field": "command", "command": "create/rename/place", "fields": "command"]))
        }
        guard let (required, optional) = members[kind] else {
            return Reason(text(.applyUnknownCommand, ["value": Printable.quote(kind)]))
        }
        let allowed = (required + optional).map { "\"\($0)\"" }.joined(separator: ", ")
        if let extra = fields.keys.first(where: { !required.contains($0) && !optional.contains($0) }) {
            return Reason(
                text(.applyUnexpectedField, ["field": Printable.quote(extra), "command": kind, "fields": allowed]))
        }
        let absent = required.first { fields[$0] == nil } ?? "command"
        return Reason(text(.applyMissingField, ["field": absent, "command": kind, "fields": allowed]))
    }

    private static func command(_ kind: String, _ fields: FlatObject.Fields, _ text: Catalog) -> Result<Command, Reason>
    {
        func id(_ key: FlatObject.Key) -> Result<ObjectID, Reason> {
            let value = fields[key] ?? ""
            if isValidID(value) { return .success(ObjectID(unchecked: value)) }
            return .failure(Reason(text.invalidID(value)))
        }
        let name = fields[.name] ?? ""
        if let verb = verb(kind, fields, text, id) { return verb }
        switch kind {
        case "create", "rename":
            if !isValidName(name) { return .failure(Reason(text.invalidName(name))) }
            return id(.object).map { kind == "create" ? .create($0, name: name) : .rename($0, name: name) }
        default:
            let relationText = fields[.relation] ?? ""
            guard let relation = Relation(token: relationText) else {
                return .failure(Reason(text.unknownRelation(relationText)))
            }
            let axesText = fields[.axes] ?? "both"
            guard let axes = AxisSet(choice: axesText) else { return .failure(Reason(text.unknownAxes(axesText))) }
            let targetText = fields[.target] ?? ""
            let target: Result<ObjectID?, Reason> =
                ObjectID.isWorldToken(targetText) ? .success(nil) : id(.target).map { $0 }
            return id(.object).flatMap { x in
                target.map { .place(Placement(object: x, relation: relation, target: $0, axes: axes)) }
            }
        }
    }
}

extension CommandJSON {
    /// The everyday verbs (undo needs the log, so it is not among them); nil for other kinds.
    static func verb(
        _ kind: String, _ fields: FlatObject.Fields, _ text: Catalog, _ id: (FlatObject.Key) -> Result<ObjectID, Reason>
    ) -> Result<Command, Reason>? {
        switch kind {
        case "return": return id(.object).map { .returnHome($0) }
        case "return-all":
            guard fields[.in] != nil else { return .success(.returnAll(inside: nil)) }
            return id(.in).map { .returnAll(inside: $0) }
        case "seen": return id(.object).map { .seen($0) }
        case "archive":
            let contents = fields[.contents] ?? "no"
            guard contents == "yes" || contents == "no" else {
                return .failure(
                    Reason(text(.applyMissingField, ["field": "contents", "command": kind, "fields": "yes, no"])))
            }
            if let note = fields[.note], !isValidName(note) {
                return .failure(Reason(text(.invalidNote, ["value": Printable.quote(note)])))
            }
            return id(.object).map { .archive($0, note: fields[.note], withContents: contents == "yes") }
        case "restore":
            let relationText = fields[.relation] ?? "in"
            guard let relation = Relation(token: relationText) else {
                return .failure(Reason(text.unknownRelation(relationText)))
            }
            let targetText = fields[.target] ?? ""
            let target: Result<ObjectID?, Reason> =
                ObjectID.isWorldToken(targetText) ? .success(nil) : id(.target).map { $0 }
            return id(.object).flatMap { x in target.map { .restore(x, relation: relation, target: $0) } }
        case "lend":
            var due: CalendarDay?
            if let dueText = fields[.due] {
                guard let day = CalendarDay(parsing: dueText) else {
                    return .failure(Reason(text(.badDue, ["value": Printable.quote(dueText)])))
                }
                due = day
            }
            if let note = fields[.note], !isValidName(note) {
                return .failure(Reason(text(.invalidNote, ["value": Printable.quote(note)])))
            }
            let to = fields[.to] ?? ""
            guard !to.isEmpty else { return .failure(Reason(text(.lendNeedsTo))) }
            return id(.object).map { .lend($0, to: to, due: due, note: fields[.note]) }
        default: return nil
        }
    }
}

extension CommandJSON {
    /// `ObjectID.problem(with:) == nil`, on the id's bytes (the same rules, without a copy).
    static func isValidID(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { ObjectID.isValid($0) }
    }

    /// Whether `ObjectName.validate` accepts `name`, on its bytes.
    static func isValidName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { ObjectName.isValid($0) }
    }
}

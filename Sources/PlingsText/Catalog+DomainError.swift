import PlingsDomain

extension Catalog {
    /// The domain's refusal as one sentence in this catalog's language.
    public func message(_ error: DomainError) -> String {
        switch error {
        case .invalidID(let text, _): return invalidID(text)
        case .invalidName(let text, _): return invalidName(text)
        case .unknownObject(let id): return self(.unknownObject, ["id": id.rawValue])
        case .duplicateID(let id): return self(.duplicateID, ["id": id.rawValue])
        case .selfPlacement(let id): return self(.selfPlacement, ["id": id.rawValue])
        case .cycle(let object, let target, let axis):
            return self(.cycle, ["object": object.rawValue, "target": target.rawValue, "axis": axisWord(axis)])
        case .relationAgainstWorld(let relation): return self(.relationAgainstWorld, ["relation": token(relation)])
        case .emptyAxes: return self(.emptyAxes)
        case .unknownRelation(let text): return unknownRelation(text)
        case .unknownAxis(let text): return unknownAxes(text)
        default: return verbMessage(error)
        }
    }

    /// "invalid id 'x': it starts with '-'; use …".
    public func invalidID(_ text: String) -> String {
        let why: String
        let bytes = Array(text.utf8)
        if bytes.isEmpty {
            why = self(.idEmpty)
        } else if bytes.count > ObjectID.maxLength {
            why = self(.idTooLong)
        } else if bytes[0] == UInt8(ascii: "-") {
            why = self(.idStartsWithDash)
        } else if !bytes.allSatisfy(ObjectID.isIDByte) {
            why = self(.idBadCharacter)
        } else {
            why = self(.idReserved, ["value": Printable.quote(text)])
        }
        return self(.invalidID, ["value": Printable.quote(text), "why": why])
    }

    /// "invalid name '': it is empty; give …".
    public func invalidName(_ text: String) -> String {
        let why: String
        if let control = text.unicodeScalars.first(where: ObjectName.isControl) {
            why = self(.nameControl, ["code": Catalog.hex(control.value)])
        } else if text.utf8.count > ObjectName.maxBytes {
            why = self(.nameTooLong)
        } else {
            why = self(.nameEmpty)
        }
        return self(.invalidName, ["value": Printable.quote(text), "why": why])
    }

    /// An unknown relation, with the closest token when it looks like a typo.
    public func unknownRelation(_ text: String) -> String {
        let tokens = Relation.allCases.map(token)
        if let near = EditDistance.suggestion(for: text, among: tokens + Relation.allCases.map(\.token)) {
            return self(.unknownRelationSuggest, ["value": Printable.quote(text), "suggestion": near])
        }
        return self(.unknownRelation, ["value": Printable.quote(text)])
    }

    /// An unknown axis choice for `--axes`, with the closest one when it looks like a typo.
    public func unknownAxes(_ text: String) -> String {
        let choices = language == .sv ? ["både", "nuvarande", "hem"] : ["both", "current", "normal"]
        if let near = EditDistance.suggestion(for: text, among: choices + ["both", "current", "normal", "home"]) {
            return self(.unknownAxisSuggest, ["value": Printable.quote(text), "suggestion": near])
        }
        return self(.unknownAxis, ["value": Printable.quote(text)])
    }

    /// The relation as this language writes it on the command line (`på`, `on`).
    public func token(_ relation: Relation) -> String {
        language == .en ? relation.token : String(relation.label(.sv).lowercased().map { $0 == " " ? "-" : $0 })
    }

    /// The axis as this language names it.
    public func axisWord(_ axis: Axis) -> String {
        switch (axis, language) {
        case (.current, .sv): return "nuvarande"
        case (.normal, .sv): return "hem"
        case (.current, .en): return "current"
        case (.normal, .en): return "home"
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

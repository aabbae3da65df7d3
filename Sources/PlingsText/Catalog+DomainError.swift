import PlingsDomain

extension Catalog {
    /// The domain's refusal as one sentence in this catalog's language.
    public func message(_ error: DomainError) -> String {
        switch error {
        case .invalidID(let text, let problem): return invalidID(text, problem)
        case .invalidName(let text, let problem):
            return self(
                .invalidName, ["value": Printable.quote(text), "why": why(problem, limit: ObjectName.maxBytes)])
        case .invalidActor(let text, let problem):
            return self(.invalidActor, ["value": Printable.quote(text), "why": why(problem, limit: Actor.maxBytes)])
        case .invalidCommandID(let text, let problem):
            return self(.invalidCommandIDError, ["value": Printable.quote(text), "why": why(problem, text)])
        case .unknownObject(let id): return self(.unknownObject, ["id": id.rawValue])
        case .duplicateID(let id): return self(.duplicateID, ["id": id.rawValue])
        case .selfPlacement(let id): return self(.selfPlacement, ["id": id.rawValue])
        case .cycle(let object, let target, let axis):
            return self(.cycle, ["object": object.rawValue, "target": target.rawValue, "axis": axisWord(axis)])
        case .relationAgainstWorld(let relation): return self(.relationAgainstWorld, ["relation": token(relation)])
        case .emptyAxes: return self(.emptyAxes)
        case .unknownRelation(let text): return unknownRelation(text)
        case .unknownAxis(let text): return unknownAxes(text)
        case .archived(let id): return self(.archivedObject, ["id": id.rawValue])
        case .archivedID(let id): return self(.archivedIDRefused, ["id": id.rawValue])
        case .notArchived(let id): return self(.notArchived, ["id": id.rawValue])
        case .notEmpty(let id, let count): return self.count(.notEmpty, count, ["id": id.rawValue])
        case .invalidNote(let text, let problem):
            return self(
                .invalidNote, ["value": Printable.quote(text), "why": why(problem, limit: ObjectName.maxBytes)])
        case .restoreNeedsBothAxes(let id): return self(.restoreNeedsBothAxes, ["id": id.rawValue])
        case .cannotUndo(let seq, let reason): return self(undoKey(reason), ["seq": String(seq)])
        case .commandIDReused(let cid, let seq):
            return self(.commandIDReused, ["value": Printable.quote(cid), "seq": String(seq)])
        case .belongsInsideElsewhere(let id, let thing, let count):
            return self.count(.belongsInsideElsewhere, count, ["id": id.rawValue, "thing": thing.rawValue])
        case .selfLoan(let id):
            return self(.selfLoan, ["id": id.rawValue])
        }
    }

    /// A note the decider gave beside its events, as one sentence.
    public func message(_ note: DecisionNote) -> String {
        switch note {
        case .positionDropped(let x, let axis, let relation, let reference):
            return self(
                .notePositionDropped,
                [
                    "object": x.rawValue, "relation": word(relation), "reference": reference.rawValue,
                    "axis": axisWord(axis),
                ])
        case .edgeNotRestored(let x, let axis, let relation, let reference):
            return self(
                .noteEdgeNotRestored,
                [
                    "object": x.rawValue, "relation": word(relation), "reference": reference.rawValue,
                    "axis": axisWord(axis),
                ])
        case .notReturned(let x, let error):
            return self(.noteNotReturned, ["object": x.rawValue, "reason": message(error)])
        case .archivedWith(let x, let container):
            return self(.noteArchivedWith, ["object": x.rawValue, "container": container.rawValue])
        }
    }

    private func undoKey(_ reason: UndoRefusal) -> MessageKey {
        switch reason {
        case .unknownEvent: return .undoUnknownEvent
        case .creation: return .undoCreation
        case .observation: return .undoObservation
        case .archive: return .undoArchive
        case .restore: return .undoRestore
        case .noChange: return .undoNoChange
        case .mixedBatch: return .undoMixedBatch
        case .nothingByActor: return .undoNothingByActor
        case .nothingToRedo: return .undoNothingToRedo
        case .loan: return .undoLoan
        }
    }

    /// "invalid id 'x': it starts with '-'; use …", for text the id rule refuses.
    public func invalidID(_ text: String) -> String {
        invalidID(text, ObjectID.problem(with: text) ?? .badCharacter)
    }

    func invalidID(_ text: String, _ problem: IDProblem) -> String {
        self(.invalidID, ["value": Printable.quote(text), "why": why(problem, text)])
    }

    /// "invalid name '': it is empty; give …", for text the name rule refuses.
    public func invalidName(_ text: String) -> String {
        message(.invalidName(text, ObjectName.problem(with: text) ?? .empty))
    }

    /// Why an id (or command id) is refused: "it starts with '-'".
    public func why(_ problem: IDProblem, _ text: String) -> String {
        switch problem {
        case .empty: return self(.idEmpty)
        case .tooLong: return self(.idTooLong)
        case .startsWithDash: return self(.idStartsWithDash)
        case .badCharacter: return self(.idBadCharacter)
        case .reserved: return self(.idReserved, ["value": Printable.quote(text)])
        }
    }

    /// Why a name, note or actor is refused: "it is longer than 200 bytes".
    public func why(_ problem: TextProblem, limit: Int) -> String {
        switch problem {
        case .empty: return self(.nameEmpty)
        case .tooLong: return self(.nameTooLong, ["limit": String(limit)])
        case .control(let scalar): return self(.nameControl, ["code": Catalog.hex(scalar)])
        }
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
        language == .en ? relation.token : String(word(relation).map { $0 == " " ? "-" : $0 })
    }

    /// The relation's label as a person reads it: `UNDER`, `HÖGER OM` / `under`, `right of`.
    public func label(_ relation: Relation) -> String {
        switch relation {
        case .in: return self(.relationIn)
        case .on: return self(.relationOn)
        case .attachedTo: return self(.relationAttachedTo)
        case .under: return self(.relationUnder)
        case .above: return self(.relationAbove)
        case .leftOf: return self(.relationLeftOf)
        case .rightOf: return self(.relationRightOf)
        case .nextTo: return self(.relationNextTo)
        case .inFrontOf: return self(.relationInFrontOf)
        case .behind: return self(.relationBehind)
        case .underLeftOf: return self(.relationUnderLeftOf)
        case .underRightOf: return self(.relationUnderRightOf)
        case .aboveLeftOf: return self(.relationAboveLeftOf)
        case .aboveRightOf: return self(.relationAboveRightOf)
        case .inFrontOfLeftOf: return self(.relationInFrontOfLeftOf)
        case .inFrontOfRightOf: return self(.relationInFrontOfRightOf)
        case .behindLeftOf: return self(.relationBehindLeftOf)
        case .behindRightOf: return self(.relationBehindRightOf)
        case .underInFrontOf: return self(.relationUnderInFrontOf)
        case .underBehind: return self(.relationUnderBehind)
        case .aboveInFrontOf: return self(.relationAboveInFrontOf)
        case .aboveBehind: return self(.relationAboveBehind)
        }
    }

    /// The relation inside a sentence: "under", "höger om".
    public func word(_ relation: Relation) -> String { label(relation).lowercased() }

    /// The relation at the start of a line, as a detail card shows it: "Under", "Höger om".
    public func sentenceLabel(_ relation: Relation) -> String {
        let text = word(relation)
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// The axis as this language names it (`home` for the normal axis in English).
    public func axisWord(_ axis: Axis) -> String {
        self(axis == .current ? .axisCurrent : .axisNormal)
    }

    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

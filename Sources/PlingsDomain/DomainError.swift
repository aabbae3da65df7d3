/// Why the domain refuses a command (or skips an event on replay): a value
/// with a stable code and the members a sentence needs. The words are the
/// catalog's (PlingsText), in the reader's language; nothing here is text
/// for a person.
public enum DomainError: Error, Sendable, Hashable {
    /// The text is not a valid object id; the problem says why.
    case invalidID(String, IDProblem)
    /// The text is not a valid name; the problem says why.
    case invalidName(String, TextProblem)
    /// The text is not a valid actor (who acts: 1–100 bytes, no control characters).
    case invalidActor(String, TextProblem)
    /// The text is not a valid client command id (1–64 characters of an id).
    case invalidCommandID(String, IDProblem)
    /// No object has this id.
    case unknownObject(ObjectID)
    /// An object with this id exists already.
    case duplicateID(ObjectID)
    /// An object cannot be placed relative to itself.
    case selfPlacement(ObjectID)
    /// The placement would make the object its own ancestor on the axis.
    case cycle(object: ObjectID, target: ObjectID, axis: Axis)
    /// Only `in` makes sense against World; positional relations need a sibling.
    case relationAgainstWorld(Relation)
    /// A placement must name at least one axis.
    case emptyAxes
    /// The relation token is not one of the ten.
    case unknownRelation(String)
    /// The axis token is not one of the accepted ones.
    case unknownAxis(String)
    /// The object is archived: only `restore` applies to it.
    case archived(ObjectID)
    /// The id belongs to an archived object; ids are never reused.
    case archivedID(ObjectID)
    /// `restore` of an object that is not archived.
    case notArchived(ObjectID)
    /// `archive` of an object that still contains others (the count) on some axis.
    case notEmpty(ObjectID, count: Int)
    /// The archive note is not valid; the problem says why.
    case invalidNote(String, TextProblem)
    /// A restore puts the object back on both axes; the event named fewer.
    case restoreNeedsBothAxes(ObjectID)
    /// The event cannot be undone; the reason says why.
    case cannotUndo(seq: Int64, UndoRefusal)
    /// The command id was recorded with event `seq` for other commands: a retry must repeat them.
    case commandIDReused(String, seq: Int64)
    /// `archive --with-contents` of an object that something belongs in (a
    /// home there, on the normal axis) while it is elsewhere now: the first
    /// such thing and how many there are (1 or more). Archiving takes what is inside now.
    case belongsInsideElsewhere(ObjectID, thing: ObjectID, count: Int)
    /// `lend X --to X`: a thing is not lent to itself.
    case selfLoan(ObjectID)

    /// A stable, language-independent name for the error (`cycle`,
    /// `unknown-object`, …): what a hub records in a `refused` line and
    /// what the sync protocol answers.
    public var code: String {
        switch self {
        case .invalidID: return "invalid-id"
        case .invalidName: return "invalid-name"
        case .invalidActor: return "invalid-actor"
        case .invalidCommandID: return "invalid-command-id"
        case .unknownObject: return "unknown-object"
        case .duplicateID: return "duplicate-id"
        case .selfPlacement: return "self-placement"
        case .cycle: return "cycle"
        case .relationAgainstWorld: return "relation-against-world"
        case .emptyAxes: return "empty-axes"
        case .unknownRelation: return "unknown-relation"
        case .unknownAxis: return "unknown-axis"
        case .archived: return "archived"
        case .archivedID: return "archived-id"
        case .notArchived: return "not-archived"
        case .notEmpty: return "not-empty"
        case .invalidNote: return "invalid-note"
        case .restoreNeedsBothAxes: return "restore-needs-both-axes"
        case .cannotUndo: return "cannot-undo"
        case .commandIDReused: return "command-id-reused"
        case .belongsInsideElsewhere: return "belongs-inside-elsewhere"
        case .selfLoan: return "self-loan"
        }
    }

    /// Every `code`, the set a `refused` line's `code` is read against (a new error adds its code
    /// here, and its lines a line version; see docs/log-format.md).
    package static let codes: Set<String> = [
        "invalid-id", "invalid-name", "invalid-actor", "invalid-command-id", "unknown-object", "duplicate-id",
        "self-placement", "cycle", "relation-against-world", "empty-axes", "unknown-relation", "unknown-axis",
        "archived", "archived-id", "not-archived", "not-empty", "invalid-note", "restore-needs-both-axes",
        "cannot-undo", "command-id-reused", "belongs-inside-elsewhere", "self-loan",
    ]
}

/// Why `plings undo SEQ` is refused.
public enum UndoRefusal: UInt8, Sendable, Hashable, CaseIterable {
    /// No event has that seq (or it lies beyond the end of the log).
    case unknownEvent = 0
    /// The event is a `created`: archive the object instead.
    case creation = 1
    /// The event is a `seen`: an observation, nothing to take back.
    case observation = 2
    /// The event is an `archived`: restore the object instead.
    case archive = 3
    /// The event is a `restored`: archive the object again instead.
    case restore = 4
    /// The event was skipped on replay or changed nothing: nothing to undo.
    case noChange = 5
    /// The event is about several objects (a batch): undo them one by one.
    case mixedBatch = 6
    /// Plain `undo`: this actor has no event that undo could restore.
    case nothingByActor = 7
    /// `redo`: nothing this actor's undo took back is left to redo (or a new command came after it).
    case nothingToRedo = 8
    /// The event is a `lent`: a loan ends with `plings return X`.
    case loan = 9
}

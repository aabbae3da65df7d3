import PlingsKit

extension DomainError {
    /// A stable, language-independent name for the refusal, as recorded by the hub.
    public var code: String {
        switch self {
        case .invalidID: return "invalid-id"
        case .invalidName: return "invalid-name"
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
        }
    }
}

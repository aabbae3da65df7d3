import PlingsDomain

/// One event that concerns one object, as the object timeline's mention lists
/// hold it (see `TimelineFile`): what `history` and `log --object` need beyond
/// the object's own changes. Stored like a `TimelineRecord`: the seq since the
/// list's previous mention (a varint), a byte with the kind in its low four
/// bits and its flags or relation in the high four, then the kind's values.
///
/// - own: the event is about the object and was applied (flag 1: it changed anything).
/// - skipped: the event is about the object and was skipped (the error is in the skipped section).
/// - reference: another object was placed relative to it.
/// - droppedByArchive (relation): the axis and the target + 1 of the positional relation dropped.
/// - dropped (relation): likewise, and the object whose move dropped it.
/// - archivedWith, restoredWith: the container whose archive (restore) took it along.
/// - skippedTarget: a skipped placement named it as its target (`log --object` shows it).
///
/// The kinds but the last are `HistoryFact`s, recorded as `HistoryFacts.collect` finds them.
enum TimelineMention {
    enum Kind: UInt8, TimelineListKind {
        case own = 0, skipped, reference, droppedByArchive, dropped, archivedWith, restoredWith, skippedTarget

        /// How many values (varints) follow a mention of this kind.
        var valueCount: Int {
            switch self {
            case .droppedByArchive: 2
            case .dropped: 3
            case .archivedWith, .restoredWith: 1
            default: 0
            }
        }
    }

    /// The flag of an `own` mention: the event changed something.
    static let changed: UInt8 = 1
}

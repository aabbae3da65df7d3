import PlingsViews

/// A card at the head of the log, read straight from the head snapshot
/// without making the world: the id looked up in the snapshot's id table,
/// then only the blocks the card needs (see `SnapshotView`).
///
/// It answers only when a full read would start from the same snapshot and
/// replay nothing: the log's identity is the one Plings recorded (as
/// `Timeline` requires before any snapshot counts), the newest snapshot's
/// name and contents agree, it ends exactly where the log does and the log's
/// last line has the hash it recorded. Otherwise, or when any block it reads
/// is damaged, it gives nil and the caller takes the full path.
package enum HeadCard {
    /// The element reads a card read in place may make before it gives way
    /// to the full path, which answers a card reading through many thousands
    /// of things faster (a read takes some 50 ns, so the budget costs at most
    /// about 13 ms; an ordinary object's card needs a few hundred reads, a
    /// path 1,100 deep about 60,000).
    package static let elementReadBudget = 1 << 18

    /// What the head snapshot says of an id.
    package enum Answer: Sendable, Equatable {
        /// The object's card.
        case card(Card)
        /// No object has that id at the head.
        case unknown
    }

    /// The card of `id` at the head of the log at `logPath`; nil when the head
    /// snapshot cannot answer, or not within `readBudget` element reads.
    package static func answer(_ id: ObjectID, logPath: String, readBudget: Int = elementReadBudget) -> Answer? {
        let cache = SnapshotCache(logPath: logPath)
        return cache.withVouchedLog { file, size in
            guard let head = cache.entries().last else { return nil }
            return cache.checked(head, log: file) { source in
                guard let view = SnapshotView(source, readBudget: readBudget), view.header.cursor.offset == size else {
                    return nil
                }
                let answer = view.index(of: id).map { Answer.card(Card($0, reading: view)) } ?? .unknown
                return view.failed ? nil : (answer, view.header.cursor, view.header.stateSeq)
            }
        }
    }
}

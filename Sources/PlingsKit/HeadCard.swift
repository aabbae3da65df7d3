import PlingsViews

/// A card at the head of the log, read straight from the head snapshot
/// without making the world: the id looked up in the snapshot's id table,
/// then only the blocks the card needs (see `SnapshotView`).
///
/// It answers only when a full read would start from the same snapshot: the
/// log's identity is the one Plings recorded (as `Timeline` requires before
/// any snapshot counts), the newest snapshot's name and contents agree, and
/// the log still has the line it ends on with the hash it recorded. When the
/// log has gone on since (at most `tailBudget` bytes), the lines after it are
/// read through the one reader, and the card answers only when none of them
/// could change it (see `tailLeavesCard`). Otherwise, or when any block it
/// reads is damaged, it gives nil and the caller takes the full path.
package enum HeadCard {
    /// The element reads a card read in place may make before it gives way
    /// to the full path, which answers a card reading through many thousands
    /// of things faster (a read takes some 50 ns, so the budget costs at most
    /// about 13 ms; an ordinary object's card needs a few hundred reads, a
    /// path 1,100 deep about 60,000).
    package static let elementReadBudget = 1 << 18

    /// The most bytes of log after the head snapshot that a card read in
    /// place looks through (some 3,500 lines, read and checked in a few
    /// milliseconds); a longer tail takes the full path.
    package static let tailBudget: Int64 = 1 << 20

    /// What the head snapshot says of an id.
    package enum Answer: Sendable, Equatable {
        /// The object's card.
        case card(Card)
        /// No object has that id at the head.
        case unknown
    }

    /// The card of `id` at the head of the log at `logPath`; nil when the head
    /// snapshot cannot answer, or not within `readBudget` element reads.
    /// With `limit`, the card at that point instead, when the point is at or
    /// after the head snapshot and within the log (a card at an earlier
    /// point is the object timeline's, see `PastCard`).
    package static func answer(
        _ id: ObjectID, logPath: String, at limit: ReplayLimit? = nil, readBudget: Int = elementReadBudget,
        tailBudget: Int64 = tailBudget
    ) -> Answer? {
        let read = Self.read(id, logPath: logPath, at: limit, readBudget: readBudget, tailBudget: tailBudget) {
            x, reading in Card(x, reading: reading)
        }
        switch read {
        case .found(var card, let lastSeq, _):
            card.asOfSeq = lastSeq
            return .card(card)
        case .unknown: return .unknown
        case nil: return nil
        }
    }

    /// What a view of one object read in place at the head says.
    package enum Read<Value> {
        /// What the view made of the object, and the seq and time of the last event it is as of.
        case found(Value, asOfSeq: Int64, at: Timestamp)
        /// No object has that id at the head.
        case unknown
    }

    /// What `body` makes of the object `id` read in place from the head
    /// snapshot, under the same conditions as the card (`answer`): whatever
    /// `body` reads through the reader it is given is the footprint the
    /// events after the snapshot are checked against, so a view that reads
    /// only through it (a card, the picture of what a container holds) is
    /// the view of the head. Nil when the head snapshot cannot answer.
    package static func read<Value>(
        _ id: ObjectID, logPath: String, at limit: ReplayLimit? = nil, readBudget: Int = elementReadBudget,
        tailBudget: Int64 = tailBudget, _ body: (ObjectIndex, any CardReading) -> Value
    ) -> Read<Value>? {
        HeadSnapshot.read(logPath: logPath, readBudget: readBudget, tailBudget: tailBudget) { head in
            let view = head.view
            guard limit?.allows(seq: head.cursor.lastSeq, at: head.cursor.lastAt) ?? true else { return nil }
            let reading = FootprintReading(view)
            let value = view.index(of: id).map { body($0, reading) }
            guard !view.failed,
                let last = head.lastEvent(
                    read: {
                        Footprint(
                            id: id, objects: Set(reading.objects.map { view.id($0) }),
                            lists: Set(reading.lists.map { view.id($0) }))
                    }, upTo: limit)
            else { return nil }
            // A seq past the log's end is the full path's to refuse.
            if case .seq(let seq) = limit, seq > last.seq { return nil }
            return value.map { .found($0, asOfSeq: last.seq, at: last.at) } ?? .unknown
        }
    }

    /// What a card read at the head snapshot: its id, the ids of the objects
    /// it read, and of those whose children or inbound sources it listed.
    struct Footprint {
        var id: ObjectID
        var objects: Set<String>
        var lists: Set<String>

        /// Whether an event about `object` (and `target`, with `relation`)
        /// may change the card. It changes what a card reads of an object
        /// only when it names that object (a placement, rename, return or
        /// `seen` changes its object's edges, name or status; a placement
        /// also drops the edges pointing at its object, whose sources the
        /// card read when it shows them), or takes the object into a list
        /// the card read: a placement's target's children (or, for a
        /// positional relation, the children of the target's parent, which
        /// list the target, and the target's inbound sources). Leaving a
        /// list the card read names an object in it. A return's new place
        /// is its object's home, where the card read it if it lists it.
        func touched(_ object: ObjectID, _ target: ObjectID?, _ relation: Relation?) -> Bool {
            if object == id || objects.contains(object.rawValue) { return true }
            guard let target, let relation else { return false }
            return lists.contains(target.rawValue) || (relation.isPositional && objects.contains(target.rawValue))
        }
    }

    /// Whether the events after `cursor` leave the card as the head snapshot
    /// has it (see `Footprint.touched`). Archiving and restoring change a
    /// whole group found from the world, so any of them gives way, as do a
    /// damaged line and a torn tail (the full path says what they are).
    /// Refusals change nothing; a `seen` changes only its own object's card.
    /// With `limit`, only the events up to it count.
    /// - Returns: the seq and time of the last event that counts (the card's
    ///   `asOfSeq`), or nil when an event may change the card.
    /// With `named`, a creation or rename also counts when `named` says its
    /// id and new name matter (to `find`, a name that matches the query).
    /// With `everySeen`, a `seen` of any object read counts, and every return
    /// (a view that lists what a place holds on the current axis, whose
    /// homes it did not read: a return may bring a thing into it).
    static func tailLeavesCard(
        _ read: Footprint, _ file: LogFile, after cursor: LogCursor, upTo limit: ReplayLimit? = nil,
        named: ((ObjectID, String) -> Bool)? = nil, everySeen: Bool = false
    ) -> (seq: Int64, at: Timestamp)? {
        var touches = false
        var lastSeq = cursor.lastSeq
        var lastAt = cursor.lastAt
        var past = false
        do {
            let (_, torn) = try file.read(from: cursor) { line, _ in
                past = past || !(limit?.allows(seq: line.event.seq, at: line.event.at) ?? true)
                if past { return }
                lastSeq = line.event.seq
                lastAt = line.event.at
                switch line.event.payload {
                case .archived, .restored, .lent: touches = true
                case .placed(let p): touches = touches || read.touched(p.object, p.target, p.relation)
                case .created(let x, let name), .renamed(let x, let name):
                    touches = touches || read.touched(x, nil, nil) || named?(x, name) == true
                case .returned(let x):
                    touches = touches || everySeen || read.touched(x, nil, nil)
                case .seen(let x):
                    // A card shows its own object's `seen` only.
                    touches = touches || x == read.id || (everySeen && read.touched(x, nil, nil))
                case .refused: break
                }
            }
            guard torn == nil else { return nil }
        } catch {
            return nil
        }
        return touches ? nil : (lastSeq, lastAt)
    }
}

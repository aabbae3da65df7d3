import PlingsViews

/// A card at a past seq or time, read from the object timeline without making the
/// world: the id found in the timeline's sorted ids, then the lists of the
/// few objects the card names, each read up to the seq (see `TimelineView`).
///
/// It answers only under the conditions a snapshot is used on (`Timeline`):
/// the log's identity is the one Plings recorded, and the timeline's file
/// checks out and ends on a line the log still has. It answers nil, and the
/// caller takes the full path, when any of that fails, when the seq is past
/// the timeline, when the object does not exist at the seq (the full path
/// says why), or when a card would read through too many things.
package enum PastCard {
    /// The element reads a card may make before it gives way to the full path
    /// (about 4 million: a box of some hundred thousand things).
    package static let elementReadBudget = 1 << 22

    /// The card of `id` as of `limit` in the log at `logPath`; nil when the timeline cannot answer.
    package static func answer(
        _ id: ObjectID, logPath: String, at limit: ReplayLimit, readBudget: Int = elementReadBudget
    ) -> Card? {
        view(logPath: logPath, at: limit, readBudget: readBudget) { view in
            view.index(of: id.rawValue).map { Card($0, reading: view) }
        }
    }

    /// What `body` makes of the object `id` read from the object timeline as of
    /// `limit`, with the seq and time of the last event the point comes to;
    /// nil when the timeline cannot answer (as `answer`).
    package static func read<Value>(
        _ id: ObjectID, logPath: String, at limit: ReplayLimit, readBudget: Int = elementReadBudget,
        _ body: (ObjectIndex, any CardReading) -> Value
    ) -> (value: Value, seq: Int64, at: Timestamp)? {
        view(logPath: logPath, at: limit, readBudget: readBudget) { view in
            guard let x = view.index(of: id.rawValue) else { return nil }
            let value = body(x, view)
            guard let at = view.sections.time(ofSeq: view.lastSeq) else { return nil }
            return (value, view.lastSeq, Timestamp(milliseconds: at))
        }
    }

    /// The seq `limit` comes to, when the timeline holds `id` but the object
    /// was made only after that point; nil when the timeline cannot tell (the
    /// caller then replays to find out why there is no card).
    package static func notYet(_ id: ObjectID, logPath: String, at limit: ReplayLimit) -> Int64? {
        view(logPath: logPath, at: limit) { view in
            view.find(id.rawValue).flatMap { view.at($0).created ? nil : view.lastSeq }
        }
    }

    /// Where `asked` falls, read from the timeline's times; nil when the timeline cannot answer
    /// (no usable timeline, a point it does not cover, a read that fails).
    package static func point(_ asked: AskedPoint, logPath: String) -> PointAnswer? {
        view(logPath: logPath, at: asked.limit) { view -> PointAnswer? in
            let seq = view.lastSeq
            guard seq > 0 else {
                return try? PointAnswer(
                    asked, reached: 0, at: Timestamp(milliseconds: 0), head: view.file.cursor.lastSeq)
            }
            guard let at = view.sections.time(ofSeq: seq) else { return nil }
            // The view answers a time at or after the timeline's last event only when the log ends there.
            // A seq past the end is no point: nil, and the replay names the last event.
            return try? PointAnswer(
                asked, reached: seq, at: Timestamp(milliseconds: at), head: view.file.cursor.lastSeq)
        }
    }

    /// The objects that exist at `seq` (for the benchmark's random pick); nil when the timeline cannot answer.
    package static func objectCount(logPath: String, seq: Int64) -> Int? {
        view(logPath: logPath, at: .seq(seq)) { $0.count }
    }

    /// What `body` makes of the timeline's view at `seq`; nil when there is
    /// no usable timeline, `body` gives nil, or any read failed meanwhile.
    static func view<T>(
        logPath: String, at limit: ReplayLimit, readBudget: Int = elementReadBudget, _ body: (TimelineView) -> T?
    ) -> T? {
        let cache = SnapshotCache(logPath: logPath)
        return cache.withVouchedLog { file, size in
            // Newest first; a file that does not check out (a stray name, damage) does not hide an older one that does.
            for entry in cache.timelineEntries().reversed() {
                let value = cache.checkedFile(entry, log: file) { source -> (value: T, cursor: LogCursor)? in
                    guard let view = TimelineView(source, at: limit, logSize: size, readBudget: readBudget),
                        let value = body(view), !view.failed
                    else { return nil }
                    return (value, view.file.cursor)
                }
                if let value { return value }
            }
            return nil
        }
    }
}

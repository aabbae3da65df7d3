/// An object's history from the cache: the object timeline up to the last
/// rebuild (`TimelineHistory`), and for a point after it the head snapshot
/// and a replay of the events since, under the conditions any cache file is
/// used on (the log's identity vouches for it, the file checks out and ends
/// on a line the log still has).
extension ObjectHistory {
    /// What the cache says of an id's history.
    package enum CacheAnswer: Equatable {
        case result(Result)
        /// The object does not exist at the point.
        case unknown
    }

    /// The history of `id` up to `limit` from the cache; nil when the cache cannot answer.
    package static func fromCache(_ id: ObjectID, path: String, until limit: ReplayLimit?, text: HistoryText)
        -> CacheAnswer?
    {
        let cache = SnapshotCache(logPath: path)
        return cache.withVouchedLog { file, size in
            for entry in cache.timelineEntries().reversed() {
                let answer = cache.checkedFile(entry, log: file) { source -> (CacheAnswer, LogCursor)? in
                    guard let sections = TimelineSections(source, readBudget: .max) else { return nil }
                    let reading = CacheReading(
                        id: id, path: path, cache: cache, file: file, size: size, sections: sections, text: text)
                    return reading.answer(until: limit).map { ($0, sections.file.cursor) }
                }
                if let answer { return answer }
            }
            return nil
        }
    }

    /// One reading of the cache for a history.
    private struct CacheReading {
        let id: ObjectID
        let path: String
        let cache: SnapshotCache
        let file: LogFile
        let size: Int64
        let sections: TimelineSections
        let text: HistoryText

        func answer(until limit: ReplayLimit?) -> CacheAnswer? {
            let end = sections.file.cursor
            let history = TimelineHistory(tracks: TimelineTracks(sections), log: file, text: text)
            let whole = size == end.offset
            var point: Int64?
            switch limit {
            case nil: point = whole ? end.lastSeq : nil
            case .seq(let s): point = s <= end.lastSeq || whole ? min(max(s, 0), end.lastSeq) : nil
            case .time(let t):
                guard let s = sections.seq(atOrBefore: t.milliseconds) else { return nil }
                point = s < end.lastSeq || whole ? s : nil
            }
            guard let point else { return tail(history, until: limit) }
            guard let (x, entries) = history.history(of: id, upTo: point) else { return nil }
            return x == nil ? .unknown : .result(Result(asOfSeq: point, entries: entries))
        }

        /// The history up to the timeline's end, then the events after it replayed from the head
        /// snapshot (which must end where the timeline does).
        private func tail(_ history: TimelineHistory, until limit: ReplayLimit?) -> CacheAnswer? {
            let end = sections.file.cursor
            guard let head = cache.entries().last, head.seq == end.lastSeq,
                let snapshot = cache.load(head, log: file), snapshot.cursor.offset == end.offset,
                let (x, entries) = history.history(of: id, upTo: end.lastSeq)
            else { return nil }
            var builder = HistoryBuilder(id: id, text: text, from: snapshot.state)
            var replayer = Replayer(path: path, state: snapshot.state, cursor: snapshot.cursor)
            do {
                try replayer.run(file, limit: limit, changes: { builder.observe($0, $1, $2) })
            } catch {
                return nil  // a damaged line or anything else amiss: the full path says what it is
            }
            guard x != nil || builder.index != nil else { return .unknown }
            return .result(Result(asOfSeq: replayer.cursor.lastSeq, entries: entries + builder.entries))
        }
    }
}

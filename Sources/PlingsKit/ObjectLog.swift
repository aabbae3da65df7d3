import PlingsText
import PlingsViews

/// `log --object X` from the object timeline: the seqs of the events that
/// concern X from its mention list, each event's line read from the log
/// where the timeline places it (its own hash checked), its sentence from
/// the world the timeline gives at that event; after the timeline's end, the
/// lines since read and checked from where it ends (for entries, replayed
/// from the head snapshot, which must end there too). The same lines and
/// entries as a read of the whole log, under the conditions any cache file is
/// used on; nil, and the caller reads the whole log, whenever anything is amiss.
struct ObjectLog {
    /// One matched event: its line (without the newline; empty for an entry replayed after the
    /// timeline), the event, and its entry when asked for.
    struct Item {
        var line: [UInt8]
        var event: Event
        var entry: LogEntry?
    }

    let path: String
    let filter: LogFilter
    let id: ObjectID
    let to: ReplayLimit?
    /// The language of the entries' sentences; nil for lines only.
    let language: Language?

    /// The matched events, oldest first; nil when the cache cannot answer (or the point is a time, which
    /// the whole read ends at the first event after).
    func read() -> [Item]? {
        if case .time = to { return nil }
        let cache = SnapshotCache(logPath: path)
        return cache.withVouchedLog { file, size in
            for entry in cache.timelineEntries().reversed() {
                let answer = cache.checkedFile(entry, log: file) { source -> ([Item], LogCursor)? in
                    guard let sections = TimelineSections(source, readBudget: .max) else { return nil }
                    let tracks = TimelineTracks(sections)
                    return read(tracks, cache, file, size).map { ($0, sections.file.cursor) }
                }
                if let answer { return answer }
            }
            return nil
        }
    }

    private func read(_ tracks: TimelineTracks, _ cache: SnapshotCache, _ file: LogFile, _ size: Int64) -> [Item]? {
        guard tracks.earlyWhole else { return nil }
        let mentions =
            tracks.sections.find(id.rawValue).flatMap { tracks.mentions(of: $0, id: id) }
            ?? tracks.earlyMentions(of: id)
        guard let mentions else { return nil }
        var seqs: [Int64] = []
        var skipped: Set<Int64> = []
        for m in mentions {
            switch m.kind {
            case .own, .reference: seqs.append(m.seq)
            case .skipped, .skippedTarget:
                seqs.append(m.seq)
                skipped.insert(m.seq)
            default: continue
            }
        }
        let end = tracks.sections.file.cursor
        var items: [Item] = []
        for seq in Set(seqs).sorted() where seq <= end.lastSeq {
            guard let line = tracks.line(seq, log: file),
                let event = line.withUnsafeBufferPointer({ try? LineDecoder.decode($0).get().event }),
                event.seq == seq
            else { return nil }
            if let to, !to.allows(event) { return tracks.failed ? nil : items }
            guard filter.wants(event) else { continue }
            var entry: LogEntry?
            if let language {
                let sentence = EventSentence.of(event, world: TimelineAt(tracks: tracks, seq: seq), Catalog(language)) {
                    _ in tracks.error(at: seq)
                }
                entry = LogEntry(event: event, skipped: skipped.contains(seq), sentence: sentence)
            }
            items.append(Item(line: line, event: event, entry: entry))
        }
        guard !tracks.failed else { return nil }
        if size == end.offset { return items }
        if let to, case .seq(let s) = to, s <= end.lastSeq { return items }
        guard let tail = language == nil ? tailLines(file, after: end) : tailEntries(cache, file, after: end)
        else { return nil }
        return items + tail
    }

    /// The lines after the timeline's end, read and checked from there.
    private func tailLines(_ file: LogFile, after end: LogCursor) -> [Item]? {
        var checker = ChainChecker(path: path, cursor: end)
        var items: [Item] = []
        var stop = false
        do {
            try file.readLines(from: end.offset) { (line, offset) throws(LogError) in
                if stop { return }
                let checked = try checker.check(
                    line, at: offset,
                    batchComplete: { (start, n) throws(LogError) in try file.hasLines(from: start, count: n) })
                guard let decoded = checked else { return }
                if let to, !to.allows(decoded.event) {
                    stop = true
                    return
                }
                guard filter.wants(decoded.event) else { return }
                items.append(Item(line: Array(line), event: decoded.event, entry: nil))
            }
            if !stop { _ = try file.tornTail(after: checker) }
        } catch {
            return nil  // the whole read says what is wrong
        }
        return items
    }

    /// The entries after the timeline's end, replayed from the head snapshot (which must end where the timeline does).
    private func tailEntries(_ cache: SnapshotCache, _ file: LogFile, after end: LogCursor) -> [Item]? {
        guard let language, let head = cache.entries().last, head.seq == end.lastSeq,
            let snapshot = cache.load(head, log: file), snapshot.cursor.offset == end.offset
        else { return nil }
        let filter = filter
        let catalog = Catalog(language)
        var items: [Item] = []
        var replayer = Replayer(path: path, state: snapshot.state, cursor: snapshot.cursor)
        do {
            try replayer.run(
                file, limit: to,
                observe: { event, _, state in
                    guard filter.wants(event) else { return }
                    let entry = LogEntry(
                        event: event, skipped: state.skipped.last?.seq == event.seq,
                        sentence: EventSentence.of(event, state: state, catalog))
                    items.append(Item(line: [], event: event, entry: entry))
                })
        } catch {
            return nil
        }
        return items
    }
}

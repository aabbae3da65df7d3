import PlingsDomain
import PlingsLog
import PlingsViews

/// A diff between two points read from the object timeline without making
/// either world: the objects the window's events changed, and only those,
/// each read at both points (`TimelineView`), then compared by the code that
/// compares two whole worlds (`WorldDiff.init(from:to:changed:)`).
///
/// Which objects an event changed is what the domain reported when `rebuild`
/// replayed it: the event's own object, and the others its effects named
/// (the timeline's section 10, written from the `Effect`s of each event). An
/// object no effect of the window named has no record in its list between
/// the two points, so both points read the same name, edges and archive of it.
///
/// It answers under the conditions a past card does (`PastCard`): the log's
/// identity is the one Plings recorded, the timeline checks out and ends on a
/// line the log still has, and both points lie within it (the head only when
/// the timeline ends where the log does). It answers nil, and the caller
/// replays, when any of that fails, on a shallow device's log, when `from`
/// comes after `to`, or for a window longer than `windowLimit` events.
package enum PastDiff {
    /// The longest window read from the timeline (its lines are read at once to find each event's object).
    package static let windowLimit: Int64 = 1 << 16
    /// The timeline's blocks kept read at a time (32 MiB): the objects are read in order, each at both
    /// points in one pass, so most blocks are not wanted again once left; those that are (the top of
    /// the ids' binary search, containers on many paths) stay by the clock rule (`SnapshotBlocks`).
    package static let keptBlocks = 512

    /// The diff of the log at `logPath` from `from` to `to` (the head when nil); nil when the timeline cannot answer.
    package static func answer(
        from: ReplayLimit, to: ReplayLimit?, logPath: String, readBudget: Int = PastCard.elementReadBudget,
        keep: Int = keptBlocks
    ) -> WorldDiff? {
        guard !LogBase.exists(forLog: logPath) else { return nil }
        let cache = SnapshotCache(logPath: logPath)
        return cache.withVouchedLog { log, size in
            for entry in cache.timelineEntries().reversed() {
                let diff = cache.checkedFile(entry, log: log) { source -> (value: WorldDiff, cursor: LogCursor)? in
                    // Both points read one copy of the timeline's blocks, at most `keep` of them kept.
                    guard let sections = TimelineSections(source, readBudget: readBudget, keep: keep),
                        let a = TimelineView(sections, at: from, logSize: size)
                    else { return nil }
                    let end = a.file.cursor
                    guard let limit = to ?? (size == end.offset ? .seq(end.lastSeq) : nil),
                        let b = TimelineView(sections, at: limit, logSize: size),
                        a.lastSeq <= b.lastSeq, b.lastSeq - a.lastSeq <= windowLimit,
                        let changed = changed(after: a.lastSeq, through: b.lastSeq, a.sections, log: log)
                    else { return nil }
                    a.pair(later: b)
                    let shared = min(a.count, b.count)
                    let diff = WorldDiff(from: a, to: b, changed: changed.filter { $0 < shared })
                    guard !a.failed, !b.failed else { return nil }
                    return (diff, end)
                }
                if let diff { return diff }
            }
            return nil
        }
    }

    /// The objects the events after `from` through `to` changed, ascending: each event's own object
    /// (read from its line, decoded by the one reader) and the others the timeline records for it;
    /// nil when a read fails or a line is not the event the timeline places there.
    static func changed(
        after from: Int64, through to: Int64, _ sections: TimelineSections, log: LogFile
    ) -> [ObjectIndex]? {
        guard from < to else { return [] }
        guard var found = others(after: from, through: to, sections),
            let first = sections.line(from + 1), let last = sections.line(to), last.offset >= first.offset,
            let bytes = try? log.bytes(at: first.offset, length: Int(last.offset - first.offset) + last.length),
            bytes.count == Int(last.offset - first.offset) + last.length
        else { return nil }
        var seq = from
        let ok = bytes.withUnsafeBufferPointer { all -> Bool in
            var start = 0
            for end in all.indices where all[end] == UInt8(ascii: "\n") {
                seq += 1
                let line = UnsafeBufferPointer(rebasing: all[start..<end])
                start = end + 1
                guard let event = try? LineDecoder.decode(line).get().event, event.seq == seq else { return false }
                // An id the timeline does not hold was never made by its end: its events changed nothing.
                if let x = sections.find(event.payload.object.rawValue) { found.append(x) }
            }
            return start == all.count && seq == to
        }
        guard ok, !sections.failed else { return nil }
        return Array(Set(found)).sorted()
    }

    /// The objects other than its own that each event after `from` through `to` changed, as the
    /// timeline's section 10 lists them (per block of events, pairs of the seq's rise and the object).
    static func others(after from: Int64, through to: Int64, _ sections: TimelineSections) -> [ObjectIndex]? {
        let file = sections.file
        let blocks = file.sizes[8] / 24
        let block = Int64(TimelineFile.timeBlock)
        var found: [ObjectIndex] = []
        for b in Int(from / block)...Int((to - 1) / block) {
            guard b < blocks, let start = sections.word(8, 3 * b + 2, UInt64.self),
                let end = b + 1 < blocks ? sections.word(8, 3 * b + 5, UInt64.self) : UInt64(file.sizes[10]),
                start <= end, end <= UInt64(file.sizes[10])
            else { return nil }
            let base = Int64(b) * block
            let ok = sections.withBytes(10, Int(start), Int(end - start)) { raw -> Bool? in
                var (i, seq) = (0, base)
                while i < raw.count {
                    guard let rise = TimelineRecord.varint(raw, &i), let x = TimelineRecord.varint(raw, &i),
                        rise <= UInt64(block), x < UInt64(file.objects)
                    else { return nil }
                    seq += Int64(rise)
                    if seq > to { break }
                    if seq > from { found.append(ObjectIndex(x)) }
                }
                return true
            }
            guard ok == true else { return nil }
        }
        return found
    }
}

extension TimelineView: DiffReading {
    var objectCount: Int { count }

    func sameName(_ x: ObjectIndex, as other: TimelineView) -> Bool {
        let (mine, theirs) = (at(x).name, other.at(x).name)
        if mine == theirs { return true }
        let a = sections.withBytes(2, mine.offset, mine.length) { Array($0) }
        let b = other.sections.withBytes(2, theirs.offset, theirs.length) { Array($0) }
        return a == b
    }
}

/// The object timeline's file read in place: its sections' words and bytes,
/// each 64 KiB block read with `pread` and checked against its checksum
/// before use (see `SnapshotBlocks`). What every reader of the timeline
/// shares: the ids, each object's lists, the times and the line lengths.
///
/// When any read fails (a damaged block, a value out of range), the read
/// gives nil or a neutral value and `failed` is set: whatever was built from
/// it must then be thrown away.
final class TimelineSections {
    let file: TimelineFile
    private let blocks: SnapshotBlocks
    /// Whether any read failed since the sections were opened.
    private(set) var failed = false

    /// The sections of the timeline in `source`, keeping at most `keep` of its blocks read at a
    /// time; nil when its header or block table does not check out.
    init?(_ source: SnapshotSource, readBudget: Int, keep: Int = .max) {
        guard let file = TimelineFile.read(source), let sums = file.blockChecksums(source) else { return nil }
        self.file = file
        blocks = SnapshotBlocks(source, sums: sums, bodyStart: file.bodyStart, readBudget: readBudget, keep: keep)
    }

    /// Notes a failure (a value that cannot be).
    func fail() { failed = true }

    /// Word `k` (of `T`'s size) of `section`.
    func word<T: FixedWidthInteger>(_ section: Int, _ k: Int, _: T.Type) -> T? {
        guard k >= 0, (k + 1) * MemoryLayout<T>.size <= file.sizes[section] else {
            failed = true
            return nil
        }
        let v = blocks.load(T.self, at: file.start(section) + k * MemoryLayout<T>.size)
        if v == nil { failed = true }
        return v
    }

    /// What `body` makes of the `count` bytes at `offset` of `section`, checked to lie within it.
    func withBytes<R>(_ section: Int, _ offset: Int, _ count: Int, _ body: (UnsafeRawBufferPointer) -> R?) -> R? {
        guard offset >= 0, count >= 0, count <= file.sizes[section] - offset,
            let r = blocks.withBytes(file.start(section) + offset, count, body).flatMap({ $0 })
        else {
            failed = true
            return nil
        }
        return r
    }

    /// A text of the names and notes (section 2).
    func text(_ ref: (offset: Int, length: Int)) -> String {
        withBytes(2, ref.offset, ref.length) { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The bytes of the id of `x`.
    func idBytes(_ x: ObjectIndex) -> [UInt8] {
        guard x >= 0, Int(x) < file.objects, let from = word(3, Int(x), UInt64.self),
            let to = word(3, Int(x) + 1, UInt64.self), from <= to, to <= UInt64(file.sizes[4]), to - from < 1 << 20
        else {
            failed = true
            return []
        }
        return withBytes(4, Int(from), Int(to - from)) { Array($0) } ?? []
    }

    /// The index of the object with id `id` among all the timeline holds (made by its end), or nil.
    func find(_ id: String) -> ObjectIndex? {
        let query = Array(id.utf8)
        var (lo, hi) = (0, file.objects)
        while lo < hi && !failed {
            let mid = (lo + hi) / 2
            guard let x = word(5, mid, UInt32.self), x < file.objects else {
                failed = true
                return nil
            }
            let bytes = idBytes(ObjectIndex(x))
            if bytes == query { return ObjectIndex(x) }
            if bytes.lexicographicallyPrecedes(query) { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// What `body` makes of the list of `x` in the lists (section 1), or with
    /// `mentions` in the mention lists (section 12); nil (and `failed` set) when it cannot be read.
    func list<R>(_ x: ObjectIndex, mentions: Bool = false, _ body: (UnsafeRawBufferPointer) -> R?) -> R? {
        let (index, lists) = mentions ? (11, 12) : (0, 1)
        guard x >= 0, Int(x) < file.objects, let from = word(index, Int(x), UInt64.self),
            let to = word(index, Int(x) + 1, UInt64.self), from <= to, to <= UInt64(file.sizes[lists])
        else {
            failed = true
            return nil
        }
        return withBytes(lists, Int(from), Int(to - from), body)
    }

    /// The last event at or before `t` (times never go back in a log), 0 before the first; nil when a read fails.
    func seq(atOrBefore t: Int64) -> Int64? {
        let count = file.sizes[6] / 16
        var (lo, hi) = (0, count)
        while lo < hi {
            let mid = (lo + hi) / 2
            guard let first = word(6, 2 * mid + 1, Int64.self) else { return nil }
            if first <= t { lo = mid + 1 } else { hi = mid }
        }
        if lo == 0 { return 0 }
        let b = lo - 1
        guard let from = word(6, 2 * b, UInt64.self), var at = word(6, 2 * b + 1, Int64.self) else { return nil }
        let to = b + 1 < count ? word(6, 2 * b + 2, UInt64.self) : UInt64(file.sizes[7])
        let inBlock = min(Int64(TimelineFile.timeBlock), file.cursor.lastSeq - Int64(b * TimelineFile.timeBlock))
        // Every number read from the file is bounded before it is used: a forged one is any 64 bits.
        guard let to, from <= to, to <= UInt64(file.sizes[7]), inBlock > 0 else {
            failed = true
            return nil
        }
        let counted = withBytes(7, Int(from), Int(to - from)) { raw -> Int64? in
            var i = 0
            var k: Int64 = 0
            while k < inBlock {
                guard let rise = TimelineRecord.varint(raw, &i), rise <= UInt64(Int64.max),
                    case let (next, false) = at.addingReportingOverflow(Int64(rise))
                else { return nil }
                at = next
                if at > t { break }
                k += 1
            }
            return k
        }
        return counted.map { Int64(b * TimelineFile.timeBlock) + $0 }
    }

    /// The time (milliseconds) of event `seq`; nil when a read fails or `seq` is not within the timeline.
    func time(ofSeq seq: Int64) -> Int64? {
        guard seq >= 1, seq <= file.cursor.lastSeq else { return nil }
        let count = file.sizes[6] / 16
        let b = Int((seq - 1) / Int64(TimelineFile.timeBlock))
        let inBlock = Int((seq - 1) % Int64(TimelineFile.timeBlock))
        guard b < count, let from = word(6, 2 * b, UInt64.self), var at = word(6, 2 * b + 1, Int64.self),
            let to = b + 1 < count ? word(6, 2 * b + 2, UInt64.self) : UInt64(file.sizes[7]), from <= to,
            to <= UInt64(file.sizes[7])
        else {
            failed = true
            return nil
        }
        // The block's first time, then each event's rise over the one before (the first event's too).
        let found = withBytes(7, Int(from), Int(to - from)) { raw -> Int64? in
            var i = 0
            for _ in 0...inBlock {
                guard let rise = TimelineRecord.varint(raw, &i), rise <= UInt64(Int64.max),
                    case let (next, false) = at.addingReportingOverflow(Int64(rise))
                else { return nil }
                at = next
            }
            return at
        }
        if found == nil { failed = true }
        return found
    }

    /// Where the line of event `seq` starts in the log and its length with its newline; nil when a read fails
    /// or `seq` is not within the timeline.
    func line(_ seq: Int64) -> (offset: Int64, length: Int)? {
        guard seq >= 1, seq <= file.cursor.lastSeq else { return nil }
        let b = Int((seq - 1) / Int64(TimelineFile.timeBlock))
        let inBlock = Int((seq - 1) % Int64(TimelineFile.timeBlock))
        guard let from = word(8, 3 * b, UInt64.self), var offset = word(8, 3 * b + 1, Int64.self),
            let end = b + 1 < file.sizes[8] / 24 ? word(8, 3 * b + 3, UInt64.self) : UInt64(file.sizes[9]), from <= end,
            end <= UInt64(file.sizes[9]), offset >= 0
        else {
            failed = true
            return nil
        }
        return withBytes(9, Int(from), Int(end - from)) { raw -> (Int64, Int)? in
            var i = 0
            for k in 0...inBlock {
                guard let length = TimelineRecord.varint(raw, &i), length > 0, length <= 1 << 20 else { return nil }
                if k == inBlock { return (offset, Int(length)) }
                guard case let (next, false) = offset.addingReportingOverflow(Int64(length)) else { return nil }
                offset = next
            }
            return nil
        }
    }

    /// The seq `limit` comes to within the timeline; nil when the point is not
    /// within it: a seq before the first event or past the timeline, a time
    /// before the first event, or a time at or after the timeline's last event
    /// when the log (of `logSize` bytes) goes on past it, since its later events may count.
    func point(_ limit: ReplayLimit, logSize: Int64) -> Int64? {
        let seq: Int64
        switch limit {
        case .seq(let s): seq = s
        case .time(let t):
            guard let s = self.seq(atOrBefore: t.milliseconds), s < file.cursor.lastSeq || logSize == file.cursor.offset
            else { return nil }
            seq = s
        }
        guard seq >= 1, seq <= file.cursor.lastSeq, !failed else { return nil }
        return seq
    }
}

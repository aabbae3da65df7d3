import PlingsViews

/// `away` at the head of the log, read from the head snapshot without making
/// the world: the away-since column read whole picks the things away from
/// home (archived ones left out), sorted as `AwayList` sorts them (longest
/// away first, then by id), and each entry is made only when it is handed
/// out, from the snapshot's columns read whole once (`ColumnsReading`), by
/// the same code as the full path's entries (`AwayEntry.init`).
///
/// `away --in C` of a small container finds what is inside C from the head
/// index (`HeadIndex`; without one, from the current parent column read
/// whole), then reads only those things, one at a time (`SnapshotView`); a
/// larger one is read from the whole columns.
///
/// It answers on the conditions `HeadTree` answers on and gives way when
/// `HeadTree` does: the log vouched for, the newest snapshot intact and still
/// the log's, and when the log has gone on since, every event after the
/// snapshot a `seen` or a refusal (`HeadTree.tailLeavesTree`; neither changes
/// where a thing is or belongs). Otherwise, or when any value read is out of
/// its range, it gives nil and the caller takes the full path.
package enum HeadAway {
    /// The element reads the whole list may make (the columns count one read per megabyte).
    package static let elementReadBudget = 1 << 22

    /// The element reads `away --in C` of a small container may make (the
    /// columns count one per megabyte, each thing away some hundred): a
    /// larger list is read from the whole columns.
    package static let subtreeReadBudget = 1 << 19

    /// The list read from the head snapshot, its entries not yet made: `forEach` makes them one at a time.
    package struct Entries {
        /// The last event the list reflects.
        package let asOfSeq: Int64
        fileprivate let reading: ColumnsReading
        /// The things away, in the list's order, with the seq and time each has been away since.
        fileprivate let order: [(seq: Int64, at: Int64, x: ObjectIndex)]

        /// How many things the list has.
        package var total: Int { order.count }

        /// Hands each entry to `each`, in order, as `AwayList.entries` makes them: from the
        /// `start`th (0 the first) on, at most `count` of them.
        package func forEach(from start: Int = 0, count: Int = .max, _ each: (AwayEntry) throws -> Void) rethrows {
            try forEachBytes(from: start, count: count, inbound: true) { try each(AwayEntry($0)) }
        }

        /// Hands each entry to `each` as the bytes of its names and ids (`AwayText` and
        /// `AwayJSON` write them; no string is made but a loan's), in order, from the `start`th
        /// on, at most `count` of them. Without `inbound`, what is placed relative to each thing
        /// is not looked up (the text does not show it): the rows' `inbound` stay empty.
        package func forEachBytes(
            from start: Int = 0, count: Int = .max, inbound: Bool, _ each: (AwayRowBytes) throws -> Void
        ) rethrows {
            let listed = order.dropFirst(max(start, 0)).prefix(max(count, 0))
            try reading.registry.withBytes { names in
                var rows = RowMaker(reading, names, inbound: inbound)
                for k in listed.indices {
                    // The things some rows on asked for in memory while this row is made (the
                    // list jumps about the columns: their misses overlap instead of following
                    // one another), what lies above them once their own columns are in.
                    if k + HeadAway.ahead < listed.endIndex { rows.prefetch(listed[k + HeadAway.ahead].x) }
                    if k + HeadAway.ahead / 2 < listed.endIndex { rows.prefetchAbove(listed[k + HeadAway.ahead / 2].x) }
                    let (seq, at, x) = listed[k]
                    rows.make(x, since: (seq, at))
                    try each(rows.row)
                }
            }
        }
    }

    /// How many rows ahead `Entries.forEachBytes` asks for a thing's columns in memory.
    private static let ahead = 8

    /// Makes the rows of a list from the whole columns, one row's arrays kept from thing to
    /// thing (their storage reused: nothing is allocated for a row but for a loan, or for a
    /// thing with more than one thing placed relative to it).
    private struct RowMaker {
        let reading: ColumnsReading
        let names: RegistryBytes
        let inbound: Bool
        /// The columns of each axis (held, not looked up for each row).
        let currentColumns: WholeAxis
        let normalColumns: WholeAxis
        private(set) var row: AwayRowBytes
        private var current: ShortPaths
        private var normal: ShortPaths
        private var shown: [ObjectIndex] = []

        init(_ reading: ColumnsReading, _ names: RegistryBytes, inbound: Bool) {
            (self.reading, self.names, self.inbound) = (reading, names, inbound)
            (currentColumns, normalColumns) = (reading.axis(.current), reading.axis(.normal))
            current = ShortPaths(parents: currentColumns.parents)
            normal = ShortPaths(parents: normalColumns.parents)
            row = AwayRowBytes()
        }

        /// Asks for what `make` reads of `x` itself in memory: its parents, relations and
        /// positional relations on both axes, its id's and name's places, its short paths'
        /// depth and top containers (only a hint: nothing is read or changed).
        func prefetch(_ x: ObjectIndex) {
            func hint(_ columns: WholeAxis) {
                CacheHint.element(columns.parents, Int(x))
                CacheHint.element(columns.relations, Int(x))
                CacheHint.element(columns.positional, Int(x))
            }
            hint(currentColumns)
            hint(normalColumns)
            names.prefetch(x)
            current.prefetch(x)
            normal.prefetch(x)
        }

        /// Asks for what `make` reads next of `x` (its own columns asked for some rows before):
        /// the bytes of its id and name, and the columns of its parent on each axis.
        func prefetchAbove(_ x: ObjectIndex) {
            names.prefetchBytes(x)
            let (up, down) = (currentColumns.parent(x), normalColumns.parent(x))
            if up >= 0, Int(up) < reading.count {
                names.prefetch(up)
                current.prefetch(up)
            }
            if down >= 0, Int(down) < reading.count {
                names.prefetch(down)
                normal.prefetch(down)
            }
        }

        /// Makes `row` the entry of `x`, away since the event `since` (its seq and time in milliseconds).
        mutating func make(_ x: ObjectIndex, since: (seq: Int64, at: Int64)) {
            row.thing = names.named(x)
            let (reading, names, inbound) = (reading, names, inbound)
            Self.fill(
                &row.current, x, .current, currentColumns, reading, names, inbound: inbound, paths: &current,
                shown: &shown)
            Self.fill(
                &row.normal, x, .normal, normalColumns, reading, names, inbound: inbound, paths: &normal,
                shown: &shown)
            (row.sinceSeq, row.sinceAt) = since
            row.loan = reading.loan(x).map { LoanRef($0, reading: reading) }
        }

        /// Makes `place` where `x` is on `axis` (whose columns are `columns`), as
        /// `Location(_:axis:reading:paths:)` makes it. (`shown` a buffer for the path's containers.)
        private static func fill(
            _ place: inout AwayRowBytes.Place, _ x: ObjectIndex, _ axis: Axis, _ columns: WholeAxis,
            _ reading: ColumnsReading, _ names: RegistryBytes, inbound: Bool, paths: inout ShortPaths,
            shown: inout [ObjectIndex]
        ) {
            let k = Int(x)
            let parent = columns.parents[k]
            place.parent =
                parent == .world ? nil : (Relation(rawValue: columns.relations[k]) ?? .in, names.named(parent))
            place.elided = paths.shown(x, into: &shown)
            place.path.removeAll(keepingCapacity: true)
            for container in shown.reversed() { place.path.append(names.named(container)) }
            place.positional = columns.outbound(x).map { ($0.relation, names.named($0.target)) }
            place.inbound.removeAll(keepingCapacity: true)
            guard inbound else { return }
            for source in reading.inbound(x, axis) {
                guard let edge = columns.outbound(source) else { continue }
                place.inbound.append(AwayRowBytes.Inbound(source: names.named(source), relation: edge.relation))
            }
            guard place.inbound.count > 1 else { return }
            // As `RelatedRef.inbound` orders them: by relation, then name, then id, as strings.
            func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
            place.inbound = place.inbound.map { ($0.relation.rawValue, text($0.source.name), text($0.source.id), $0) }
                .sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map(\.3)
        }
    }

    /// What the head snapshot says of the away list.
    package enum Answer {
        /// The list, read from the whole columns, its entries not yet made.
        case entries(Entries)
        /// The short list of a small container, its entries made.
        case listed([AwayEntry], asOfSeq: Int64)
        /// The container is not in the head snapshot (nor made after it: see `HeadTree.tailLeavesTree`).
        case unknown
    }

    /// The things away from home at the head (with `container`, only those inside it now, on
    /// the current axis, as `AwayList.entries` takes them), ready to be written; nil when the
    /// head snapshot cannot answer. A container of more than `smallSubtree` things is read
    /// from the whole columns.
    package static func answer(
        inside container: ObjectID? = nil, logPath: String, readBudget: Int = elementReadBudget,
        tailBudget: Int64 = HeadCard.tailBudget, smallSubtree: Int = 2_000
    ) -> Answer? {
        if let container, smallSubtree > 0,
            let small = answer(small: container, limit: smallSubtree, logPath: logPath, tailBudget: tailBudget)
        {
            return small
        }
        return HeadSnapshot.read(logPath: logPath, readBudget: readBudget, tailBudget: tailBudget) { head in
            let view = head.view
            var inside: [ObjectIndex]?
            if let container {
                guard let c = view.index(of: container) else { return view.failed ? nil : finish(.unknown, head) }
                guard let members = view.members(below: c, .current) else { return nil }
                inside = members
            }
            guard let since = view.wholeStatus(Snapshot.Section.awaySince),
                let sinceAt = view.wholeStatus(Snapshot.Section.awaySinceAt),
                let reading = ColumnsReading(view, lastSeq: head.cursor.lastSeq)
            else { return nil }
            let candidates = inside ?? (0..<reading.count).map { ObjectIndex($0) }
            var keys = byEvent(candidates, since: since) { reading.isArchived($0) }
            byID(&keys, within: keys.indices) { reading.id($0) }
            let order = keys.map { (seq: $0.seq, at: sinceAt[Int($0.x)], x: $0.x) }
            return finish(.entries(Entries(asOfSeq: head.cursor.lastSeq, reading: reading, order: order)), head)
        }
    }

    /// The things away inside a container of at most `limit` things, read one at a time, found
    /// from the head index (or the current parent column read whole); nil when it holds more or
    /// the snapshot cannot answer.
    private static func answer(small container: ObjectID, limit: Int, logPath: String, tailBudget: Int64)
        -> Answer?
    {
        HeadSnapshot.read(logPath: logPath, readBudget: subtreeReadBudget, tailBudget: tailBudget) { head in
            let view = head.view
            guard let c = view.index(of: container) else { return view.failed ? nil : finish(.unknown, head) }
            guard let members = view.members(below: c, .current), members.count <= limit else { return nil }
            let away = members.filter { view.away($0).seq > 0 && !view.isArchived($0) }
            guard !view.failed, let inbound = InboundReading(view, of: away) else { return nil }
            let order = sorted(away, inbound) { view.away($0) }
            var current = ShortPaths(count: view.count) { x in x == .world ? .world : view.edge(x, .current).parent }
            var normal = ShortPaths(count: view.count) { x in x == .world ? .world : view.edge(x, .normal).parent }
            var entries: [AwayEntry] = []
            for (seq, at, x) in order {
                entries.append(AwayEntry(x, since: (seq, at), reading: inbound, current: &current, normal: &normal))
                if view.failed { return nil }
            }
            return finish(.listed(entries, asOfSeq: head.cursor.lastSeq), head)
        }
    }

    /// The element reads one page of the list may make (the columns count one read per
    /// megabyte; each entry a few hundred, each thing away since the same event as one at
    /// the page's edge a few).
    package static let pageReadBudget = 1 << 19

    /// A page of the list and how many things the whole list has.
    package struct Page {
        /// The page's entries, in the list's order.
        package let entries: [AwayEntry]
        /// How many things are away in all.
        package let total: Int
        /// The last event the list reflects.
        package let asOfSeq: Int64
    }

    /// The entries of the whole list from the `start`th (0 the first) on, at most `count`
    /// of them, as `AwayList.entries` pages it, and how many there are in all; nil when the
    /// head snapshot cannot answer. Only the away-since columns are read whole (to pick and
    /// order the things away), then only the page's things, one at a time: a page costs the
    /// same wherever it falls in a list of any length.
    package static func page(
        from start: Int, count: Int, logPath: String, tailBudget: Int64 = HeadCard.tailBudget
    ) -> Page? {
        HeadSnapshot.read(logPath: logPath, readBudget: pageReadBudget, tailBudget: tailBudget) { head in
            let view = head.view
            guard let order = pageOrder(view, from: max(start, 0), count: max(count, 0)),
                let inbound = InboundReading(view, of: order.page.map(\.x))
            else { return nil }
            var current = ShortPaths(count: view.count) { x in x == .world ? .world : view.edge(x, .current).parent }
            var normal = ShortPaths(count: view.count) { x in x == .world ? .world : view.edge(x, .normal).parent }
            var entries: [AwayEntry] = []
            for (seq, x) in order.page {
                let since = (seq: seq, at: view.away(x).at)
                entries.append(AwayEntry(x, since: since, reading: inbound, current: &current, normal: &normal))
                if view.failed { return nil }
            }
            let page = Page(entries: entries, total: order.total, asOfSeq: head.cursor.lastSeq)
            return head.stands(page) { page, seq in Page(entries: page.entries, total: page.total, asOfSeq: seq) }
        }
    }

    /// The things of the page from `start` of the list's order, found from the away-since
    /// column read whole, and how many things are away in all; nil when a read failed. The
    /// things are ordered by the seq they are away since (`byEvent`, only as far as the page
    /// needs), then those away since the same event as one on the page by id (`byID`), as
    /// `AwayList.sort` orders them.
    private static func pageOrder(_ view: SnapshotView, from start: Int, count: Int)
        -> (page: [(seq: Int64, x: ObjectIndex)], total: Int)?
    {
        guard let since = view.wholeStatus(Snapshot.Section.awaySince), let records = view.wholeRecords() else {
            return nil
        }
        let candidates = (0..<since.count).map { ObjectIndex($0) }
        let found = byEvent(candidates, since: since, from: start, count: count) { records.archives[$0] != nil }
        guard !found.page.isEmpty else { return ([], found.total) }
        var keys = found.keys
        byID(&keys, within: found.page) { view.id($0) }
        guard !view.failed else { return nil }
        return (Array(keys[found.page]), found.total)
    }

    /// The things of `candidates` away from home (away since a seq above 0, as `since` says,
    /// and not `archived`), ordered by that seq, then by index: each packed with its index
    /// into one word when both fit (a sort of numbers), else as pairs.
    private static func byEvent(
        _ candidates: [ObjectIndex], since: [Int64], archived: (ObjectIndex) -> Bool
    ) -> [(seq: Int64, x: ObjectIndex)] {
        guard var packed = packed(candidates, since: since, archived: archived) else {
            return pairs(candidates, since: since, archived: archived)
        }
        packed.sort()
        return packed.map(unpacked)
    }

    /// The part of `byEvent`'s list from its `start`th thing on, at most `count` of them (the
    /// page), with around it every other thing away since the same event as the page's first
    /// or last (so those runs can be put in id order whole); where the page lies in it; and
    /// how many things the whole list has. Only the page is sorted: the things before it and
    /// after it are found by a selection (`Selection.sort(_:at:)`), in time linear in the list.
    private static func byEvent(
        _ candidates: [ObjectIndex], since: [Int64], from start: Int, count: Int, archived: (ObjectIndex) -> Bool
    ) -> (keys: [(seq: Int64, x: ObjectIndex)], page: Range<Int>, total: Int) {
        guard var packed = packed(candidates, since: since, archived: archived) else {
            let keys = pairs(candidates, since: since, archived: archived)
            let first = min(max(start, 0), keys.count)
            return (keys, first..<(first + min(max(count, 0), keys.count - first)), keys.count)
        }
        let total = packed.count
        let first = min(max(start, 0), total)
        let end = first + min(max(count, 0), total - first)
        guard first < end else { return ([], 0..<0, total) }
        Selection.sort(&packed, at: first..<end)
        let (low, high) = (packed[first] >> 32, packed[end - 1] >> 32)
        let before = packed[..<first].filter { $0 >> 32 == low }.sorted()
        let after = packed[end...].filter { $0 >> 32 == high }.sorted()
        let keys = (before + packed[first..<end] + after).map(unpacked)
        return (keys, before.count..<(before.count + end - first), total)
    }

    /// The things of `candidates` away from home, each its seq packed with its index into one
    /// word (the seq above, so words order as the pairs); nil when a seq or an index does not fit.
    private static func packed(_ candidates: [ObjectIndex], since: [Int64], archived: (ObjectIndex) -> Bool)
        -> [UInt64]?
    {
        var packed: [UInt64] = []
        var fits = true
        for x in candidates where since[Int(x)] > 0 && !archived(x) {
            let seq = since[Int(x)]
            fits = fits && seq < 1 << 32 && x >= 0
            packed.append(UInt64(truncatingIfNeeded: seq) << 32 | UInt64(UInt32(truncatingIfNeeded: x)))
        }
        return fits ? packed : nil
    }

    /// A word of `packed` as the seq and index it holds.
    private static func unpacked(_ word: UInt64) -> (seq: Int64, x: ObjectIndex) {
        (Int64(word >> 32), ObjectIndex(truncatingIfNeeded: word & 0xFFFF_FFFF))
    }

    /// `byEvent`'s list made as pairs (when they do not fit a word).
    private static func pairs(_ candidates: [ObjectIndex], since: [Int64], archived: (ObjectIndex) -> Bool)
        -> [(seq: Int64, x: ObjectIndex)]
    {
        var keys = candidates.filter { since[Int($0)] > 0 && !archived($0) }.map { (seq: since[Int($0)], x: $0) }
        keys.sort { ($0.seq, $0.x) < ($1.seq, $1.x) }
        return keys
    }

    /// Puts in id order (`AwayList.sort`) the things of `keys` away since the same event as
    /// one within `range`, each whole run of them (only their ids are made strings).
    private static func byID(
        _ keys: inout [(seq: Int64, x: ObjectIndex)], within range: Range<Int>, id: (ObjectIndex) -> String
    ) {
        var k = range.lowerBound
        while k < range.upperBound {
            var (low, high) = (k, k + 1)
            while low > 0, keys[low - 1].seq == keys[k].seq { low -= 1 }
            while high < keys.count, keys[high].seq == keys[k].seq { high += 1 }
            if high - low > 1 {
                var run = keys[low..<high].map { (seq: $0.seq, id: id($0.x), x: $0.x) }
                AwayList.sort(&run)
                for (j, key) in run.enumerated() { keys[low + j] = (key.seq, key.x) }
            }
            k = high
        }
    }

    /// `things` with the seq and time each is away since (`since`), in the list's order (`AwayList.sort`).
    private static func sorted(
        _ things: [ObjectIndex], _ reading: some CardReading, since: (ObjectIndex) -> (Int64, Int64)
    ) -> [(seq: Int64, at: Int64, x: ObjectIndex)] {
        var order = things.map { (seq: since($0).0, id: reading.id($0), x: $0) }
        AwayList.sort(&order)
        return order.map { (seq: $0.seq, at: since($0.x).1, x: $0.x) }
    }

    /// `answer` as of the last event (`HeadSnapshot.stands`); nil when an event after the snapshot
    /// could change the list (the events that leave a tree as it is leave the away list too).
    private static func finish(_ answer: Answer, _ head: HeadSnapshot) -> Answer? {
        head.stands(answer) { answer, seq in
            switch answer {
            case .entries(let list): return .entries(Entries(asOfSeq: seq, reading: list.reading, order: list.order))
            case .listed(let entries, _): return .listed(entries, asOfSeq: seq)
            case .unknown: return .unknown
            }
        }
    }
}

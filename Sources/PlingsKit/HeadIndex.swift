import PlingsLog

/// What each object holds, for the head snapshot: on each axis, its children
/// (the things whose parent it is) and the things with a positional relation
/// to it, so that the views of one box (`tree X`, `away --in C`,
/// `stocktake C`, a card's contents) read only that box's things instead of
/// a pass over a whole column.
///
/// `rebuild` writes it beside the head snapshot as `index-<seq>-<at in ms>.bin`
/// in the cache folder. It is disposable like the snapshot and read in place
/// like it (`SnapshotBlocks`: every 64 KiB block checked against its checksum
/// before use): the header (`SealedHeader`, then the section table) names the
/// log line it was made at and the snapshot it indexes (the checksum of that
/// snapshot's block checksums), so an index of another snapshot, of another
/// format or with a damaged header is not used (the views then find what a
/// box holds from the snapshot's columns, as before the index); a damaged
/// block fails the view that reads it, which then gives way to the full path.
///
/// Per axis, four sections: the objects grouped by parent (World first, then
/// by the parent's index; in index order within a group) and where each group
/// starts (`n + 2` entries: the group of object `p` is `start[p + 1]..<start[p + 2]`),
/// then the objects with a positional target grouped by target, and the same starts.
/// Then two for `find`: every id and name folded as `SearchIndex` folds them,
/// one after another, and where each starts (`SearchIndex.folded`), so `find`
/// ranks them without folding any.
struct HeadIndex {
    static let magic: [UInt8] = Array("PLNGINDX".utf8)
    /// Bumped whenever the layout changes; an index of another version is not used.
    static let formatVersion: UInt32 = 1
    static let sectionCount = 10
    /// The sections of the folded ids and names and of their bounds.
    static let foldedSection = 8, boundsSection = 9
    /// Bytes before the section table: magic, version, section count, cursor, object count, snapshot seal.
    static let headerPrefix = 8 + 4 + 4 + 8 * 8 + 8 + 8
    static let checksumOffset = headerPrefix + sectionCount * SnapshotSection.tableBytes + 16
    static let blockTableOffset = checksumOffset + 8

    /// The file name of the index of the snapshot at `cursor`.
    static func fileName(seq: Int64, at: Timestamp) -> String { "index-\(seq)-\(at.milliseconds).bin" }

    // MARK: - Writing

    /// The index of `state` taken at `cursor`, for the snapshot whose block
    /// table has the checksum `seal`: its header and body.
    static func encodedParts(_ state: WorldState, cursor: LogCursor, seal: UInt64) -> (header: [UInt8], body: [UInt8]) {
        var sections = SnapshotSectionWriter()
        let n = state.registry.count
        for projection in [state.current, state.normal] {
            let children = grouped(projection.parents.raw.parents, count: n, keepWorld: true)
            sections.column(children.order)
            sections.column(children.start)
            let inbound = grouped(projection.positional.rawOutbound.targets, count: n, keepWorld: false)
            sections.column(inbound.order)
            sections.column(inbound.start)
        }
        let folded = SearchIndex(registry: state.registry).folded
        sections.column(folded.arena)
        sections.column(folded.bounds)
        let blocks = SnapshotHeader.blockChecksums(of: sections.body)
        var w = ByteWriter()
        w.bytes(magic)
        w.u32(formatVersion)
        w.u32(UInt32(sectionCount))
        SealedHeader.write(cursor, &w)
        w.i64(Int64(n))
        w.u64(seal)
        for section in sections.sections {
            w.u64(section.encoding.rawValue)
            w.u64(UInt64(section.count))
            w.u64(UInt64(section.storedBytes))
            w.u64(section.checksum)
        }
        return (SealedHeader.sealed(w, blocks: blocks), sections.body)
    }

    /// The objects grouped by `keys[x]` (World, -1, first; left out unless
    /// `keepWorld`), in index order within a group, and where each group starts.
    static func grouped(_ keys: [ObjectIndex], count n: Int, keepWorld: Bool) -> (order: [Int32], start: [Int32]) {
        var start = [Int32](repeating: 0, count: n + 2)
        for key in keys where key >= 0 || keepWorld { start[Int(key) + 2] += 1 }
        for k in 0..<(n + 1) { start[k + 1] += start[k] }
        var fill = start
        var order = [Int32](repeating: 0, count: Int(start[n + 1]))
        for (x, key) in keys.enumerated() where key >= 0 || keepWorld {
            order[Int(fill[Int(key) + 1])] = Int32(x)
            fill[Int(key) + 1] += 1
        }
        return (order, start)
    }

    // MARK: - Reading

    private let blocks: SnapshotBlocks
    private let columns: [SnapshotColumn]
    /// Number of objects.
    let count: Int

    /// The index in `source` of the snapshot `snapshot` describes (its cursor,
    /// its objects and its block table); nil when its header does not check
    /// out, is of another version or of another snapshot. Past `readBudget`
    /// element reads, every read fails (see `SnapshotBlocks`).
    init?(_ source: SnapshotSource, of snapshot: SnapshotHeader, count n: Int, readBudget: Int) {
        guard let bytes = SealedHeader.checked(source, length: Self.checksumOffset) else { return nil }
        let parsed = bytes.withUnsafeBytes { raw -> (LogCursor, Int64, UInt64, [SnapshotSection], Int, UInt64)? in
            var r = ByteReader(bytes: raw, end: Self.checksumOffset)
            guard r.bytes(8) == Self.magic, r.u32() == Self.formatVersion, r.u32() == UInt32(Self.sectionCount),
                let cursor = SealedHeader.cursor(&r), let objects = r.i64(), let seal = r.u64(),
                let sections = SnapshotHeader.readTable(&r, fileSize: source.size, count: Self.sectionCount),
                let blockWord = r.u64(), let blockSum = r.u64(), blockWord <= UInt64(source.size / 8)
            else { return nil }
            return (cursor, objects, seal, sections, Int(blockWord), blockSum)
        }
        guard let (cursor, objects, seal, sections, blockCount, blockSum) = parsed, cursor == snapshot.cursor,
            objects == Int64(n), seal == snapshot.blockTableChecksum
        else { return nil }
        let bodyStart = Self.blockTableOffset + 8 * blockCount
        guard bodyStart <= source.size, blockCount == SnapshotHeader.blocks(ofBody: source.size - bodyStart),
            let sums = SealedHeader.blockChecksums(
                source, at: Self.blockTableOffset, count: blockCount, checksum: blockSum)
        else { return nil }
        let blocks = SnapshotBlocks(source, sums: sums, bodyStart: bodyStart, readBudget: readBudget)
        var columns: [SnapshotColumn] = []
        var offset = 0
        for (k, section) in sections.enumerated() {
            // The orders hold at most one entry per object; the starts one per object, World and the end;
            // the folded text (bytes) some for each id and name, the bounds two per object and the end.
            let fits: Bool
            switch k {
            case Self.foldedSection: fits = section.count <= 2 * 255 * 4 * max(n, 1)
            case Self.boundsSection: fits = section.count == 2 * n + 1
            default: fits = k % 2 == 0 ? section.count <= n : section.count == n + 2
            }
            let column = SnapshotColumn(section: section, start: offset)
            offset += section.storedBytes
            guard fits, offset <= blocks.bodySize, column.sizeFits(stride: k == Self.foldedSection ? 1 : 4) else {
                return nil
            }
            columns.append(column)
        }
        guard offset == blocks.bodySize, sections[0].count == n, sections[4].count == n else { return nil }
        self.blocks = blocks
        self.columns = columns
        count = n
    }

    /// The children of `p` (World when `.world`) on `axis`, in index order; nil when a read
    /// failed or what is read is not an index (out of range, not rising).
    func children(of p: ObjectIndex, _ axis: Axis) -> [ObjectIndex]? {
        group(Int(p) + 1, base: axis == .current ? 0 : 4)
    }

    /// The things with a positional relation to `y` on `axis`, in index order; nil as `children`.
    func inbound(_ y: ObjectIndex, _ axis: Axis) -> [ObjectIndex]? {
        guard y >= 0 else { return [] }
        return group(Int(y) + 1, base: axis == .current ? 2 : 6)
    }

    /// Group `slot` of the order in section `base` (its starts in `base + 1`).
    private func group(_ slot: Int, base: Int) -> [ObjectIndex]? {
        let (order, starts) = (columns[base], columns[base + 1])
        guard slot >= 0, slot + 1 < starts.count, let first = starts.element(slot, as: Int32.self, blocks),
            let end = starts.element(slot + 1, as: Int32.self, blocks), first >= 0, first <= end,
            Int(end) <= order.count
        else { return nil }
        guard let found = order.elements(Int(first)..<Int(end), as: Int32.self, blocks) else { return nil }
        var last: Int32 = -1
        for x in found {
            guard x > last, Int(x) < count else { return nil }
            last = x
        }
        return found
    }

    /// The things whose id or name matches `text`, as `SearchIndex.search` finds them, ranked
    /// from the folded ids and names read whole (every block checked); nil when they are
    /// damaged or their bounds do not fit them.
    func search(_ text: String, limit: Int, include: (ObjectIndex) -> Bool) -> [SearchIndex.Hit]? {
        guard let arena = columns[Self.foldedSection].all(as: UInt8.self, blocks),
            let bounds = columns[Self.boundsSection].all(as: UInt32.self, blocks),
            let index = SearchIndex(folded: arena, bounds: bounds), index.count == count
        else { return nil }
        return index.search(text, limit: limit, include: include)
    }

    /// The objects at or below `root` on `axis`, `root` left out, in index order, found from the
    /// children of each in turn; nil when a read failed or the groups lead back to `root` (a cycle).
    func members(below root: ObjectIndex, _ axis: Axis) -> [ObjectIndex]? {
        var found: [ObjectIndex] = []
        var next = 0
        var x = root
        while true {
            guard let inside = children(of: x, axis) else { return nil }
            for child in inside {
                guard child != root, found.count < count else { return nil }
                found.append(child)
            }
            guard next < found.count else { break }
            x = found[next]
            next += 1
        }
        return found.sorted()
    }
}

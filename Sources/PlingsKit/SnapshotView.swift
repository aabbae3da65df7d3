import PlingsViews

/// A snapshot read in place, one object at a time, for a card: the id found
/// in the snapshot's id table, the path walked up the parent columns, the
/// edges, names and status read element by element, and the contents and
/// inbound edges found by scanning one column each. Only the blocks those
/// reads touch are read, each checked against its checksum.
///
/// When any read fails (a damaged block, a value out of range, a relation
/// that is not one), the view answers with neutral values and `failed` is
/// set: whatever was built from it must then be thrown away.
final class SnapshotView: CardReading {
    let header: SnapshotHeader
    private let blocks: SnapshotBlocks
    private let columns: [SnapshotColumn]
    private var archives: [ObjectIndex: ArchiveRecord]?
    private var loans: [ObjectIndex: LoanRecord]?
    /// Whether any read failed since the view was made.
    private(set) var failed = false
    /// What each object holds, when the head snapshot has its index (see `HeadIndex`):
    /// `children(of:)`, `inbound` and `members(below:)` read it instead of scanning a column.
    var headIndex: HeadIndex?

    /// Number of objects.
    var count: Int { columns[Snapshot.Section.idStart].count }

    /// The width of each section's elements, in `Snapshot.encoded`'s order.
    private static let strides = [1, 4, 1, 1, 8, 1, 8] + [4, 1, 1, 4] + [4, 1, 1, 4] + [8, 8] + [8, 8, 8, 8] + [1]

    /// The view of the snapshot in `source`; nil when its header, block table
    /// or section sizes do not check out, or it has no id table (a snapshot of the past).
    /// Past `readBudget` element reads, every read fails (see `SnapshotBlocks`).
    init?(_ source: SnapshotSource, readBudget: Int) {
        guard let header = SnapshotHeader.read(source), Snapshot.countsAgree(header.sections),
            let blocks = SnapshotBlocks(source, header: header, readBudget: readBudget)
        else { return nil }
        var columns: [SnapshotColumn] = []
        var offset = 0
        for (section, stride) in zip(header.sections, Self.strides) {
            let column = SnapshotColumn(section: section, start: offset)
            offset += section.storedBytes
            guard offset <= blocks.bodySize, column.sizeFits(stride: stride) else { return nil }
            columns.append(column)
        }
        let slots = header.sections[Snapshot.Section.idTable].count / 2
        guard offset == blocks.bodySize, slots > 0, slots & (slots - 1) == 0 else { return nil }
        self.header = header
        self.blocks = blocks
        self.columns = columns
    }

    // MARK: - Reads that note their failure

    /// Element `k` of section `column`.
    private func value<T: FixedWidthInteger>(_ column: Int, _ k: Int, _: T.Type) -> T? {
        let v = columns[column].element(k, as: T.self, blocks)
        if v == nil { failed = true }
        return v
    }

    private func bytes(_ arena: Int, from start: Int, count: Int) -> String {
        guard let bytes = columns[arena].bytes(from: start, count: count, blocks) else {
            failed = true
            return ""
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first column of `axis`'s four (parents, relations, positional relations, positional targets).
    private func base(_ axis: Axis) -> Int {
        axis == .current ? Snapshot.Section.currentAxis : Snapshot.Section.normalAxis
    }

    // MARK: - Lookup

    /// The index of the object with id `id`, or nil when there is none (or the table is damaged: see `failed`).
    func index(of id: ObjectID) -> ObjectIndex? {
        let query = Array(id.rawValue.utf8)
        let key = query.withUnsafeBufferPointer { ObjectRegistry.key($0) }
        let slots = columns[Snapshot.Section.idTable].count / 2
        var slot = ObjectRegistry.slot(key, query.count, mask: slots - 1)
        for _ in 0..<slots {
            guard let meta = value(Snapshot.Section.idTable, 2 * slot + 1, UInt64.self) else { return nil }
            if meta == 0 { return nil }
            if Int(meta >> 32) == query.count, value(Snapshot.Section.idTable, 2 * slot, UInt64.self) == key {
                let candidate = Int(meta & 0xFFFF_FFFF) - 1
                guard candidate >= 0, candidate < count else {
                    failed = true
                    return nil
                }
                let x = ObjectIndex(candidate)
                if query.count <= 8 || Array(self.id(x).utf8) == query { return x }
            }
            slot = (slot + 1) & (slots - 1)
        }
        failed = true
        return nil
    }

    // MARK: - Every name

    /// The things whose id or name matches `text`, as `SearchIndex.search`
    /// finds them: from the head index's folded ids and names when there is
    /// one, else ranked straight from the six registry columns (read whole,
    /// every block checked) without building an index; nil when any of them
    /// is damaged or does not fit.
    func search(_ text: String, limit: Int, include: (ObjectIndex) -> Bool) -> [SearchIndex.Hit]? {
        if let headIndex {
            // The ids and names folded at rebuild: ranked without folding them again.
            guard let hits = headIndex.search(text, limit: limit, include: include) else {
                failed = true
                return nil
            }
            return hits
        }
        guard let registry = wholeRegistry() else { return nil }
        let (idBytes, idStart, idLength) = (registry.idBytes, registry.idStart, registry.idLength)
        let (nameBytes, nameStart, nameLength) = (registry.nameBytes, registry.nameStart, registry.nameLength)
        let n = count
        var fits = true
        let hits = SearchIndex.search(
            text, count: n, limit: limit, include: include, ids: idBytes, names: nameBytes
        ) { x in
            let k = Int(x)
            let (i, s) = (Int(idStart[k]), nameStart[k])
            guard i + Int(idLength[k]) <= idBytes.count, s >= 0, s + Int(nameLength[k]) <= nameBytes.count else {
                fits = false
                return (0..<0, 0..<0)
            }
            return (i..<(i + Int(idLength[k])), s..<(s + Int(nameLength[k])))
        }
        guard fits else {
            failed = true
            return nil
        }
        return hits
    }

    // MARK: - Whole columns

    /// The six registry columns, read whole.
    struct Registry {
        var idBytes: [UInt8]
        var idStart: [UInt32]
        var idLength: [UInt8]
        var nameBytes: [UInt8]
        var nameStart: [Int]
        var nameLength: [UInt8]
    }

    /// Every object's id and name as the registry's columns store them, read
    /// whole (every block checked); nil, and `failed`, when damaged. (Whether
    /// each start and length fits its arena is the reader's to check.)
    func wholeRegistry() -> Registry? {
        typealias S = Snapshot.Section
        let n = count
        guard let idBytes = columns[S.idBytes].all(as: UInt8.self, blocks),
            let idStart = columns[S.idStart].all(as: UInt32.self, blocks),
            let idLength = columns[S.idLength].all(as: UInt8.self, blocks),
            let nameBytes = columns[S.nameBytes].all(as: UInt8.self, blocks),
            let nameStart = columns[S.nameStart].all(as: Int.self, blocks),
            let nameLength = columns[S.nameLength].all(as: UInt8.self, blocks),
            idStart.count == n, idLength.count == n, nameStart.count == n, nameLength.count == n
        else {
            failed = true
            return nil
        }
        return Registry(
            idBytes: idBytes, idStart: idStart, idLength: idLength, nameBytes: nameBytes, nameStart: nameStart,
            nameLength: nameLength)
    }

    /// Every object's parent relation on `axis` (`column` 1) or positional
    /// relation (`column` 2, 0xFF for none) as stored, read whole (every
    /// block checked); nil, and `failed`, when damaged.
    func wholeRelations(_ axis: Axis, column: Int) -> [UInt8]? {
        guard column == 1 || column == 2, let values = columns[base(axis) + column].all(as: UInt8.self, blocks),
            values.count == count
        else {
            failed = true
            return nil
        }
        return values
    }

    /// Every object's parent on `axis` (`column` 0) or positional target
    /// (`column` 3), read whole (every block checked); nil, and `failed`,
    /// when damaged or a value is neither World nor an object.
    func whole(_ axis: Axis, column: Int) -> [ObjectIndex]? {
        let n = count
        guard let values = columns[base(axis) + column].all(as: ObjectIndex.self, blocks), values.count == n,
            values.allSatisfy({ $0 >= -1 && Int($0) < n })
        else {
            failed = true
            return nil
        }
        return values
    }

    /// Every object's value in one of the status columns of seqs and times
    /// (`Snapshot.Section.awaySince` through `checkedAt`), read whole (every
    /// block checked); nil, and `failed`, when damaged.
    func wholeStatus(_ section: Int) -> [Int64]? {
        guard (Snapshot.Section.awaySince...Snapshot.Section.checkedAt).contains(section),
            let values = columns[section].all(as: Int64.self, blocks), values.count == count
        else {
            failed = true
            return nil
        }
        return values
    }

    /// The archive records and the loans, by index, read once; nil, and `failed`, when damaged.
    func wholeRecords() -> (archives: [ObjectIndex: ArchiveRecord], loans: [ObjectIndex: LoanRecord])? {
        readRecords()
        guard let archives, let loans else {
            failed = true
            return nil
        }
        return (archives, loans)
    }

    /// The seq and time (milliseconds) of the event since which `x` has been away; zeros at home.
    func away(_ x: ObjectIndex) -> (seq: Int64, at: Int64) {
        (
            value(Snapshot.Section.awaySince, Int(x), Int64.self) ?? 0,
            value(Snapshot.Section.awaySinceAt, Int(x), Int64.self) ?? 0
        )
    }

    /// The seq and time (milliseconds) of the last event that handled `x` (as `ObjectStatus.checked`).
    func checked(_ x: ObjectIndex) -> (seq: Int64, at: Int64) {
        (
            value(Snapshot.Section.checkedSeq, Int(x), Int64.self) ?? 0,
            value(Snapshot.Section.checkedAt, Int(x), Int64.self) ?? 0
        )
    }

    // MARK: - CardReading

    var lastSeq: Int64 { header.stateSeq }

    func id(_ x: ObjectIndex) -> String {
        guard let start = value(Snapshot.Section.idStart, Int(x), UInt32.self),
            let length = value(Snapshot.Section.idLength, Int(x), UInt8.self)
        else { return "" }
        return bytes(Snapshot.Section.idBytes, from: Int(start), count: Int(length))
    }

    func name(_ x: ObjectIndex) -> String {
        guard let start = value(Snapshot.Section.nameStart, Int(x), Int.self),
            let length = value(Snapshot.Section.nameLength, Int(x), UInt8.self), start >= 0
        else {
            failed = true
            return ""
        }
        return bytes(Snapshot.Section.nameBytes, from: start, count: Int(length))
    }

    /// The names of `xs`: one at a time for a few, else from the name columns read whole
    /// (every block checked), which costs less once `xs` are more than a thirty-second of all.
    func names(_ xs: [ObjectIndex]) -> [String] {
        typealias S = Snapshot.Section
        return texts(xs, arena: S.nameBytes, starts: S.nameStart, Int.self, lengths: S.nameLength) { name($0) }
    }

    /// The ids of `xs`, as `names` reads names.
    func ids(_ xs: [ObjectIndex]) -> [String] {
        typealias S = Snapshot.Section
        return texts(xs, arena: S.idBytes, starts: S.idStart, UInt32.self, lengths: S.idLength) { id($0) }
    }

    /// The texts of `xs` kept in the section `arena` at the offsets of section `starts` (of
    /// `Start`s) and the lengths of section `lengths`: `one` at a time for a few, else from
    /// the three columns read whole. Generic over the offsets' type only, and specialized for
    /// each (it is in this file and private).
    private func texts<Start: FixedWidthInteger>(
        _ xs: [ObjectIndex], arena: Int, starts: Int, _: Start.Type, lengths: Int, one: (ObjectIndex) -> String
    ) -> [String] {
        guard xs.count * 32 >= count else { return xs.map(one) }
        guard let bytes = columns[arena].all(as: UInt8.self, blocks),
            let start = columns[starts].all(as: Start.self, blocks),
            let length = columns[lengths].all(as: UInt8.self, blocks), start.count == count,
            length.count == count
        else {
            failed = true
            return xs.map { _ in "" }
        }
        return xs.map { x in
            let k = Int(x)
            guard k >= 0, k < count, start[k] >= 0, Int(start[k]) + Int(length[k]) <= bytes.count else {
                failed = true
                return ""
            }
            let from = Int(start[k])
            return String(decoding: bytes[from..<(from + Int(length[k]))], as: UTF8.self)
        }
    }

    func edge(_ x: ObjectIndex, _ axis: Axis) -> ParentEdge {
        guard let parent = value(base(axis), Int(x), ObjectIndex.self), parent >= -1, Int(parent) < count,
            let raw = value(base(axis) + 1, Int(x), UInt8.self), let relation = Relation(rawValue: raw),
            relation.isParentCreating
        else {
            failed = true
            return ParentEdge(.in, .world)
        }
        return ParentEdge(relation, parent)
    }

    func path(to x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        guard let chain = walkUp(from: x, axis, limit: count, stop: { failed }) else {
            failed = true
            return []
        }
        return chain
    }

    func outbound(_ x: ObjectIndex, _ axis: Axis) -> PositionalEdge? {
        guard let raw = value(base(axis) + 2, Int(x), UInt8.self),
            let target = value(base(axis) + 3, Int(x), ObjectIndex.self)
        else { return nil }
        if raw == 0xFF { return nil }
        guard let relation = Relation(rawValue: raw), relation.isPositional, target >= 0, Int(target) < count,
            target != x
        else {
            failed = true
            return nil
        }
        return PositionalEdge(relation, target)
    }

    func inbound(_ y: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        if let headIndex { return indexed(headIndex.inbound(y, axis)) }
        return scan(base(axis) + 3, for: y)
    }

    func children(of x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        if let headIndex { return indexed(headIndex.children(of: x, axis)) }
        return scan(base(axis), for: x)
    }

    /// The objects at or below `root` on `axis`, `root` left out, in index order: from the head
    /// index when there is one, else from the parent column read whole (`HeadSnapshot.members`).
    /// Nil, and `failed`, when a read failed or the parents form a cycle.
    func members(below root: ObjectIndex, _ axis: Axis) -> [ObjectIndex]? {
        let found: [ObjectIndex]?
        if let headIndex {
            found = headIndex.members(below: root, axis)
        } else {
            found = whole(axis, column: 0).flatMap { HeadSnapshot.members(below: root, parents: $0) }
        }
        if found == nil { failed = true }
        return found
    }

    /// What the head index gave, or none and `failed` when its read failed.
    private func indexed(_ found: [ObjectIndex]?) -> [ObjectIndex] {
        guard let found else {
            failed = true
            return []
        }
        return found
    }

    private func scan(_ column: Int, for x: ObjectIndex) -> [ObjectIndex] {
        guard let found = columns[column].indices(of: x, blocks) else {
            failed = true
            return []
        }
        return found.map { ObjectIndex(truncatingIfNeeded: $0) }
    }

    func isArchived(_ x: ObjectIndex) -> Bool { archive(x) != nil }

    func seen(_ x: ObjectIndex) -> (seq: Int64, at: Int64) {
        (
            value(Snapshot.Section.seenSeq, Int(x), Int64.self) ?? 0,
            value(Snapshot.Section.seenAt, Int(x), Int64.self) ?? 0
        )
    }

    func archive(_ x: ObjectIndex) -> ArchiveRecord? {
        readRecords()
        return archives?[x]
    }

    /// The archived objects, in no order (empty when a read failed: see `failed`).
    func archived() -> [ObjectIndex] {
        readRecords()
        return archives.map { Array($0.keys) } ?? []
    }

    func loan(_ x: ObjectIndex) -> LoanRecord? {
        readRecords()
        return loans?[x]
    }

    /// Reads the archive records and the loans at the start of the last section, once.
    private func readRecords() {
        guard archives == nil, !failed else { return }
        var reader = SnapshotColumnReader(columns[Snapshot.Section.rest], blocks)
        let records = Snapshot.readRecords(&reader, count: count)
        (archives, loans) = (records?.archives, records?.loans)
        if records == nil { failed = true }
    }
}

/// Projector: which objects exist, their ids, names and dense indices.
///
/// Ids and names live in two byte arenas (one allocation each, not one per
/// string), and an open-addressing hash table maps id bytes to the dense
/// index, so replay can resolve ids straight from the log's bytes without
/// building strings. Strings are made only when a view asks for them.
public struct ObjectRegistry: Sendable {
    @usableFromInline var idBytes: [UInt8] = []
    @usableFromInline var idStart: [UInt32] = []
    @usableFromInline var idLength: [UInt8] = []
    @usableFromInline var nameBytes: [UInt8] = []
    @usableFromInline var nameStart: [Int] = []
    @usableFromInline var nameLength: [UInt8] = []
    /// Slots hold an index, or -1 when empty. The capacity is a power of two
    /// kept at least twice the count.
    @usableFromInline var table: [ObjectIndex] = [ObjectIndex](repeating: -1, count: 16)

    public init() {}

    /// Number of objects.
    @inlinable public var count: Int { idStart.count }

    /// Every index, in creation order.
    public var indices: Range<ObjectIndex> { 0..<ObjectIndex(count) }

    // MARK: - Lookup

    /// A 64-bit hash of id bytes (FNV-1a folded with a final mix).
    @inlinable
    static func hash(_ p: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in p { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h >> 32)
    }

    /// The dense index of the object whose id is `p`, or nil.
    @inlinable
    public func index(bytes p: UnsafeBufferPointer<UInt8>) -> ObjectIndex? {
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(p)) & mask
        return table.withUnsafeBufferPointer { t in
            idBytes.withUnsafeBufferPointer { arena in
                while true {
                    let candidate = t[slot]
                    if candidate < 0 { return nil }
                    let c = Int(candidate)
                    let length = Int(idLength[c])
                    if length == p.count {
                        let start = Int(idStart[c])
                        var same = true
                        for k in 0..<length where arena[start + k] != p[k] {
                            same = false
                            break
                        }
                        if same { return candidate }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// The dense index of `id`, or nil when no such object exists.
    public func index(of id: ObjectID) -> ObjectIndex? {
        var text = id.rawValue
        return text.withUTF8 { index(bytes: $0) }
    }

    /// The id at `index`.
    public func id(_ index: ObjectIndex) -> ObjectID {
        ObjectID(unchecked: String(decoding: idSlice(index), as: UTF8.self))
    }

    /// The name at `index`.
    public func name(_ index: ObjectIndex) -> String {
        String(decoding: nameSlice(index), as: UTF8.self)
    }

    /// The id's bytes.
    public func idSlice(_ index: ObjectIndex) -> ArraySlice<UInt8> {
        let start = Int(idStart[Int(index)])
        return idBytes[start..<(start + Int(idLength[Int(index)]))]
    }

    /// The name's bytes.
    public func nameSlice(_ index: ObjectIndex) -> ArraySlice<UInt8> {
        let start = nameStart[Int(index)]
        return nameBytes[start..<(start + Int(nameLength[Int(index)]))]
    }

    // MARK: - Raw form, for snapshots

    /// Every array of the registry, as stored in a snapshot.
    public struct Raw: Sendable, Equatable {
        public var idBytes: [UInt8]
        public var idStart: [UInt32]
        public var idLength: [UInt8]
        public var nameBytes: [UInt8]
        public var nameStart: [Int]
        public var nameLength: [UInt8]
        public var table: [ObjectIndex]

        public init(
            idBytes: [UInt8], idStart: [UInt32], idLength: [UInt8], nameBytes: [UInt8], nameStart: [Int],
            nameLength: [UInt8], table: [ObjectIndex]
        ) {
            self.idBytes = idBytes
            self.idStart = idStart
            self.idLength = idLength
            self.nameBytes = nameBytes
            self.nameStart = nameStart
            self.nameLength = nameLength
            self.table = table
        }
    }

    public var raw: Raw {
        Raw(
            idBytes: idBytes, idStart: idStart, idLength: idLength, nameBytes: nameBytes, nameStart: nameStart,
            nameLength: nameLength, table: table)
    }

    /// Rebuilds a registry from its raw arrays, checking that every range is
    /// in bounds and the table is a power of two at least twice the count.
    public init?(raw r: Raw) {
        let n = r.idStart.count
        guard r.idLength.count == n, r.nameStart.count == n, r.nameLength.count == n, r.table.count >= 16,
            r.table.count & (r.table.count - 1) == 0, r.table.count >= 2 * n
        else { return nil }
        for x in 0..<n {
            guard Int(r.idStart[x]) + Int(r.idLength[x]) <= r.idBytes.count, r.nameStart[x] >= 0,
                r.nameStart[x] + Int(r.nameLength[x]) <= r.nameBytes.count
            else { return nil }
        }
        var seen = 0
        for slot in r.table where slot != -1 {
            guard slot >= 0, Int(slot) < n else { return nil }
            seen += 1
        }
        guard seen == n else { return nil }
        (idBytes, idStart, idLength) = (r.idBytes, r.idStart, r.idLength)
        (nameBytes, nameStart, nameLength, table) = (r.nameBytes, r.nameStart, r.nameLength, r.table)
    }

    // MARK: - Changes

    /// Adds a new object and returns its index. The caller has checked that
    /// the id is new and valid.
    @discardableResult
    public mutating func create(_ id: ObjectID, name: String, effects: inout EffectLog) -> ObjectIndex {
        var idText = id.rawValue
        var nameText = name
        return idText.withUTF8 { idPointer in
            nameText.withUTF8 { namePointer in
                create(idBytes: idPointer, nameBytes: namePointer, effects: &effects)
            }
        }
    }

    /// Adds a new object from raw bytes (the fast replay path).
    @discardableResult
    public mutating func create(
        idBytes idPointer: UnsafeBufferPointer<UInt8>, nameBytes namePointer: UnsafeBufferPointer<UInt8>,
        effects: inout EffectLog
    ) -> ObjectIndex {
        let index = ObjectIndex(count)
        idStart.append(UInt32(idBytes.count))
        idLength.append(UInt8(idPointer.count))
        idBytes.append(contentsOf: idPointer)
        nameStart.append(nameBytes.count)
        nameLength.append(UInt8(clamping: namePointer.count))
        nameBytes.append(contentsOf: namePointer)
        if count * 2 > table.count { grow() } else { insert(index, hash: Self.hash(idPointer)) }
        if effects.isRecording { effects.add(.created(index, name: name(index))) }
        return index
    }

    /// Renames the object at `index`.
    public mutating func rename(_ index: ObjectIndex, to name: String, effects: inout EffectLog) {
        var text = name
        text.withUTF8 { rename(index, toBytes: $0, effects: &effects) }
    }

    /// Renames from raw bytes. The new name is appended to the arena.
    public mutating func rename(_ index: ObjectIndex, toBytes p: UnsafeBufferPointer<UInt8>, effects: inout EffectLog) {
        if nameSlice(index).elementsEqual(p) { return }
        let old = effects.isRecording ? name(index) : ""
        nameStart[Int(index)] = nameBytes.count
        nameLength[Int(index)] = UInt8(clamping: p.count)
        nameBytes.append(contentsOf: p)
        if effects.isRecording { effects.add(.renamed(index, from: old, to: name(index))) }
    }

    private mutating func insert(_ index: ObjectIndex, hash: UInt64) {
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while table[slot] >= 0 { slot = (slot + 1) & mask }
        table[slot] = index
    }

    private mutating func grow() {
        table = [ObjectIndex](repeating: -1, count: table.count * 2)
        for x in 0..<count {
            let hash = idBytes.withUnsafeBufferPointer { arena in
                let start = Int(idStart[x])
                return Self.hash(UnsafeBufferPointer(rebasing: arena[start..<(start + Int(idLength[x]))]))
            }
            insert(ObjectIndex(x), hash: hash)
        }
    }

    /// Reserves room for `count` more objects (for bulk replay).
    public mutating func reserve(_ more: Int) {
        idStart.reserveCapacity(count + more)
        idLength.reserveCapacity(count + more)
        nameStart.reserveCapacity(count + more)
        nameLength.reserveCapacity(count + more)
        idBytes.reserveCapacity(idBytes.count + more * 8)
        nameBytes.reserveCapacity(nameBytes.count + more * 16)
    }
}

extension ObjectRegistry: Equatable {
    /// Two registries are equal when they hold the same ids and names in the
    /// same order, however their arenas are laid out.
    public static func == (a: ObjectRegistry, b: ObjectRegistry) -> Bool {
        guard a.count == b.count else { return false }
        for x in a.indices where a.idSlice(x) != b.idSlice(x) || a.nameSlice(x) != b.nameSlice(x) {
            return false
        }
        return true
    }
}

/// Projector: which objects exist, their ids, names and dense indices.
///
/// Ids and names live in two byte arenas (one allocation each, not one per
/// string), and an open-addressing hash table maps id bytes to the dense
/// index, so replay can resolve ids straight from the log's bytes without
/// building strings. Strings are made only when a view asks for them.
@usableFromInline package struct ObjectRegistry: Sendable {
    @usableFromInline var idBytes: [UInt8] = []
    @usableFromInline var idStart: [UInt32] = []
    @usableFromInline var idLength: [UInt8] = []
    @usableFromInline var nameBytes: [UInt8] = []
    @usableFromInline var nameStart: [Int] = []
    @usableFromInline var nameLength: [UInt8] = []
    /// Open addressing, two words a slot: a key and `index + 1 | length << 32`
    /// (0 when empty). Ids of up to 8 bytes are their own key, so finding
    /// them touches nothing but the table; longer ids are keyed by their hash
    /// and compared with the arena. The slot count is a power of two, kept
    /// above 4/3 of the count.
    @usableFromInline var table: [UInt64] = [UInt64](repeating: 0, count: 32)

    @usableFromInline package init() {}

    /// Number of objects.
    @inlinable package var count: Int { idStart.count }

    /// Every index, in creation order.
    @usableFromInline package var indices: Range<ObjectIndex> { 0..<ObjectIndex(count) }

    // MARK: - Lookup

    /// A 64-bit mix of an id's bytes: the key of a short id (8 bytes or
    /// fewer) is its bytes, little-endian; of a long id a hash.
    @inlinable @inline(__always)
    package static func key(_ p: some Collection<UInt8>) -> UInt64 {
        if p.count <= 8 {
            var k: UInt64 = 0
            for (i, byte) in p.enumerated() { k |= UInt64(byte) << (8 * UInt64(i)) }
            return k
        }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in p { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    @inlinable @inline(__always)
    package static func slot(_ key: UInt64, _ length: Int, mask: Int) -> Int {
        var h = (key ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    /// `index(bytes:)` with the id's key already made (`key(_:)`, by
    /// whoever read the id): the id's bytes are read only when it is longer
    /// than 8 bytes (then `key` is not used).
    @inlinable
    package func index(key: UInt64, bytes p: some Collection<UInt8>) -> ObjectIndex? {
        p.count <= 8 ? lookup(key, p) : index(bytes: p)
    }

    /// The dense index of the object whose id has the UTF-8 bytes `p`, or nil.
    @inlinable
    package func index(bytes p: some Collection<UInt8>) -> ObjectIndex? {
        lookup(Self.key(p), p)
    }

    @inlinable
    func lookup(_ key: UInt64, _ p: some Collection<UInt8>) -> ObjectIndex? {
        let slots = table.count / 2
        let mask = slots - 1
        let length = p.count
        var slot = Self.slot(key, length, mask: mask)
        return table.withUnsafeBufferPointer { t in
            while true {
                let meta = t[2 * slot + 1]
                if meta == 0 { return nil }
                if t[2 * slot] == key && Int(meta >> 32) == length {
                    let candidate = ObjectIndex(truncatingIfNeeded: (meta & 0xFFFF_FFFF) - 1)
                    if length <= 8 || idMatches(candidate, p) { return candidate }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    @inlinable
    func idMatches(_ x: ObjectIndex, _ p: some Collection<UInt8>) -> Bool {
        let start = Int(idStart[Int(x)])
        return idBytes.withUnsafeBufferPointer { arena in
            for (k, byte) in p.enumerated() where arena[start + k] != byte { return false }
            return true
        }
    }

    /// The dense index of `id`, or nil when no such object exists.
    @usableFromInline package func index(of id: ObjectID) -> ObjectIndex? {
        // A native string's bytes are contiguous: read them as a buffer, not through the view.
        id.rawValue.utf8.withContiguousStorageIfAvailable { index(bytes: $0) } ?? index(bytes: id.rawValue.utf8)
    }

    /// The id at `index`.
    @usableFromInline package func id(_ index: ObjectIndex) -> ObjectID {
        ObjectID(unchecked: String(decoding: idSlice(index), as: UTF8.self))
    }

    /// The name at `index`.
    @usableFromInline package func name(_ index: ObjectIndex) -> String {
        String(decoding: nameSlice(index), as: UTF8.self)
    }

    /// The id's bytes.
    @usableFromInline package func idSlice(_ index: ObjectIndex) -> ArraySlice<UInt8> {
        let start = Int(idStart[Int(index)])
        return idBytes[start..<(start + Int(idLength[Int(index)]))]
    }

    /// The name's bytes.
    @usableFromInline package func nameSlice(_ index: ObjectIndex) -> ArraySlice<UInt8> {
        let start = nameStart[Int(index)]
        return nameBytes[start..<(start + Int(nameLength[Int(index)]))]
    }

    // MARK: - Raw form, for snapshots

    /// Every array of the registry, as stored in a snapshot.
    @usableFromInline package struct Raw: Sendable, Equatable {
        @usableFromInline package var idBytes: [UInt8]
        @usableFromInline package var idStart: [UInt32]
        @usableFromInline package var idLength: [UInt8]
        @usableFromInline package var nameBytes: [UInt8]
        @usableFromInline package var nameStart: [Int]
        @usableFromInline package var nameLength: [UInt8]
        @usableFromInline package var table: [UInt64]

        @usableFromInline package init(
            idBytes: [UInt8], idStart: [UInt32], idLength: [UInt8], nameBytes: [UInt8], nameStart: [Int],
            nameLength: [UInt8], table: [UInt64]
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

    @usableFromInline package var raw: Raw {
        Raw(
            idBytes: idBytes, idStart: idStart, idLength: idLength, nameBytes: nameBytes, nameStart: nameStart,
            nameLength: nameLength, table: table)
    }

    /// Rebuilds a registry from its raw arrays, checking that every range is
    /// in bounds and the table is a power of two at least twice the count.
    @usableFromInline package init?(raw r: Raw) {
        let n = r.idStart.count
        let slots = r.table.count / 2
        guard Self.arenasHold(r), slots >= 16, slots & (slots - 1) == 0, slots * 3 >= n * 4 else { return nil }
        var seen = 0
        for slot in 0..<slots where r.table[2 * slot + 1] != 0 {
            let index = Int(r.table[2 * slot + 1] & 0xFFFF_FFFF) - 1
            guard index >= 0, index < n, Int(r.table[2 * slot + 1] >> 32) == Int(r.idLength[index]) else { return nil }
            seen += 1
        }
        guard seen == n else { return nil }
        (idBytes, idStart, idLength) = (r.idBytes, r.idStart, r.idLength)
        (nameBytes, nameStart, nameLength, table) = (r.nameBytes, r.nameStart, r.nameLength, r.table)
    }

    /// Rebuilds a registry from its arenas alone, hashing every id into a new
    /// table (for snapshots that leave the table out to be smaller); nil when
    /// a range is out of bounds. `r.table` is ignored.
    @usableFromInline package init?(rehashing r: Raw) {
        guard Self.arenasHold(r) else { return nil }
        (idBytes, idStart, idLength) = (r.idBytes, r.idStart, r.idLength)
        (nameBytes, nameStart, nameLength) = (r.nameBytes, r.nameStart, r.nameLength)
        grow(to: r.idStart.count)
    }

    /// Whether `r`'s per-object arrays have one length and every id and name
    /// range lies inside its arena.
    private static func arenasHold(_ r: Raw) -> Bool {
        let n = r.idStart.count
        guard r.idLength.count == n, r.nameStart.count == n, r.nameLength.count == n else { return false }
        for x in 0..<n {
            guard Int(r.idStart[x]) + Int(r.idLength[x]) <= r.idBytes.count, r.nameStart[x] >= 0,
                r.nameStart[x] + Int(r.nameLength[x]) <= r.nameBytes.count
            else { return false }
        }
        return true
    }

    // MARK: - Changes

    /// Adds a new object and returns its index. The caller has checked that
    /// the id is new and valid.
    @discardableResult
    @usableFromInline package mutating func create(_ id: ObjectID, name: String, effects: inout EffectLog)
        -> ObjectIndex
    {
        let idBytes = id.rawValue.utf8
        let contiguous: ObjectIndex?? = idBytes.withContiguousStorageIfAvailable { idBuffer in
            name.utf8.withContiguousStorageIfAvailable { create(idBytes: idBuffer, nameBytes: $0, effects: &effects) }
        }
        if let done = contiguous ?? nil { return done }
        return create(idBytes: idBytes, nameBytes: name.utf8, effects: &effects)
    }

    /// Adds a new object from the UTF-8 bytes of its id and name (the caller
    /// has checked that the id is new and valid) and returns its index.
    @discardableResult @inlinable
    package mutating func create(
        idBytes id: some Collection<UInt8>, nameBytes name: some Collection<UInt8>, effects: inout EffectLog
    ) -> ObjectIndex {
        let index = ObjectIndex(count)
        let idLength = id.count
        self.idStart.append(UInt32(idBytes.count))
        self.idLength.append(UInt8(idLength))
        idBytes.append(contentsOf: id)
        nameStart.append(nameBytes.count)
        nameLength.append(UInt8(clamping: name.count))
        nameBytes.append(contentsOf: name)
        if count * 4 > table.count / 2 * 3 {
            grow()
        } else {
            insert(index, key: Self.key(id), length: idLength)
        }
        if effects.isRecording { effects.add(.created(index, name: self.name(index))) }
        return index
    }

    /// Renames the object at `index`.
    @usableFromInline package mutating func rename(_ index: ObjectIndex, to name: String, effects: inout EffectLog) {
        rename(index, toBytes: name.utf8, effects: &effects)
    }

    /// Renames from the UTF-8 bytes of the new name, appended to the arena.
    @inlinable
    package mutating func rename(_ index: ObjectIndex, toBytes p: some Collection<UInt8>, effects: inout EffectLog) {
        // The lengths first: the old name's bytes (a cache miss, far back in
        // the arena) are compared only when they can be the same.
        if Int(nameLength[Int(index)]) == p.count && nameSlice(index).elementsEqual(p) { return }
        let old = effects.isRecording ? name(index) : ""
        nameStart[Int(index)] = nameBytes.count
        nameLength[Int(index)] = UInt8(clamping: p.count)
        nameBytes.append(contentsOf: p)
        if effects.isRecording { effects.add(.renamed(index, from: old, to: name(index))) }
    }

    @usableFromInline
    mutating func insert(_ index: ObjectIndex, key: UInt64, length: Int) {
        let mask = table.count / 2 - 1
        var slot = Self.slot(key, length, mask: mask)
        while table[2 * slot + 1] != 0 { slot = (slot + 1) & mask }
        table[2 * slot] = key
        table[2 * slot + 1] = UInt64(index + 1) | UInt64(length) << 32
    }

    @usableFromInline
    mutating func grow(to minimumSlots: Int = 0) {
        var slots = max(16, table.count / 2)
        while slots * 3 < max(count, minimumSlots) * 4 + 4 { slots *= 2 }
        table = [UInt64](repeating: 0, count: slots * 2)
        for x in 0..<count {
            let (key, length) = idBytes.withUnsafeBufferPointer { arena in
                let start = Int(idStart[x])
                let id = arena[start..<(start + Int(idLength[x]))]
                return (Self.key(id), id.count)
            }
            insert(ObjectIndex(x), key: key, length: length)
        }
    }

    /// Reserves room for `count` more objects (for bulk replay).
    @usableFromInline package mutating func reserve(_ more: Int) {
        if (count + more) * 4 > table.count / 2 * 3 { grow(to: count + more) }
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
    @usableFromInline package static func == (a: ObjectRegistry, b: ObjectRegistry) -> Bool {
        guard a.count == b.count else { return false }
        for x in a.indices where a.idSlice(x) != b.idSlice(x) || a.nameSlice(x) != b.nameSlice(x) {
            return false
        }
        return true
    }
}

/// `plings find`: every object's id and name, folded (lowercase, no
/// diacritics) into one byte arena, searched by a linear scan. Built from
/// the registry when a search needs it; nothing is stored.
public struct SearchIndex: Sendable {
    /// How well a hit matches, best first.
    public enum Rank: Int, Sendable, Comparable, CaseIterable {
        /// The folded id is the folded query.
        case exactID = 0
        /// The id or the name starts with the query.
        case prefix = 1
        /// A word of the name (after a space, a dash, …) starts with the query.
        case word = 2
        /// The id or the name contains the query.
        case substring = 3

        public static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }

        /// The rank's token in `--json`.
        public var token: String {
            switch self {
            case .exactID: return "id"
            case .prefix: return "prefix"
            case .word: return "word"
            case .substring: return "substring"
            }
        }
    }

    /// One object that matches.
    public struct Hit: Sendable, Hashable {
        /// The object found.
        public var object: ObjectIndex
        /// How well it matched (better ranks sort first).
        public var rank: Rank
    }

    var arena: [UInt8] = []
    /// Per object: where its folded id starts, where its folded name starts, where the name ends.
    var bounds: [UInt32] = []

    /// Folds every id and name of `registry`.
    /// - Complexity: O(total bytes of ids and names).
    package init(registry: ObjectRegistry) {
        self.init(count: registry.count) { (registry.idSlice($0), registry.nameSlice($0)) }
    }

    /// Folds the id and name of each of `count` objects, as `text` gives them
    /// in UTF-8 (a registry's, or a snapshot's columns read in place).
    /// - Complexity: O(total bytes of ids and names).
    package init(count: Int, text: (ObjectIndex) -> (id: ArraySlice<UInt8>, name: ArraySlice<UInt8>)) {
        arena.reserveCapacity(count * 24)
        bounds.reserveCapacity(count * 2 + 1)
        for k in 0..<count {
            let (id, name) = text(ObjectIndex(k))
            bounds.append(UInt32(arena.count))
            Self.foldBytes(id, into: &arena)
            bounds.append(UInt32(arena.count))
            Self.foldBytes(name, into: &arena)
        }
        bounds.append(UInt32(arena.count))
    }

    /// The index of folded ids and names as `folded` gives them (stored beside
    /// a snapshot, say); nil when `bounds` are not the rising bounds of
    /// `arena`'s ids and names, starting at 0 and ending at its end.
    package init?(folded arena: [UInt8], bounds: [UInt32]) {
        guard bounds.count % 2 == 1, bounds.first == 0, bounds.last.map({ Int($0) == arena.count }) == true else {
            return nil
        }
        for k in 1..<bounds.count where bounds[k] < bounds[k - 1] { return nil }
        self.arena = arena
        self.bounds = bounds
    }

    /// The folded ids and names one after another, and where each starts (an id's start, its
    /// name's start, for each object in turn, then the end), as `init(folded:bounds:)` takes them.
    package var folded: (arena: [UInt8], bounds: [UInt32]) { (arena, bounds) }

    private static func foldBytes(_ bytes: some Collection<UInt8>, into out: inout [UInt8]) {
        TextFold.fold(utf8: bytes, into: &out)
    }

    /// Number of objects indexed.
    public var count: Int { bounds.count / 2 }

    /// The objects whose id or name matches `text` (folded), best rank first,
    /// then shorter names, then creation order; at most `limit`. Objects for
    /// which `include` is false are left out (archived ones, say).
    /// - Complexity: O(total bytes) plus sorting the hits.
    public func search(_ text: String, limit: Int = 20, include: (ObjectIndex) -> Bool = { _ in true }) -> [Hit] {
        let query = TextFold.fold(text)
        guard !query.isEmpty, limit > 0 else { return [] }
        var hits: [(rank: Rank, length: Int, object: ObjectIndex)] = []
        arena.withUnsafeBufferPointer { a in
            query.withUnsafeBufferPointer { q in
                for k in 0..<count {
                    let idStart = Int(bounds[2 * k])
                    let nameStart = Int(bounds[2 * k + 1])
                    let nameEnd = Int(bounds[2 * k + 2])
                    guard let rank = Self.rank(a, idStart, nameStart, nameEnd, q), include(ObjectIndex(k)) else {
                        continue
                    }
                    hits.append((rank, nameEnd - nameStart, ObjectIndex(k)))
                }
            }
        }
        return Self.best(hits, limit)
    }

    /// The objects among `count` whose id or name matches `text`, as
    /// `search` finds them in an index of the same ids and names, without
    /// building one: each id and name (UTF-8, the bytes of `ids` and `names`
    /// that `ranges` gives) folded into one small buffer and ranked in turn.
    /// An object whose ranges do not fit its arena matches nothing.
    /// - Complexity: O(total bytes) plus sorting the hits; O(longest name) memory besides.
    package static func search(
        _ text: String, count: Int, limit: Int, include: (ObjectIndex) -> Bool, ids: [UInt8], names: [UInt8],
        ranges: (ObjectIndex) -> (id: Range<Int>, name: Range<Int>)
    ) -> [Hit] {
        let query = TextFold.fold(text)
        guard !query.isEmpty, limit > 0 else { return [] }
        var hits: [(rank: Rank, length: Int, object: ObjectIndex)] = []
        // The id and the name folded into the front of one buffer, written over for each object.
        var folded = [UInt8](repeating: 0, count: 1024)
        ids.withUnsafeBufferPointer { ids in
            names.withUnsafeBufferPointer { names in
                query.withUnsafeBufferPointer { q in
                    for k in 0..<count {
                        let (id, name) = ranges(ObjectIndex(k))
                        guard id.upperBound <= ids.count, name.upperBound <= names.count else { continue }
                        let nameStart = TextFold.fold(utf8: ids[id], into: &folded, at: 0)
                        let nameEnd = TextFold.fold(utf8: names[name], into: &folded, at: nameStart)
                        let found = folded.withUnsafeBufferPointer { rank($0, 0, nameStart, nameEnd, q) }
                        guard let found, include(ObjectIndex(k)) else { continue }
                        hits.append((found, nameEnd - nameStart, ObjectIndex(k)))
                    }
                }
            }
        }
        return best(hits, limit)
    }

    /// Whether the id `id` or the name `name` matches `text` (as `search` would find it).
    package static func matches(_ text: String, id: String, name: String) -> Bool {
        let (id, name) = (Array(id.utf8), Array(name.utf8))
        return !search(text, count: 1, limit: 1, include: { _ in true }, ids: id, names: name) { _ in
            (0..<id.count, 0..<name.count)
        }.isEmpty
    }

    /// The best `limit` of `hits`: best rank first, then shorter names, then creation order.
    private static func best(_ hits: [(rank: Rank, length: Int, object: ObjectIndex)], _ limit: Int) -> [Hit] {
        hits.sorted { ($0.rank, $0.length, $0.object) < ($1.rank, $1.length, $1.object) }.prefix(limit).map {
            Hit(object: $0.object, rank: $0.rank)
        }
    }

    private static func rank<Bytes: RandomAccessCollection<UInt8>>(
        _ a: Bytes, _ idStart: Int, _ nameStart: Int, _ nameEnd: Int, _ q: Bytes
    ) -> Rank? where Bytes.Index == Int {
        let idMatch = find(a, idStart, nameStart, q, wordStartsOnly: false)
        if idMatch == idStart && nameStart - idStart == q.count { return .exactID }
        let nameMatch = find(a, nameStart, nameEnd, q, wordStartsOnly: false)
        if idMatch == idStart || nameMatch == nameStart { return .prefix }
        guard idMatch != nil || nameMatch != nil else { return nil }
        if nameMatch != nil, find(a, nameStart, nameEnd, q, wordStartsOnly: true) != nil { return .word }
        return .substring
    }

    /// The first position in `a[start..<end]` where `q` occurs (at a word start only, when asked).
    @inline(__always)
    private static func find<Bytes: RandomAccessCollection<UInt8>>(
        _ a: Bytes, _ start: Int, _ end: Int, _ q: Bytes, wordStartsOnly: Bool
    ) -> Int? where Bytes.Index == Int {
        let n = q.count
        guard end - start >= n else { return nil }
        let first = q[0]
        var i = start
        while i <= end - n {
            if a[i] == first, !wordStartsOnly || i == start || !isWordByte(a[i - 1]) {
                var k = 1
                while k < n && a[i + k] == q[k] { k += 1 }
                if k == n { return i }
            }
            i += 1
        }
        return nil
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b >= 0x80
    }
}

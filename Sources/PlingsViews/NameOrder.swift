import PlingsDomain

/// The order views sort things in, `(name, id) <` on Swift strings, made
/// cheap: names whose UTF-8 bytes are in the order Swift compares strings in
/// (ASCII and the precomposed letters up to U+017F, each in the normal form
/// Swift compares by) are compared as bytes, their first eight bytes first as
/// one number; any other name as a string.
package enum NameOrder {
    /// Whether `bytes` may be compared as they are: ASCII, and the two-byte forms of
    /// U+0080–U+017F (lead bytes C2–C5), with no combining marks and nothing another
    /// character composes with.
    package static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b >= 0x80 && !(0xC2...0xC5).contains(b) && !(0x80...0xBF).contains(b) { return false }
        return true
    }

    /// The first eight bytes of `bytes`, big-endian, zeros after its end: plain names whose
    /// prefixes differ are in the order of their prefixes.
    @inlinable
    package static func prefix(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        var count = 0
        for b in bytes.prefix(8) {
            key = key << 8 | UInt64(b)
            count += 1
        }
        return count == 0 ? 0 : key << (8 * UInt64(8 - count))
    }

    /// Whether `bytes` are plain (`isPlain`), and their first sixteen bytes as two numbers,
    /// big-endian, zeros after their end.
    @inlinable
    package static func plainPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> (plain: Bool, hi: UInt64, lo: UInt64) {
        let plain = isPlain(bytes)
        var (hi, lo): (UInt64, UInt64) = (0, 0)
        for i in 0..<8 { hi = hi << 8 | (i < bytes.count ? UInt64(bytes[i]) : 0) }
        for i in 8..<16 { lo = lo << 8 | (i < bytes.count ? UInt64(bytes[i]) : 0) }
        return (plain, hi, lo)
    }

    /// `xs` sorted by `(name, id) <` as Swift compares the strings, `names[k]` the name of
    /// `xs[k]`; `ids` is asked once, for the things whose names are the same in their first
    /// sixteen bytes as another's. When every name is plain, the names are sorted as pairs of
    /// numbers (their first sixteen bytes) and only the runs that share them are compared further.
    /// - Complexity: O(n log n) comparisons of numbers, plus those within the runs.
    package static func sorted(
        _ xs: [ObjectIndex], names: [String], ids: ([ObjectIndex]) -> [String]
    ) -> [ObjectIndex] {
        let n = xs.count
        guard n > 1 else { return xs }
        var order: [(UInt64, UInt64, Int32)] = []
        order.reserveCapacity(n)
        var allPlain = true
        for k in 0..<n {
            var name = names[k]
            let key = name.withUTF8 { plainPrefix($0) }
            allPlain = allPlain && key.plain
            order.append((key.hi, key.lo, Int32(k)))
        }
        guard allPlain else {
            let keys = zip(names, ids(xs)).map { Key(name: $0, id: $1) }
            return (0..<n).sorted { keys[$0].before(keys[$1]) }.map { xs[$0] }
        }
        order.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        // The runs that share their first sixteen bytes, and the ids of their things.
        var runs: [Range<Int>] = []
        var i = 0
        while i < n {
            var j = i + 1
            while j < n, order[j].0 == order[i].0, order[j].1 == order[i].1 { j += 1 }
            if j - i > 1 { runs.append(i..<j) }
            i = j
        }
        let tied = runs.flatMap { run in order[run].map { Int($0.2) } }
        var id = [String](repeating: "", count: n)
        for (k, text) in zip(tied, ids(tied.map { xs[$0] })) { id[k] = text }
        for run in runs {
            // By the whole name's bytes, then the id.
            order[run].sort { a, b in
                let byName = compareBytes(names[Int(a.2)], names[Int(b.2)])
                return byName != 0 ? byName < 0 : id[Int(a.2)] < id[Int(b.2)]
            }
        }
        return order.map { xs[Int($0.2)] }
    }

    /// -1, 0 or 1 as the UTF-8 bytes of `a` come before, with or after those of `b`.
    package static func compareBytes(_ a: String, _ b: String) -> Int {
        var (a, b) = (a, b)
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for i in 0..<min(x.count, y.count) where x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
                return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
            }
        }
    }

    /// A thing's sort key: its name and id, and what makes comparing them cheap.
    package struct Key {
        package let name: String
        package let id: String
        let plain: Bool
        let prefix: UInt64

        package init(name: String, id: String) {
            self.name = name
            self.id = id
            var text = name
            plain = text.withUTF8 { NameOrder.isPlain($0) }
            prefix = NameOrder.prefix(name.utf8)
        }

        /// `(name, id) < (other.name, other.id)` as Swift compares the strings.
        package func before(_ other: Key) -> Bool {
            guard plain, other.plain else { return (name, id) < (other.name, other.id) }
            if prefix != other.prefix { return prefix < other.prefix }
            if name.utf8.elementsEqual(other.name.utf8) { return id < other.id }
            return name.utf8.lexicographicallyPrecedes(other.name.utf8)
        }
    }
}

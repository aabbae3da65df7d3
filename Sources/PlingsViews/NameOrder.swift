/// The order views sort things in, `(name, id) <` on Swift strings, made
/// cheap: names whose UTF-8 bytes are in the order Swift compares strings in
/// (ASCII and the precomposed letters up to U+017F, each in the normal form
/// Swift compares by) are compared as bytes, their first eight bytes first as
/// one number; any other name as a string.
package enum NameOrder {
    /// Whether `bytes` may be compared as they are: ASCII, and the two-byte forms of
    /// U+0080–U+017F (lead bytes C2–C5), with no combining marks and nothing another
    /// character composes with.
    @inlinable
    package static func isPlain(_ bytes: some Sequence<UInt8>) -> Bool {
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

    /// A thing's sort key: its name and id, and what makes comparing them cheap.
    package struct Key {
        package let name: String
        package let id: String
        let plain: Bool
        let prefix: UInt64

        package init(name: String, id: String) {
            self.name = name
            self.id = id
            plain = NameOrder.isPlain(name.utf8)
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

/// The id `plings import` gives a row whose id cell is empty, made from its name, the same
/// way every time:
///
/// 1. The name folded as `find` folds it (lower case, without accents: `Köksbordet` →
///    `koksbordet`, `Æ` → `ae`); each run of characters other than `a–z` and `0–9` becomes
///    one `-`, with none at either end; at most 48 characters (cut at a `-` left at the end
///    removed). A name with nothing left (`???`, a name in another script) gives `thing`.
/// 2. The first of that base, `base-2`, `base-3`, … that no other row of the file has (as an
///    id it gives, or one made before it, in the file's order; case aside) and no thing in
///    the log has (case aside), unless that thing has exactly this id and this name: then
///    the row is about it. So importing the same list twice finds the things made the first
///    time, and changes nothing.
package enum GeneratedID {
    /// The longest base, leaving room for a suffix within the 64 characters of an id.
    package static let maxBase = 48

    /// The base of the id made from `name`.
    package static func base(for name: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        var gap = false
        for byte in TextFold.fold(name) {
            let keep =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            guard keep else {
                gap = true
                continue
            }
            if gap && !out.isEmpty { out.append(UInt8(ascii: "-")) }
            gap = false
            out.append(byte)
        }
        if out.count > maxBase { out.removeLast(out.count - maxBase) }
        while out.last == UInt8(ascii: "-") { out.removeLast() }
        return out.isEmpty ? "thing" : String(decoding: out, as: UTF8.self)
    }

    /// The `n`th candidate (1-based) for `base`: the base itself, then `base-2`, `base-3`, ….
    package static func candidate(_ base: String, _ n: Int) -> String { n == 1 ? base : "\(base)-\(n)" }
}

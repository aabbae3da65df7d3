import PlingsDomain
import PlingsTestSupport
import Testing

/// `find` folds names straight from their UTF-8 bytes and ranks them without
/// an index (`TextFold.fold(utf8:)`, `SearchIndex.search(_:count:…)`): the
/// same bytes and the same hits as folding the decoded text into an index.
@Suite("find: folding bytes and ranking without an index")
struct FoldBytesTests {
    /// Pieces of names: ASCII, Latin letters with and without a plain form, combining marks,
    /// letters folding through the Unicode tables, longer sequences, and bytes that are not UTF-8.
    static let pieces: [[UInt8]] =
        [
            "a", "Z", "1", " ", "-", "Å", "ä", "ö", "É", "ß", "Æ", "Ø", "Œ", "ǅ", "ɏ", "Ș", "×", "÷", "µ", "Ω", "Ж",
            "ﬁ", "İ",
            "\u{301}", "\u{36F}", "\u{370}", "ʰ", "中", "🦊", "ȿ", "Ꞓ",
        ].map { Array($0.utf8) }
        + [[0xC3], [0xC3, 0x41], [0xCC], [0xFF], [0x80], [0xE2, 0x82], [0xC3, 0xC3, 0xA5]]

    static func name(_ rng: inout SplitMix64) -> [UInt8] {
        (0..<Int.random(in: 0...8, using: &rng)).flatMap { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
    }

    @Test("the bytes folded are the decoded text folded, for every kind of piece")
    func foldsAsText() {
        var rng = SplitMix64(seed: 22)
        for piece in Self.pieces {
            var out: [UInt8] = [7]
            TextFold.fold(utf8: piece, into: &out)
            #expect(out == [7] + TextFold.fold(String(decoding: piece, as: UTF8.self)), "\(piece)")
        }
        for _ in 0..<3000 {
            let bytes = Self.name(&rng)
            var out: [UInt8] = []
            TextFold.fold(utf8: bytes[...], into: &out)
            let text = TextFold.fold(String(decoding: bytes, as: UTF8.self))
            #expect(out == text, "\(bytes)")
            // Written over a buffer at an offset: the same bytes, what lies past them left alone.
            var buffer = [UInt8](repeating: 0xEE, count: Int.random(in: 0...12, using: &rng))
            let start = Int.random(in: 0...buffer.count, using: &rng)
            let before = buffer
            let end = TextFold.fold(utf8: bytes, into: &buffer, at: start)
            #expect(Array(buffer[start..<end]) == text && Array(buffer[..<start]) == Array(before[..<start]))
        }
    }

    @Test("ranked without an index: the index's hits, in its order, archived ones left out alike")
    func searchAsIndex() {
        var rng = SplitMix64(seed: 23)
        for _ in 0..<40 {
            let things = (0..<Int.random(in: 1...60, using: &rng)).map { _ in (Self.name(&rng), Self.name(&rng)) }
            let index = SearchIndex(count: things.count) { x in (things[Int(x)].0[...], things[Int(x)].1[...]) }
            for _ in 0..<8 {
                let text = String(decoding: Self.name(&rng).prefix(4), as: UTF8.self)
                let limit = Int.random(in: 1...30, using: &rng)
                let include = { (x: ObjectIndex) in x % 3 != 1 }
                #expect(
                    Self.search(text, things, limit: limit, include: include)
                        == index.search(text, limit: limit, include: include), "\(text)")
                for (id, name) in things.prefix(3) {
                    let (idText, nameText) = (
                        String(decoding: id, as: UTF8.self), String(decoding: name, as: UTF8.self)
                    )
                    let one = SearchIndex(count: 1) { _ in (Array(idText.utf8)[...], Array(nameText.utf8)[...]) }
                    #expect(
                        SearchIndex.matches(text, id: idText, name: nameText) == !one.search(text, limit: 1).isEmpty)
                }
            }
        }
    }

    /// `SearchIndex.search` over `things` without an index.
    static func search(_ text: String, _ things: [([UInt8], [UInt8])], limit: Int, include: (ObjectIndex) -> Bool)
        -> [SearchIndex.Hit]
    {
        let ids = things.flatMap(\.0)
        let names = things.flatMap(\.1)
        var (idStart, nameStart) = ([0], [0])
        var (idEnd, nameEnd) = (0, 0)
        for (id, name) in things {
            (idEnd, nameEnd) = (idEnd + id.count, nameEnd + name.count)
            idStart.append(idEnd)
            nameStart.append(nameEnd)
        }
        return SearchIndex.search(text, count: things.count, limit: limit, include: include, ids: ids, names: names) {
            x in
            let k = Int(x)
            return (idStart[k]..<idStart[k + 1], nameStart[k]..<nameStart[k + 1])
        }
    }
}

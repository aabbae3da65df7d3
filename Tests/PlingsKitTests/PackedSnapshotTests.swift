import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

@Suite("The packed published snapshot: smaller to send, unpacked byte for byte, every byte checked")
struct PackedSnapshotTests {
    let dir = TemporaryDirectory()

    /// A world of `events` generated events and its snapshot's parts.
    func snapshot(events: Int = 900, objects: Int = 120, seed: UInt64 = 31, table: Bool = false) throws -> (
        point: Timeline.Point, header: [UInt8], body: [UInt8]
    ) {
        let path = dir.file("hub-\(seed)-\(events).jsonl")
        _ = try SyntheticLog(events: events, objects: objects, seed: seed).write(to: path)
        let point = try Timeline(path: path, useSnapshots: false).state()
        let parts = Snapshot(state: point.state, cursor: point.cursor).encodedParts(table: table)
        return (point, parts.header, parts.body)
    }

    @Test(
        "packed and unpacked again: the snapshot's very bytes, its world and line, fewer bytes",
        arguments: [false, true])
    func roundTrip(table: Bool) throws {
        let (point, header, body) = try snapshot(table: table)
        let packed = try #require(PackedSnapshot.pack(header: header, body: body))
        #expect(PackedSnapshot.isPacked(packed))
        let unpacked = PackedSnapshot.unpack(packed) == header + body
        #expect(unpacked)
        #expect(packed.count < (header.count + body.count) * 3 / 4, "\(packed.count) of \(header.count + body.count)")
        #expect(PublishedSnapshot.intactCursor(packed) == point.cursor)
        let read = try #require(PublishedSnapshot.snapshot(packed))
        #expect(read.state == point.state)
        #expect(read.cursor == point.cursor)
        // The unpacked form is read as it always was.
        #expect(PublishedSnapshot.snapshot(header + body)?.state == point.state)
        #expect(PublishedSnapshot.intactCursor(header + body) == point.cursor)
    }

    @Test("an empty world's snapshot and a one-object world's pack and unpack too")
    func small() throws {
        for (events, objects) in [(1, 1), (3, 2)] {
            let (point, header, body) = try snapshot(events: events, objects: objects, seed: UInt64(40 + events))
            let packed = try #require(PackedSnapshot.pack(header: header, body: body))
            let unpacked = PackedSnapshot.unpack(packed) == header + body
            #expect(unpacked)
            #expect(PublishedSnapshot.snapshot(packed)?.state == point.state)
        }
    }

    @Test("a changed byte anywhere or a cut file is refused before anything is unpacked")
    func damaged() throws {
        let (_, header, body) = try snapshot(seed: 32)
        let packed = try #require(PackedSnapshot.pack(header: header, body: body))
        for position in [0, 9, 20, 90, 100, 130, packed.count / 3, packed.count / 2, packed.count - 1] {
            var bytes = packed
            bytes[position] ^= 0x10
            #expect(PublishedSnapshot.intactCursor(bytes) == nil, "byte \(position)")
            #expect(PackedSnapshot.unpack(bytes)?.count == nil, "byte \(position)")
            #expect(PublishedSnapshot.snapshot(bytes) == nil, "byte \(position)")
        }
        #expect(PublishedSnapshot.snapshot(Array(packed.dropLast(3))) == nil)
        #expect(PublishedSnapshot.snapshot(packed + [0]) == nil)
    }

    @Test("a forger who reseals the packed blocks is still caught by the snapshot's own checksums")
    func forged() throws {
        let (_, header, body) = try snapshot(seed: 33)
        let packed = try #require(PackedSnapshot.pack(header: header, body: body))
        let original = header + body
        var caught = 0
        var generator = SplitMix64(seed: 7)
        for _ in 0..<40 {
            var bytes = packed
            let position = PackedSnapshot.checksumOffset + 8 + Int(generator.next() % UInt64(bytes.count - 200)) + 100
            guard position < bytes.count else { continue }
            bytes[position] ^= UInt8(1 << (generator.next() % 8))
            let resealed = PackedSnapshot.resealed(bytes)
            #expect(PublishedSnapshot.intactCursor(resealed) != nil)
            if let snapshot = PublishedSnapshot.snapshot(resealed) {
                // Only a change that unpacks to the same bytes (a spare bit at a part's end) may read.
                let same = PackedSnapshot.unpack(resealed) == original
                #expect(same, "byte \(position)")
                #expect(snapshot.state == Snapshot.decode(original)?.state)
            } else {
                caught += 1
            }
        }
        #expect(caught > 30)
    }

    /// `packed` with `padding` bytes after its body, its block count made to fit, its unpacked body's
    /// length set to `claim`, and every checksum made right again, as a hostile hub would.
    static func claiming(_ claim: UInt64, padding: Int, from packed: [UInt8]) -> [UInt8] {
        let table = PackedSnapshot.checksumOffset + 8
        let word = { (at: Int) in (0..<8).reduce(UInt64(0)) { $0 | UInt64(packed[at + $1]) << (8 * $1) } }
        let bytes = { (v: UInt64) in (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        let body = Array(packed[(table + 8 * Int(word(table - 24)))...]) + [UInt8](repeating: 0x5A, count: padding)
        let blocks = (body.count + (1 << 16) - 1) >> 16
        var out = Array(packed[0..<(table - 32)])
        out += bytes(claim) + bytes(UInt64(blocks)) + [UInt8](repeating: 0, count: 16)
        out += [UInt8](repeating: 0, count: 8 * blocks) + body
        return PackedSnapshot.resealed(out)
    }

    @Test(
        "a resealed header that claims more unpacked bytes than any snapshot may have is refused before a byte is made")
    func claimsTooMuch() throws {
        let (_, header, body) = try snapshot(seed: 34)
        let packed = try #require(PackedSnapshot.pack(header: header, body: body))
        let total = header.count + body.count
        // The limit holds to the byte: a real snapshot unpacks at exactly its size, not one less.
        #expect(PackedSnapshot.unpack(packed, limit: total) == header + body)
        #expect(PackedSnapshot.unpack(packed, limit: total - 1) == nil)
        // 64 GiB claimed from 8 MiB sent (within the header's own 8,192-to-1 bound): refused as it is
        // read, where unpacking it tried to make (and on failure wrote over) all of it.
        let claim: UInt64 = 64 << 30
        let forged = Self.claiming(claim, padding: 8 << 20, from: packed)
        #expect(PublishedSnapshot.intactCursor(forged) != nil, "the forgery's seal checks out")
        #expect(PackedSnapshot.unpack(forged) == nil)
        #expect(PublishedSnapshot.snapshot(forged) == nil)
        // Within the limit, a claim the parts do not fill is refused too.
        let short = Self.claiming(UInt64(body.count) + 1, padding: 0, from: packed)
        #expect(PublishedSnapshot.intactCursor(short) != nil)
        #expect(PackedSnapshot.unpack(short) == nil)
    }
}

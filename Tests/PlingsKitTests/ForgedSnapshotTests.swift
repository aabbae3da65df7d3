import PlingsKit
import PlingsTestSupport
import Testing

/// A snapshot's checksums catch damage, not forgery: anyone who can write
/// the cache folder can reseal a header. A forged header must still not make
/// a small file claim arrays of hundreds of millions of elements.
@Suite("Forged snapshot headers")
struct ForgedSnapshotTests {
    let dir = TemporaryDirectory()

    /// Where section `k`'s element count sits in the header.
    static func countOffset(_ k: Int) -> Int { 8 + 4 + 4 + 8 * 8 + 2 * 8 + k * 32 + 8 }

    static func withCount(_ bytes: [UInt8], section k: Int, _ count: UInt64) -> [UInt8] {
        var out = bytes
        let at = countOffset(k)
        withUnsafeBytes(of: count.littleEndian) { out.replaceSubrange(at..<(at + 8), with: $0) }
        return Snapshot.resealed(out)
    }

    /// `bytes` with section `k`'s stored size set to `stored`, the header resealed.
    static func withStored(_ bytes: [UInt8], section k: Int, _ stored: UInt64) -> [UInt8] {
        var out = bytes
        let at = countOffset(k) + 8
        withUnsafeBytes(of: stored.littleEndian) { out.replaceSubrange(at..<(at + 8), with: $0) }
        return Snapshot.resealed(out)
    }

    func generated() throws -> [UInt8] {
        let path = dir.file("gen.jsonl")
        _ = try SyntheticLog(events: 400, objects: 60, seed: 11).write(to: path)
        let point = try Timeline(path: path, useSnapshots: false).state()
        return Snapshot(state: point.state, cursor: point.cursor).encoded()
    }

    @Test("an id table resealed to claim a million entries is refused, not read")
    func hugeTable() throws {
        let bytes = try generated()
        #expect(Snapshot.decode(bytes) != nil)
        // The table is mostly empty slots, so it is stored as one value and its exceptions:
        // a larger count changes nothing else in the file.
        #expect(Snapshot.sectionEncodings(of: bytes)?[6] == 2)
        #expect(Snapshot.decode(Self.withCount(bytes, section: 6, 1 << 20)) == nil)
    }

    @Test("a section resealed to claim more bytes than the file has (up to Int.max) is refused, not summed")
    func hugeStoredSize() throws {
        let bytes = try generated()
        for k in 0..<22 {
            for stored in [UInt64(Int.max), UInt64(Int.max) - 7, UInt64(bytes.count) + 1] {
                #expect(Snapshot.decode(Self.withStored(bytes, section: k, stored)) == nil, "section \(k)")
            }
        }
    }

    @Test("a per-object array resealed to another length than the objects' is refused")
    func otherLength() throws {
        let bytes = try generated()
        for k in [2, 5, 7, 12, 15, 20] {
            #expect(Snapshot.decode(Self.withCount(bytes, section: k, 1 << 30)) == nil)
        }
    }

    @Test("the empty world and a world of one object still read back")
    func smallWorlds() throws {
        #expect(Snapshot.decode(Snapshot(state: WorldState(), cursor: LogCursor()).encoded()) != nil)
        let one = try Replay.run([.create(oid("a"), name: "A")])
        let cursor = LogCursor(offset: 10, lines: 1, lastSeq: 1, lastAt: one.lastAt, lastHash: .zero)
        #expect(Snapshot.decode(Snapshot(state: one, cursor: cursor).encoded()) != nil)
        #expect(Snapshot.decode(Snapshot(state: one, cursor: cursor).encoded(table: false)) != nil)
    }
}

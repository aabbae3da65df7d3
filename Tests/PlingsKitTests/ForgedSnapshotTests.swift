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

    static func word(_ b: [UInt8], _ at: Int) -> Int {
        Int(
            truncatingIfNeeded: b[at..<(at + 8)].withUnsafeBytes {
                UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))
            })
    }

    static func put(_ v: UInt64, _ out: inout [UInt8], at: Int) {
        withUnsafeBytes(of: v.littleEndian) { out.replaceSubrange(at..<(at + 8), with: $0) }
    }

    /// Where the body starts and where each section starts in the file.
    static func layout(_ b: [UInt8]) -> (body: Int, starts: [Int]) {
        let body = blockTable + 8 * word(b, blockTable - 24)
        var starts: [Int] = []
        var offset = body
        for k in 0..<22 {
            starts.append(offset)
            offset = offset &+ word(b, countOffset(k) + 8)
        }
        return (body, starts)
    }

    /// Where the block checksums start (after the block count, their checksum and the header's).
    static let blockTable = countOffset(22) - 8 + 24

    /// `bytes` with every checksum made right again, as a forger would: each
    /// section's, each block's, the block table's and the header's.
    static func resealedWhole(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let (body, starts) = layout(out)
        for k in 0..<22 {
            // A forged size may not fit the file: that section's checksum is left as it is.
            let stored = word(out, countOffset(k) + 8)
            guard starts[k] >= body, stored >= 0, stored <= out.count - starts[k] else { continue }
            put(Checksum64.of(Array(out[starts[k]..<(starts[k] + stored)])), &out, at: countOffset(k) + 16)
        }
        var table: [UInt8] = []
        for from in stride(from: body, to: out.count, by: 1 << 16) {
            withUnsafeBytes(of: Checksum64.of(Array(out[from..<min(from + (1 << 16), out.count)])).littleEndian) {
                table.append(contentsOf: $0)
            }
        }
        out.replaceSubrange(blockTable..<body, with: table)
        put(Checksum64.of(table), &out, at: blockTable - 16)
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

    @Test("a sparse section whose exceptions are stored out of order (every checksum resealed) is refused")
    func unsortedExceptions() throws {
        let bytes = try generated()
        let (_, starts) = Self.layout(bytes)
        #expect(Self.resealedWhole(bytes) == bytes)
        let encodings = try #require(Snapshot.sectionEncodings(of: bytes))
        var tried = 0
        for k in 0..<22 where encodings[k] == 2 && Self.word(bytes, starts[k] + 8) >= 2 {
            // Swap the first two exceptions, index and value together: the same array, stored out of order.
            let exceptions = Self.word(bytes, starts[k] + 8)
            let stride = (Self.word(bytes, Self.countOffset(k) + 8) - 16) / exceptions - 4
            var bad = bytes
            let indices = starts[k] + 16
            let values = indices + 4 * exceptions
            for (at, width) in [(indices, 4), (values, stride)] {
                let first = Array(bad[at..<(at + width)])
                bad.replaceSubrange(at..<(at + width), with: bad[(at + width)..<(at + 2 * width)])
                bad.replaceSubrange((at + width)..<(at + 2 * width), with: first)
            }
            let accepted = Snapshot.decode(Self.resealedWhole(bad)) != nil
            #expect(!accepted, "section \(k)")
            tried += 1
        }
        #expect(tried >= 2)
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

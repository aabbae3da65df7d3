import PlingsKit
import PlingsTestSupport
import PlingsViews
import Testing

/// The object timeline's checksums catch damage, not forgery: whoever may
/// write the cache folder can reseal a file. Every number read from a
/// resealed timeline is bounded before it is used, so a card at a past time
/// or seq answers or gives way to the full path, and never crashes.
@Suite("Forged object timelines")
struct ForgedTimelineTests {
    let dir = TemporaryDirectory()

    /// Where the header (format 2: magic, version, section count, cursor, objects, flags, 17 sizes)
    /// keeps section `k`'s size, and where the body starts (after the block count, two checksums and the blocks').
    static func sizeOffset(_ k: Int) -> Int { 8 + 4 + 4 + 8 * 8 + 8 + 8 + 8 * k }
    static func bodyStart(_ b: [UInt8]) -> Int { sizeOffset(17) + 24 + 8 * word(b, sizeOffset(17)) }

    static func word(_ b: [UInt8], _ at: Int) -> Int {
        Int(
            truncatingIfNeeded: b[at..<(at + 8)].withUnsafeBytes {
                UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))
            })
    }

    /// `bytes` with word `k` of section `section` set to `value`, resealed.
    static func with(_ bytes: [UInt8], section: Int, word k: Int, _ value: UInt64) -> [UInt8] {
        var out = bytes
        let at = bodyStart(bytes) + (0..<section).reduce(0) { $0 + word(bytes, sizeOffset($1)) } + 8 * k
        withUnsafeBytes(of: value.littleEndian) { out.replaceSubrange(at..<(at + 8), with: $0) }
        return TimelineFile.resealed(out)
    }

    /// A rebuilt log of 3000 events: its path, the timeline's path and bytes, and the times of a few events.
    func rebuilt() throws -> (path: String, file: String, bytes: [UInt8], times: [Int64: Timestamp]) {
        // Written, rebuilt and replayed once for the run (the log the other damage suites damage too);
        // each test forges its own copy.
        let path = try RebuiltLog.generated(events: 3000, objects: 400, seed: 11).copy(into: dir, as: "gen.jsonl")
        let file = try #require(SnapshotCache(logPath: path).timelineEntries().last)
        let times = try Shared.value("ForgedTimelineTests times") {
            var times: [Int64: Timestamp] = [:]
            _ = try Timeline(path: path, useSnapshots: false).events { event, _, _ in
                if [500, 1500, 2500].contains(event.seq) { times[event.seq] = event.at }
            }
            return times
        }
        return (path, file.path, fileBytes(file.path), times)
    }

    /// Asks for cards of a few objects at each time and seq; a crash fails the test run.
    func ask(_ path: String, _ times: [Int64: Timestamp]) -> Int {
        var answered = 0
        for (seq, at) in times {
            for id in [0, 1, 7, 42, 399].map({ oid(SyntheticLog.code($0)) }) {
                if PastCard.answer(id, logPath: path, at: .time(at)) != nil { answered += 1 }
                if PastCard.answer(id, logPath: path, at: .seq(seq)) != nil { answered += 1 }
                _ = PastCard.notYet(id, logPath: path, at: .time(at))
            }
        }
        return answered
    }

    @Test("the resealer gives back the bytes it was given, untouched")
    func resealerIsFaithful() throws {
        let (path, _, bytes, times) = try rebuilt()
        #expect(TimelineFile.resealed(bytes) == bytes)
        #expect(ask(path, times) > 0)
    }

    @Test("a block's first time of -1, resealed: card --at TIME gives way or answers, never overflows")
    func negativeBlockTime() throws {
        let (path, file, bytes, times) = try rebuilt()
        for block in 0..<3 {
            writeBytes(Self.with(bytes, section: 6, word: 2 * block + 1, UInt64.max), to: file)
            _ = ask(path, times)
        }
    }

    @Test("offsets past Int.max, resealed (times, lists, ids): the card gives way, never traps")
    func hugeOffsets() throws {
        // One rebuild, each forgery written over the good file in turn.
        let (path, file, bytes, times) = try rebuilt()
        for (section, k) in [(6, 0), (6, 2), (0, 7), (0, 8), (3, 7), (3, 8)] {
            var forged = Self.with(bytes, section: section, word: k, 1 << 63 | 5)
            forged = Self.with(forged, section: section, word: k + 1, 1 << 63 | 6)
            writeBytes(forged, to: file)
            _ = ask(path, times)
        }
    }

    @Test("a header resealed to claim a last seq of Int64.max is refused, not summed")
    func hugeLastSeq() throws {
        let (path, file, bytes, times) = try rebuilt()
        var forged = bytes
        withUnsafeBytes(of: Int64.max.littleEndian) { forged.replaceSubrange(32..<40, with: $0) }
        writeBytes(TimelineFile.resealed(forged), to: file)
        _ = ask(path, times)
    }
}

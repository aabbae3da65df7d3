/// The body of a snapshot file read block by block: each 64 KiB block is
/// read with pread (never mapped, so a file cut meanwhile gives nil, not a
/// crash) and used only when its checksum is the one the block table holds.
/// Blocks read once are kept (in a slot per block, not a dictionary) for
/// the next element that falls in them, also when it straddles two blocks;
/// with a bound, only that many: the one dropped is found by the clock
/// (second chance) rule, so blocks read again and again (the top of a
/// binary search, the first containers) stay while the others pass.
///
/// Element reads are counted: past the budget it is given, every read gives nil, so a card that would read element by element through thousands
/// of things (a box holding many, a path thousands deep) gives way to the full
/// path, which answers those faster than reads one element at a time.
final class SnapshotBlocks {
    let source: SnapshotSource
    let bodyStart: Int
    let bodySize: Int
    private let sums: [UInt64]
    private var cache: [[UInt8]?]
    private var elementReads = 0
    private let readBudget: Int
    /// With a bound on the blocks kept: the blocks kept as a ring, the clock's hand in it, and per
    /// block whether it was used again since the hand last passed it.
    private var kept: [Int] = []
    private var hand = 0
    private var usedAgain: [Bool] = []
    private let keep: Int

    /// The body of the snapshot in `source` that `header` describes; nil when its block table does not check out.
    convenience init?(_ source: SnapshotSource, header: SnapshotHeader, readBudget: Int) {
        guard let sums = header.blockChecksums(source) else { return nil }
        self.init(source, sums: sums, bodyStart: header.bodyStart, readBudget: readBudget)
    }

    /// The body from `bodyStart` to the end of `source`, in blocks whose checksums are `sums`
    /// (a snapshot's, or the object timeline's).
    /// At most `keep` blocks are kept at a time (`Int.max`: every block read).
    init(_ source: SnapshotSource, sums: [UInt64], bodyStart: Int, readBudget: Int, keep: Int = .max) {
        self.source = source
        self.keep = max(2, keep)
        self.sums = sums
        self.readBudget = readBudget
        cache = [[UInt8]?](repeating: nil, count: sums.count)
        self.bodyStart = bodyStart
        bodySize = source.size - bodyStart
    }

    private static var size: Int { SnapshotHeader.blockSize }

    /// One block, checked; nil when it cannot be read or is damaged.
    private func block(_ b: Int) -> [UInt8]? {
        guard b >= 0, b < sums.count else { return nil }
        if let bytes = cache[b] {
            if !usedAgain.isEmpty { usedAgain[b] = true }
            return bytes
        }
        let from = b * Self.size
        guard let bytes = source.bytes(min(Self.size, bodySize - from), at: bodyStart + from),
            Checksum64.of(bytes) == sums[b]
        else { return nil }
        cache[b] = bytes
        if keep < sums.count { kept(b) }
        return bytes
    }

    /// Notes that block `b` is kept now, and drops one when more than `keep` would be:
    /// the first at or after the hand not used again since the hand passed it.
    private func kept(_ b: Int) {
        guard kept.count >= keep else {
            kept.append(b)
            if usedAgain.isEmpty { usedAgain = [Bool](repeating: false, count: sums.count) }
            return
        }
        while usedAgain[kept[hand]] {
            usedAgain[kept[hand]] = false
            hand = (hand + 1) % keep
        }
        cache[kept[hand]] = nil
        kept[hand] = b
        usedAgain[b] = false
        hand = (hand + 1) % keep
    }

    /// Hands `body` the `count` bytes at `offset` of the body, every block
    /// they touch checked; nil when they are not all there or any is damaged.
    func withBytes<R>(_ offset: Int, _ count: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        elementReads += 1
        guard elementReads <= readBudget, offset >= 0, count >= 0, count <= bodySize - offset else {
            return nil
        }
        if count == 0 { return [UInt8]().withUnsafeBytes(body) }
        let first = offset / Self.size
        if first == (offset + count - 1) / Self.size {
            guard let bytes = block(first) else { return nil }
            let at = offset - first * Self.size
            return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[at..<(at + count)])) }
        }
        if count <= Self.size {
            // Two neighbouring blocks, both kept: a path or a rising column read element by element straddles them often.
            guard let head = block(first), let tail = block(first + 1) else { return nil }
            let at = offset - first * Self.size
            let joined = Array(head[at...]) + tail[0..<(count - (head.count - at))]
            return joined.withUnsafeBytes(body)
        }
        var buffer: [UInt8] = []
        guard let range = readChecked(offset, count, into: &buffer) else { return nil }
        return buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Hands `body` elements `0..<count` of `stride` bytes each, starting at
    /// `offset` of the body, a piece of about a megabyte at a time (read into
    /// one buffer used again, so a scan of a large column makes no new
    /// memory), with the index of the piece's first element; false when any
    /// block is damaged or missing.
    func forEachPiece(
        _ offset: Int, count: Int, stride: Int, _ body: (UnsafeRawBufferPointer, Int) -> Void
    ) -> Bool {
        guard offset >= 0, count >= 0, stride > 0, count <= (bodySize - offset) / stride else { return false }
        let perPiece = max(1, 16 * Self.size / stride)
        var buffer: [UInt8] = []
        var first = 0
        while first < count {
            let k = min(perPiece, count - first)
            guard let range = readChecked(offset + first * stride, k * stride, into: &buffer) else { return false }
            buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range]), first) }
            first += k
        }
        return true
    }

    /// Reads the blocks that `count` (at least one) bytes at `offset` touch
    /// into `buffer` and checks each; where those bytes are in it, or nil.
    private func readChecked(_ offset: Int, _ count: Int, into buffer: inout [UInt8]) -> Range<Int>? {
        let first = offset / Self.size
        let last = (offset + count - 1) / Self.size
        let from = first * Self.size
        let length = min((last + 1) * Self.size, bodySize) - from
        if buffer.count < length { buffer = [UInt8](repeating: 0, count: length) }
        let ok = buffer.withUnsafeMutableBytes { raw -> Bool in
            let target = UnsafeMutableRawBufferPointer(rebasing: raw[0..<length])
            guard source.read(into: target, at: bodyStart + from) else { return false }
            for b in first...last {
                let start = (b - first) * Self.size
                let block = UnsafeRawBufferPointer(rebasing: raw[start..<min(start + Self.size, length)])
                guard Checksum64.of(block) == sums[b] else { return false }
            }
            return true
        }
        return ok ? (offset - from)..<(offset - from + count) : nil
    }

    /// The little-endian `T` at `offset` of the body.
    func load<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T? {
        withBytes(offset, MemoryLayout<T>.size) { T(littleEndian: $0.loadUnaligned(as: T.self)) }
    }
}

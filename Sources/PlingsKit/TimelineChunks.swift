/// Byte lists, one per object, that grow at their end: each list is a chain
/// of 32-byte chunks (a 4-byte link, then 28 bytes) in 1 MiB pages, so a
/// rebuild gathers every object's records in about the bytes they take,
/// with no array per object and no copy when the pages grow.
final class TimelineChunks {
    private static let chunkBytes = 32
    private static let dataBytes = 28
    private static let chunksPerPage = 1 << 15
    // Only the rebuild's replay thread touches a builder, so the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private var pages: [UnsafeMutableRawPointer] = []
    /// Chunks handed out; chunk 0 is never used, so 0 means "none".
    @exclusivity(unchecked) private var used = 1
    /// Each list's first and last chunk and its length in bytes, side by side
    /// (an append reads them at once); the last chunk's fill follows from the length.
    @exclusivity(unchecked) private var lists: [(head: UInt32, tail: UInt32, size: Int)] = []

    init() {}

    deinit {
        for page in pages { page.deallocate() }
    }

    /// Lists there are room for (one per object seen so far).
    var count: Int { lists.count }

    /// List `x`'s length in bytes (0 past the last list).
    func size(_ x: Int) -> Int { x < lists.count ? lists[x].size : 0 }

    /// Makes room for lists up to `x`.
    private func reserve(_ x: Int) {
        guard x >= lists.count else { return }
        lists.append(contentsOf: repeatElement((head: UInt32(0), tail: UInt32(0), size: 0), count: x + 1 - lists.count))
    }

    private func chunk(_ c: UInt32) -> UnsafeMutableRawPointer {
        let c = Int(c)
        return pages[c / Self.chunksPerPage] + (c % Self.chunksPerPage) * Self.chunkBytes
    }

    private func newChunk() -> UInt32 {
        if used >= pages.count * Self.chunksPerPage {
            let page = UnsafeMutableRawPointer.allocate(
                byteCount: Self.chunksPerPage * Self.chunkBytes, alignment: Self.chunkBytes)
            pages.append(page)
        }
        let c = UInt32(truncatingIfNeeded: used)
        used += 1
        chunk(c).storeBytes(of: 0, as: UInt32.self)
        return c
    }

    /// Adds `bytes` at the end of list `x`.
    func append(_ x: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        reserve(x)
        var list = lists[x]
        var (t, k) = (list.tail, 0)
        var f = list.size == 0 ? 0 : (list.size - 1) % Self.dataBytes + 1
        while k < bytes.count {
            if t == 0 || f == Self.dataBytes {
                let c = newChunk()
                if t == 0 { list.head = c } else { chunk(t).storeBytes(of: c, as: UInt32.self) }
                (t, f) = (c, 0)
            }
            let n = min(Self.dataBytes - f, bytes.count - k)
            let to = chunk(t) + 4 + f
            for i in 0..<n { to.storeBytes(of: from[k + i], toByteOffset: i, as: UInt8.self) }
            f += n
            k += n
        }
        list.tail = t
        list.size += bytes.count
        lists[x] = list
    }

    /// Hands `body` list `x`'s bytes, a chunk's run at a time, in order.
    func forEachRun(_ x: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard x < lists.count else { return }
        var left = lists[x].size
        var c = lists[x].head
        while left > 0, c != 0 {
            let k = min(left, Self.dataBytes)
            body(UnsafeRawBufferPointer(start: chunk(c) + 4, count: k))
            left -= k
            c = chunk(c).load(as: UInt32.self)
        }
    }
}

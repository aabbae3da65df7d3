import PlingsPlatform

/// Where lines end: the one search for the newline that ends a line of a log
/// (or of a page of one, a sync message, a queue, an input of `apply`), and the
/// one count of whole lines that the batch rule asks for. Every reader of lines
/// calls these (scripts/check-rules.sh fails on a newline search anywhere else).
///
/// The search is `memchr` over contiguous bytes. It is inlinable and generic
/// over the bytes it is given, so in the replay's hot loops (`ReadAheadReader`,
/// `LogFile.readLinesByChunks`, `ChunkCheck.Chunk`) it compiles to the same
/// call as before it lived here.
package enum LineSplit {
    /// The byte that ends every line.
    package static let newline: UInt8 = 0x0A

    /// The offset of the first line end in `bytes`, or nil when none is there.
    @inlinable @inline(__always)
    package static func firstEnd(in bytes: UnsafeRawBufferPointer) -> Int? {
        Platform.firstIndex(of: newline, in: bytes)
    }

    /// The offset of the first line end in the `count` bytes at `start`.
    @inlinable @inline(__always)
    package static func firstEnd(at start: UnsafePointer<UInt8>, count: Int) -> Int? {
        Platform.firstIndex(of: newline, in: UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The index of the first line end in `bytes` (an array, a slice of one, a
    /// buffer), or nil when none is there.
    @inlinable
    package static func firstEnd<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Int? where Bytes.Index == Int {
        let found = bytes.withContiguousStorageIfAvailable { p in
            firstEnd(in: UnsafeRawBufferPointer(p)).map { bytes.startIndex + $0 }
        }
        guard let found else { return bytes.firstIndex(of: newline) }
        return found
    }

    /// The index of the last line end in `bytes`, or nil when none is there.
    @inlinable
    package static func lastEnd<Bytes: BidirectionalCollection<UInt8>>(in bytes: Bytes) -> Int?
    where Bytes.Index == Int {
        let found = bytes.withContiguousStorageIfAvailable { p in
            Platform.lastIndex(of: newline, in: UnsafeRawBufferPointer(p)).map { bytes.startIndex + $0 }
        }
        guard let found else { return bytes.lastIndex(of: newline) }
        return found
    }

    /// The whole lines of `bytes`, each without its newline; bytes after the
    /// last newline (part of a line) are not among them.
    @inlinable
    package static func wholeLines<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [Bytes.SubSequence]
    where Bytes.Index == Int {
        var lines: [Bytes.SubSequence] = []
        var start = bytes.startIndex
        while start < bytes.endIndex, let end = firstEnd(in: bytes[start...]) {
            lines.append(bytes[start..<end])
            start = end + 1
        }
        return lines
    }

    /// Counts the whole lines of `bytes`, stopping after `limit` of them: the
    /// batch rule's question (whether a batch's lines are all on disk).
    /// - Returns: the lines counted and the offset just past the last of them.
    @inlinable
    package static func countLines(in bytes: UnsafeRawBufferPointer, upTo limit: Int) -> (lines: Int, end: Int) {
        var (lines, end) = (0, 0)
        guard let base = bytes.baseAddress else { return (0, 0) }
        while lines < limit, end < bytes.count,
            let newline = firstEnd(in: UnsafeRawBufferPointer(start: base + end, count: bytes.count - end))
        {
            lines += 1
            end += newline + 1
        }
        return (lines, end)
    }

    /// Whether at least `count` whole lines start at index `start` of `bytes`.
    @inlinable
    package static func hasLines<Bytes: Collection<UInt8>>(in bytes: Bytes, from start: Int, count: Int) -> Bool
    where Bytes.Index == Int {
        guard start >= bytes.startIndex, start <= bytes.endIndex else { return false }
        let counted = bytes[start...].withContiguousStorageIfAvailable { p in
            countLines(in: UnsafeRawBufferPointer(p), upTo: count).lines
        }
        if let counted { return counted >= count }
        return wholeLines(bytes[start...]).count >= count
    }
}

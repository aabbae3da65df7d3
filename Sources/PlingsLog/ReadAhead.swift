/// How a long read of the log uses a second core.
///
/// With read-ahead, a reading thread reads the next chunk of the file, finds
/// its lines and scans each one with `LineCodec.scan` (the one scanner, own
/// hash included) while the caller's thread takes the verdicts of the chunk
/// before, in line order, through `ChainChecker.admit` (the chain rules,
/// sequential) and folds the events. The scanning is shared: a chunk's lines
/// are scanned in segments of `segmentLines`, which either thread takes, so
/// a caller that has caught up with the reading thread scans the segments it
/// needs next itself instead of waiting. A verdict counts only when its line's
/// turn comes, so errors and their order are those of a plain read. Chunks
/// are bounded: at most `chunks` of `chunkSize` bytes, plus the verdicts of
/// at most `linesPerChunk` lines each (a chunk with more lines ends after
/// that many and the next one begins with the rest, so a file of very short
/// lines, none of which can be valid, does not make a verdict for each of
/// millions of lines before the first of them is looked at).
package struct ReadAhead: Sendable {
    /// Reads shorter than this many bytes stay on one thread.
    package var threshold: Int64
    /// Bytes per chunk (also the longest line the reader can hand out whole).
    package var chunkSize: Int
    /// Chunks in flight.
    package var chunks: Int
    /// Lines scanned into one chunk at most. The default is above what a
    /// chunk of the shortest valid lines (some 190 bytes) holds, so it only
    /// ever cuts chunks of lines that cannot be valid.
    package var linesPerChunk: Int
    /// Lines in a segment: the share of a chunk's scanning that one thread
    /// takes at a time (the last segment of a chunk may be shorter).
    package var segmentLines: Int

    package init(
        threshold: Int64 = 4 << 20, chunkSize: Int = ReadAhead.defaultChunkSize, chunks: Int = 12,
        linesPerChunk: Int = 8192,
        segmentLines: Int = 128
    ) {
        self.threshold = threshold
        // A chunk must hold any line within the limit whole, with room to spare.
        self.chunkSize = max(chunkSize, 2 * LineFormat.maxLineBytes)
        self.chunks = max(3, chunks)
        self.linesPerChunk = max(2, linesPerChunk)
        self.segmentLines = max(1, segmentLines)
    }

    /// Bytes per chunk by default: 128 KiB, so that a chunk's bytes and the
    /// members scanned from them (some 440 lines, 85 KB) stay in a core's
    /// second-level cache between the read, the scan and the hash (with
    /// 1 MiB chunks the scan found a chunk's first lines gone from it; in
    /// the runs where this machine is slow the replay took 3–7% longer).
    package static let defaultChunkSize = 128 << 10

    /// The default: read ahead on reads of 4 MB or more.
    package static let automatic = ReadAhead()
    /// Never read ahead.
    package static let never = ReadAhead(threshold: .max)
    /// Always read ahead, with small chunks (for tests of chunk boundaries).
    package static func always(chunkSize: Int, linesPerChunk: Int = 8192, segmentLines: Int = 128) -> ReadAhead {
        ReadAhead(threshold: 0, chunkSize: chunkSize, linesPerChunk: linesPerChunk, segmentLines: segmentLines)
    }
}

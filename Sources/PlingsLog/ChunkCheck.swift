import PlingsPlatform

/// How a check of the whole chain (`LogFile.checkChain(_:_:stoppingAfter:)`,
/// what `plings verify` makes) uses every core.
///
/// The file is cut into chunks of `chunkBytes` at fixed offsets; a line
/// belongs to the chunk it starts in (a line crossing a chunk's end is read
/// on past it). Worker threads take the chunks in turn: each reads its chunk
/// with `pread`, finds its lines, scans each one with `LineCodec.scan` (the
/// one scanner, own hash included) and checks them against each other with
/// a `ChainChecker` that starts at the chunk's first line. The caller's
/// thread takes the chunks in file order: it admits each chunk's first line
/// with its own checker (the rules against the line before, across the
/// seam) and joins the worker's result, or, when the worker found anything
/// wrong or the result cannot stand (see `ChainChecker.join`), admits the
/// chunk's lines one by one as a sequential read does. So every verdict,
/// its line, offset and the position reached are those of a plain read.
/// At most `chunks` chunks are in flight.
package struct ChunkCheck: Sendable {
    /// Checks of fewer bytes than this stay on the caller's thread.
    package var threshold: Int64
    /// The bytes in which a chunk's lines start.
    package var chunkBytes: Int
    /// The sequential reader's buffer: a line with no `\n` in this many bytes
    /// is handed out as this many bytes (and refused as too long), as
    /// `LogFile.readLines` does.
    package var lineLimit: Int
    /// Worker threads.
    package var workers: Int
    /// Chunks in flight: two for each worker and the one the caller holds.
    package var chunks: Int { 2 * workers + 1 }

    package init(
        threshold: Int64 = 4 << 20, chunkBytes: Int = 1 << 20, lineLimit: Int = ReadAhead.automatic.chunkSize,
        workers: Int = min(Platform.processorCount, 8)
    ) {
        self.threshold = threshold
        self.chunkBytes = max(1, chunkBytes)
        self.lineLimit = max(lineLimit, 2 * LineFormat.maxLineBytes)
        self.workers = max(1, workers)
    }

    /// The default: chunks of 1 MiB on every core, for checks of 4 MB or more.
    package static let automatic = ChunkCheck()
    /// Always in chunks, of `chunkBytes` bytes (for tests of chunk seams).
    package static func always(chunkBytes: Int, lineLimit: Int = 0, workers: Int = 2) -> ChunkCheck {
        ChunkCheck(threshold: 0, chunkBytes: chunkBytes, lineLimit: lineLimit, workers: workers)
    }
}

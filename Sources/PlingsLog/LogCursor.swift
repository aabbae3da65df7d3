import PlingsDomain

/// How far a reader has come through a log: the end of the last complete
/// line it read, and that line's seq, time and hash. Reading on from a cursor
/// checks that the next line chains to it.
public struct LogCursor: Sendable, Hashable {
    /// Byte offset just past the last complete line read.
    public var offset: Int64 = 0
    /// Number of complete lines read.
    public var lines: Int = 0
    /// The seq of the last line read (0 before the first).
    public var lastSeq: Int64 = 0
    /// The time of the last line read.
    public var lastAt = Timestamp(milliseconds: 0)
    /// The hash of the last line read (the next line's `prev`).
    public var lastHash = Digest.zero

    /// The start of the log.
    public init() {}

    package init(offset: Int64, lines: Int, lastSeq: Int64, lastAt: Timestamp, lastHash: Digest) {
        self.offset = offset
        self.lines = lines
        self.lastSeq = lastSeq
        self.lastAt = lastAt
        self.lastHash = lastHash
    }
}

/// Bytes after the last complete line: the mark of a crash during an append.
public struct TornTail: Sendable, Hashable {
    /// Where the torn tail starts, in bytes.
    public var offset: Int64
    /// Its length in bytes.
    public var length: Int64

    package init(offset: Int64, length: Int64) {
        self.offset = offset
        self.length = length
    }
}

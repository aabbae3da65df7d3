import PlingsPlatform

/// Where a check in chunks (see `ChunkCheck`) reads its bytes: a log file,
/// or a page of a log held in memory (lines a device pulled from its hub,
/// checked before a byte of them is written).
enum ChunkSource: @unchecked Sendable {
    case file(LogFile)
    /// `bytes[0]` is at offset `origin` of the log; the bytes end where the log does.
    case memory(UnsafeRawBufferPointer, origin: Int64)

    /// Reads at `offset`, as one `pread` does. - Returns: 0 at the end.
    func read(into space: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemErrno) -> Int {
        switch self {
        case .file(let file):
            return try FileDescriptor(rawValue: file.fd).pread(into: space, at: offset)
        case .memory(let bytes, let origin):
            let from = Int(offset - origin)
            guard from >= 0, from < bytes.count, let base = bytes.baseAddress else { return 0 }
            let count = min(space.count, bytes.count - from)
            space.copyMemory(from: UnsafeRawBufferPointer(start: base + from, count: count))
            return count
        }
    }

    /// Whether at least `count` newline-ended lines start at `offset` (the batch rule's question).
    func hasLines(from offset: Int64, count: Int) throws(LogError) -> Bool {
        switch self {
        case .file(let file):
            return try file.hasLines(from: offset, count: count)
        case .memory(let bytes, let origin):
            return LineSplit.hasLines(in: bytes, from: Int(offset - origin), count: count)
        }
    }

    /// Hands out the lines from `start` one by one, as `LogFile.readLines` does
    /// (`body` returns false to stop); bytes after the last `\n` are not handed out.
    func lines(
        from start: Int64, lineLimit: Int, _ body: (UnsafeBufferPointer<UInt8>, Int64) throws(LogError) -> Bool
    ) throws(LogError) {
        switch self {
        case .file(let file):
            try file.readLinesByChunks(from: start, chunkSize: lineLimit, body)
        case .memory(let bytes, let origin):
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var i = Int(start - origin)
            while i >= 0, i < bytes.count {
                let rest = UnsafeRawBufferPointer(start: base + i, count: min(bytes.count - i, lineLimit))
                guard let newline = LineSplit.firstEnd(in: rest) else {
                    // No line end within the reader's buffer: handed out as one line (refused as too long).
                    if rest.count == lineLimit {
                        _ = try body(UnsafeBufferPointer(start: base + i, count: lineLimit), origin + Int64(i))
                    }
                    return
                }
                guard try body(UnsafeBufferPointer(start: base + i, count: newline), origin + Int64(i)) else { return }
                i += newline + 1
            }
        }
    }
}

import PlingsPlatform

/// The reading thread of a read-ahead (see `ReadAhead`) and the bounded
/// queues between it and the caller's thread. Owns the thread and the chunks.
final class ReadAheadReader: @unchecked Sendable {
    private let fd: FileDescriptor
    private let chunkSize: Int
    private let linesPerChunk: Int
    private let segmentLines: Int
    private var offset: Int64
    private var free: [ReadAheadChunk] = []
    /// Chunks still to be made (made when first needed, so a short read allocates little).
    private var unmade: Int
    private var ready: [ReadAheadChunk] = []
    private var stopping = false
    /// Guards the queues and `stopping`; broadcast on every change.
    private let changed = Platform.Condition()

    init(fd: Int32, from start: Int64, _ options: ReadAhead) {
        self.fd = FileDescriptor(rawValue: fd)
        offset = start
        chunkSize = options.chunkSize
        linesPerChunk = options.linesPerChunk
        segmentLines = options.segmentLines
        unmade = options.chunks
    }

    // MARK: The caller's side

    /// The next chunk, in file order (blocks until the reading thread has it).
    func next() -> ReadAheadChunk {
        changed.withLock {
            while ready.isEmpty { changed.wait() }
            return ready.removeFirst()
        }
    }

    /// How many leading lines of `chunk` (the one `next` gave) are scanned,
    /// at least `need`: while fewer are, the caller scans the lowest segment
    /// no thread has taken, or, when the reading thread has taken every one
    /// still being scanned, waits for it.
    func scanned(_ chunk: ReadAheadChunk, atLeast need: Int) -> Int {
        var mine: Int?
        while true {
            let (take, ready): (Int?, Int) = changed.withLock {
                if let mine { chunk.done[mine] = true }
                while true {
                    let ready = chunk.scannedLines()
                    if ready >= need { return (nil, ready) }
                    if let take = chunk.takeSegment() { return (take, ready) }
                    changed.wait()
                }
            }
            guard let take else { return ready }
            chunk.scan(segment: take)
            mine = take
        }
    }

    /// Gives a chunk the caller is done with back to the reading thread.
    func recycle(_ chunk: ReadAheadChunk) {
        changed.withLock {
            free.append(chunk)
            changed.broadcast()
        }
    }

    /// Asks the reading thread to stop at its next chunk.
    func stop() {
        changed.withLock {
            stopping = true
            changed.broadcast()
        }
    }

    // MARK: The reading thread

    /// A free chunk, or nil once the caller asked to stop.
    private func takeFree() -> ReadAheadChunk? {
        changed.withLock {
            if free.isEmpty && unmade > 0 && !stopping {
                unmade -= 1
                return ReadAheadChunk(size: chunkSize, segmentLines: segmentLines)
            }
            while free.isEmpty && !stopping { changed.wait() }
            return stopping ? nil : free.removeLast()
        }
    }

    private func publish(_ chunk: ReadAheadChunk) {
        changed.withLock {
            ready.append(chunk)
            changed.broadcast()
        }
    }

    /// Reads the file in chunks, as `LogFile.readLinesByChunks` does on one
    /// thread: each chunk continues with the part line the one before ended
    /// in. A chunk is handed out once its lines are found, and then scanned
    /// segment by segment, shared with the caller (see `scanned`).
    func run() {
        guard var chunk = takeFree() else { return }
        chunk.reset(offset: offset)
        // Whether the chunk before was cut after `linesPerChunk` lines: the
        // bytes it handed on may hold whole lines, scanned before reading more.
        var cut = false
        while true {
            if !cut {
                if chunk.filled == chunk.bytes.count {
                    chunk.overlong = true
                    publish(chunk)
                    return
                }
                guard readMore(chunk) else { return }
            }
            let consumed = findLines(chunk)
            cut = consumed > 0 && chunk.starts.count >= linesPerChunk
            if consumed == 0 { continue }
            chunk.prepareSegments()
            guard let following = takeFree() else { return }
            following.reset(offset: chunk.fileOffset + Int64(consumed))
            let rest = chunk.filled - consumed
            if rest > 0, let from = chunk.bytes.baseAddress, let to = following.bytes.baseAddress {
                to.update(from: from + consumed, count: rest)
            }
            following.filled = rest
            publish(chunk)
            scanShare(chunk)
            chunk = following
        }
    }

    /// Scans the segments of `chunk` that the caller has not taken, lowest first.
    private func scanShare(_ chunk: ReadAheadChunk) {
        var finished: Int?
        while true {
            let take: Int? = changed.withLock {
                if let finished {
                    chunk.done[finished] = true
                    changed.broadcast()
                }
                return stopping ? nil : chunk.takeSegment()
            }
            guard let take else { return }
            chunk.scan(segment: take)
            finished = take
        }
    }

    /// Reads on into `chunk`'s free space.
    /// - Returns: false when the chunk was published as the last one (the
    ///   file's end or a read error).
    private func readMore(_ chunk: ReadAheadChunk) -> Bool {
        let got: Int
        do throws(SystemErrno) {
            let space = UnsafeMutableRawBufferPointer(
                rebasing: UnsafeMutableRawBufferPointer(chunk.bytes)[chunk.filled...])
            got = try fd.pread(into: space, at: offset)  // retried on EINTR
        } catch {
            chunk.readErrno = error.code
            publish(chunk)
            return false
        }
        if got == 0 {
            chunk.end = true
            publish(chunk)
            return false
        }
        offset += Int64(got)
        chunk.filled += got
        return true
    }

    /// Records the chunk's whole lines (the line lists are worked on as
    /// locals: one access to the chunk's properties per chunk, not per line).
    /// - Returns: the bytes taken by whole lines.
    private func findLines(_ chunk: ReadAheadChunk) -> Int {
        guard let base = chunk.bytes.baseAddress else { return 0 }
        var (starts, lengths) = (chunk.starts, chunk.lengths)
        (chunk.starts, chunk.lengths) = ([], [])
        defer { (chunk.starts, chunk.lengths) = (starts, lengths) }
        let filled = chunk.filled
        var lineStart = 0
        while lineStart < filled && starts.count < linesPerChunk {
            let rest = UnsafeRawBufferPointer(start: base + lineStart, count: filled - lineStart)
            guard let nl = LineSplit.firstEnd(in: rest) else { break }
            starts.append(lineStart)
            lengths.append(nl)
            lineStart += nl + 1
        }
        return lineStart
    }
}

extension ReadAheadReader {
    /// Starts the reading thread.
    /// - Returns: a function that stops and joins it, or nil when no thread could be started.
    func start() -> (() -> Void)? {
        guard let thread = Platform.startThread({ [self] in run() }) else { return nil }
        return { [self] in
            stop()
            thread.join()
        }
    }
}

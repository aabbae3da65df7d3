import PlingsPlatform

/// A chunk of the log read ahead: its bytes, its whole lines, and each
/// line's verdict from `LineCodec.scan` on the reading thread.
final class ReadAheadChunk {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    /// The file offset of `bytes[0]`.
    var fileOffset: Int64 = 0
    var filled = 0
    /// Each whole line: where it starts in `bytes` and how long it is (without `\n`).
    var starts: [Int] = []
    var lengths: [Int] = []
    /// Each line's members, scanned in place (meaningful for the lines not in `problems`).
    private(set) var fields: UnsafeMutablePointer<LineFields>
    private var capacity: Int
    /// Whether each line failed the scan (one byte a line: the folding
    /// thread looks at every line's several times, the problems themselves
    /// are rare).
    var failed: [Bool] = []
    /// The problem of each line that failed, in line order.
    var problems: [LineProblem] = []
    /// The whole chunk holds no line end: hand it out as one line and stop.
    var overlong = false
    /// A read failed here (after the lines above): this errno.
    var readErrno: Int32 = 0
    /// The file ended (after the lines above).
    var end = false

    init(size: Int) {
        bytes = .allocate(capacity: size)
        // Lines are about 300 bytes; room for more is made when a chunk holds more.
        capacity = max(16, size / 256)
        fields = Self.allocateFields(capacity)
        fields.initialize(repeating: LineFields(), count: capacity)
    }

    deinit {
        bytes.deallocate()
        fields.deinitialize(count: capacity)
        UnsafeMutableRawPointer(fields).deallocate()
    }

    /// Room for `count` lines' members starting on a cache line, so that each
    /// line's take whole lines (`LineFields` is three) and the folding thread
    /// fetches no line it needs only a part of.
    private static func allocateFields(_ count: Int) -> UnsafeMutablePointer<LineFields> {
        UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<LineFields>.stride, alignment: 64)
            .bindMemory(to: LineFields.self, capacity: count)
    }

    /// Where line `k`'s members go, with room made for them (lines are added in order).
    @inline(__always)
    func fieldsSlot(_ k: Int) -> UnsafeMutablePointer<LineFields> {
        if k >= capacity { grow() }
        return fields + k
    }

    private func grow() {
        let larger = Self.allocateFields(2 * capacity)
        larger.moveInitialize(from: fields, count: capacity)
        (larger + capacity).initialize(repeating: LineFields(), count: capacity)
        UnsafeMutableRawPointer(fields).deallocate()
        fields = larger
        capacity *= 2
    }

    func reset(offset: Int64) {
        fileOffset = offset
        filled = 0
        starts.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        failed.removeAll(keepingCapacity: true)
        problems.removeAll(keepingCapacity: true)
        overlong = false
        readErrno = 0
        end = false
    }
}

/// The reading thread of a read-ahead (see `ReadAhead`) and the bounded
/// queues between it and the caller's thread. Owns the thread and the chunks.
final class ReadAheadReader: @unchecked Sendable {
    private let fd: FileDescriptor
    private let chunkSize: Int
    private let linesPerChunk: Int
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
                return ReadAheadChunk(size: chunkSize)
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
    /// thread: each chunk continues with the part line the one before ended in.
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
            guard let following = takeFree() else { return }
            following.reset(offset: chunk.fileOffset + Int64(consumed))
            let rest = chunk.filled - consumed
            if rest > 0, let from = chunk.bytes.baseAddress, let to = following.bytes.baseAddress {
                to.update(from: from + consumed, count: rest)
            }
            following.filled = rest
            publish(chunk)
            chunk = following
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

    /// Records the chunk's whole lines and scans each one into the chunk's
    /// own storage (the line lists are worked on as locals: one access to
    /// the chunk's properties per chunk, not per line).
    /// - Returns: the bytes taken by whole lines.
    private func findLines(_ chunk: ReadAheadChunk) -> Int {
        guard let base = chunk.bytes.baseAddress else { return 0 }
        var (starts, lengths, verdicts) = (chunk.starts, chunk.lengths, Verdicts(chunk))
        (chunk.starts, chunk.lengths, chunk.failed, chunk.problems) = ([], [], [], [])
        defer {
            (chunk.starts, chunk.lengths, chunk.failed, chunk.problems) = (
                starts, lengths, verdicts.failed, verdicts.problems
            )
        }
        let filled = chunk.filled
        var lineStart = 0
        // Lines are scanned in pairs (their hashes computed together); an odd one alone.
        var waiting: UnsafeBufferPointer<UInt8>?
        while lineStart < filled && starts.count < linesPerChunk {
            let rest = UnsafeRawBufferPointer(start: base + lineStart, count: filled - lineStart)
            guard let nl = Platform.firstIndex(of: 0x0A, in: rest) else { break }
            let line = UnsafeBufferPointer(start: base + lineStart, count: nl)
            starts.append(lineStart)
            lengths.append(nl)
            lineStart += nl + 1
            if let first = waiting {
                let (problemA, problemB) = scanPair(chunk, starts.count - 2, first, line)
                verdicts.append(problemA)
                verdicts.append(problemB)
                waiting = nil
            } else {
                waiting = line
            }
        }
        if let last = waiting {
            let k = starts.count - 1
            let slot = chunk.fieldsSlot(k)
            slot.pointee = LineFields()
            verdicts.append(LineCodec.scan(last, into: &slot.pointee))
        }
        return lineStart
    }

    /// Scans lines `k` and `k + 1` of `chunk` together.
    /// - Returns: what is wrong with each (nil where it passed).
    @inline(__always)
    private func scanPair(
        _ chunk: ReadAheadChunk, _ k: Int, _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>
    ) -> (LineProblem?, LineProblem?) {
        let slotB = chunk.fieldsSlot(k + 1)  // first: making room moves the storage
        let slotA = chunk.fieldsSlot(k)
        slotA.pointee = LineFields()
        slotB.pointee = LineFields()
        return LineCodec.scan(a, into: &slotA.pointee, b, into: &slotB.pointee)
    }
}

/// A chunk's verdicts as the reading thread records them.
private struct Verdicts {
    var failed: [Bool]
    var problems: [LineProblem]

    init(_ chunk: ReadAheadChunk) {
        (failed, problems) = (chunk.failed, chunk.problems)
    }

    @inline(__always)
    mutating func append(_ problem: LineProblem?) {
        failed.append(problem != nil)
        if let problem { problems.append(problem) }
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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Each line's members (meaningful where `problems` holds nil).
    var fields: [LineFields] = []
    var problems: [LineProblem?] = []
    /// The whole chunk holds no line end: hand it out as one line and stop.
    var overlong = false
    /// A read failed here (after the lines above): this errno.
    var readErrno: Int32 = 0
    /// The file ended (after the lines above).
    var end = false

    init(size: Int) {
        bytes = .allocate(capacity: size)
    }

    deinit { bytes.deallocate() }

    func reset(offset: Int64) {
        fileOffset = offset
        filled = 0
        starts.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        problems.removeAll(keepingCapacity: true)
        overlong = false
        readErrno = 0
        end = false
    }
}

/// The reading thread of a read-ahead (see `ReadAhead`) and the bounded
/// queues between it and the caller's thread. Owns the thread and the chunks.
final class ReadAheadReader: @unchecked Sendable {
    private let fd: Int32
    private let chunkSize: Int
    private var offset: Int64
    private var free: [ReadAheadChunk] = []
    /// Chunks still to be made (made when first needed, so a short read allocates little).
    private var unmade: Int
    private var ready: [ReadAheadChunk] = []
    private var stopping = false
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(fd: Int32, from start: Int64, _ options: ReadAhead) {
        self.fd = fd
        offset = start
        chunkSize = options.chunkSize
        unmade = options.chunks
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        changed.deallocate()
    }

    // MARK: The caller's side

    /// The next chunk, in file order (blocks until the reading thread has it).
    func next() -> ReadAheadChunk {
        pthread_mutex_lock(mutex)
        while ready.isEmpty { pthread_cond_wait(changed, mutex) }
        let chunk = ready.removeFirst()
        pthread_mutex_unlock(mutex)
        return chunk
    }

    /// Gives a chunk the caller is done with back to the reading thread.
    func recycle(_ chunk: ReadAheadChunk) {
        pthread_mutex_lock(mutex)
        free.append(chunk)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// Asks the reading thread to stop at its next chunk.
    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    // MARK: The reading thread

    /// A free chunk, or nil once the caller asked to stop.
    private func takeFree() -> ReadAheadChunk? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if free.isEmpty && unmade > 0 && !stopping {
            unmade -= 1
            return ReadAheadChunk(size: chunkSize)
        }
        while free.isEmpty && !stopping { pthread_cond_wait(changed, mutex) }
        return stopping ? nil : free.removeLast()
    }

    private func publish(_ chunk: ReadAheadChunk) {
        pthread_mutex_lock(mutex)
        ready.append(chunk)
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// Reads the file in chunks, as `LogFile.readLinesByChunks` does on one
    /// thread: each chunk continues with the part line the one before ended in.
    func run() {
        guard var chunk = takeFree() else { return }
        chunk.reset(offset: offset)
        while true {
            if chunk.filled == chunk.bytes.count {
                chunk.overlong = true
                publish(chunk)
                return
            }
            let got = pread(
                fd, chunk.bytes.baseAddress.map { $0 + chunk.filled }, chunk.bytes.count - chunk.filled, off_t(offset))
            if got < 0 {
                if errno == EINTR { continue }
                chunk.readErrno = errno
                publish(chunk)
                return
            }
            if got == 0 {
                chunk.end = true
                publish(chunk)
                return
            }
            offset += Int64(got)
            chunk.filled += got
            let consumed = findLines(chunk)
            if consumed == 0 { continue }
            guard let following = takeFree() else { return }
            following.reset(offset: chunk.fileOffset + Int64(consumed))
            let rest = chunk.filled - consumed
            if rest > 0, let from = chunk.bytes.baseAddress, let to = following.bytes.baseAddress {
                memcpy(to, from + consumed, rest)
            }
            following.filled = rest
            publish(chunk)
            chunk = following
        }
    }

    /// Records the chunk's whole lines and scans each one.
    /// - Returns: the bytes taken by whole lines.
    private func findLines(_ chunk: ReadAheadChunk) -> Int {
        guard let base = chunk.bytes.baseAddress else { return 0 }
        var lineStart = 0
        while lineStart < chunk.filled {
            guard let nl = memchr(base + lineStart, 0x0A, chunk.filled - lineStart) else { break }
            let lineEnd = base.distance(to: nl.assumingMemoryBound(to: UInt8.self))
            let line = UnsafeBufferPointer(start: base + lineStart, count: lineEnd - lineStart)
            chunk.starts.append(lineStart)
            chunk.lengths.append(line.count)
            var fields = LineFields()
            chunk.problems.append(LineCodec.scan(line, into: &fields))
            chunk.fields.append(fields)
            lineStart = lineEnd + 1
        }
        return lineStart
    }
}

extension ReadAheadReader {
    /// Starts the reading thread.
    /// - Returns: a function that stops and joins it, or nil when no thread could be started.
    func start() -> (() -> Void)? {
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
            let started = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    Unmanaged<ReadAheadReader>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, context)
        #elseif canImport(Darwin)
            var thread: pthread_t?
            let started = pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<ReadAheadReader>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, context)
        #endif
        guard started == 0 else {
            Unmanaged<ReadAheadReader>.fromOpaque(context).release()
            return nil
        }
        return { [self] in
            stop()
            #if canImport(Glibc)
                pthread_join(thread, nil)
            #elseif canImport(Darwin)
                if let thread { pthread_join(thread, nil) }
            #endif
        }
    }
}

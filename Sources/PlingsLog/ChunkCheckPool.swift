import PlingsPlatform

/// The worker threads of a check in chunks (see `ChunkCheck`) and the
/// bounded queues between them and the caller's thread. Owns the threads
/// and the chunks.
final class ChunkCheckPool: @unchecked Sendable {
    private let source: ChunkSource
    private let path: String
    private let origin: Int64
    private let options: ChunkCheck
    /// How many chunks the bytes from `start` to the end make.
    let count: Int
    /// The next chunk to hand a worker.
    private var next = 0
    private var free: [ChunkCheck.Chunk] = []
    /// Chunks still to be made (made when first needed).
    private var unmade: Int
    /// Checked chunks, by index.
    private var ready: [Int: ChunkCheck.Chunk] = [:]
    private var stopping = false
    /// Guards everything above; broadcast on every change.
    private let changed = Platform.Condition()

    init(_ source: ChunkSource, path: String, from start: Int64, size: Int64, _ options: ChunkCheck) {
        self.source = source
        self.path = path
        origin = start
        self.options = options
        let bytes = max(0, size - start)
        let step = Int64(options.chunkBytes)
        count = Int((bytes + step - 1) / step)
        unmade = options.chunks
    }

    // MARK: The caller's side

    /// Chunk `index` once a worker has checked it (blocks until then).
    func chunk(_ index: Int) -> ChunkCheck.Chunk {
        changed.withLock {
            while true {
                if let chunk = ready.removeValue(forKey: index) { return chunk }
                changed.wait()
            }
        }
    }

    /// Gives a chunk the caller is done with back to the workers.
    func recycle(_ chunk: ChunkCheck.Chunk) {
        changed.withLock {
            free.append(chunk)
            changed.broadcast()
        }
    }

    /// Starts `options.workers` threads.
    /// - Returns: a function that stops and joins them, or nil when none could be started.
    func start() -> (() -> Void)? {
        let threads = (0..<options.workers).compactMap { _ in Platform.startThread { [self] in work() } }
        if threads.isEmpty { return nil }
        return { [self] in
            changed.withLock {
                stopping = true
                changed.broadcast()
            }
            for thread in threads { thread.join() }
        }
    }

    // MARK: The workers

    /// The next chunk to check, with its index set; nil when there is none or the caller stopped.
    private func take() -> ChunkCheck.Chunk? {
        changed.withLock {
            while !stopping && next < count && free.isEmpty && unmade == 0 { changed.wait() }
            if stopping || next >= count { return nil }
            let chunk: ChunkCheck.Chunk
            if let recycled = free.popLast() {
                chunk = recycled
            } else {
                unmade -= 1
                chunk = ChunkCheck.Chunk(chunkBytes: options.chunkBytes, lineLimit: options.lineLimit)
            }
            chunk.index = next
            next += 1
            return chunk
        }
    }

    private func work() {
        while let chunk = take() {
            let chunkStart = origin + Int64(chunk.index) * Int64(options.chunkBytes)
            chunk.read(source, start: chunkStart, size: options.chunkBytes, first: chunk.index == 0)
            if chunk.hasLines { chunk.check(path: path, source: source) }
            changed.withLock {
                ready[chunk.index] = chunk
                changed.broadcast()
            }
        }
    }
}

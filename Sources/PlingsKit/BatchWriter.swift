import PlingsPlatform

/// The writing thread of a `Store.BatchRun`: takes the decided batches in
/// order, encodes each one's lines chained after the one before, and appends
/// them with one `write` and one `fdatasync`. After a failure it writes
/// nothing more. With no thread (`inline`), each batch is written as it is submitted.
final class BatchWriter: @unchecked Sendable {
    /// Batches that may wait for the writing thread.
    static let ahead = 2

    private let file: LogFile
    /// Guards everything below but `encoder` and `bytes` (the writing side's own); broadcast on every change.
    private let changed = Platform.Condition()
    private var queue: [(events: [Event], tag: Int)] = []
    private var closed = false
    private var busy = false
    private var failed: StoreError?
    private var written: LogCursor
    private var counts: (batches: Int, events: Int, lastTag: Int?) = (0, 0, nil)
    private var encoder = LineEncoder()
    private var bytes: [UInt8] = []
    /// Set before the first batch when no thread could be started.
    var inline = false

    init(file: LogFile, from cursor: LogCursor) {
        self.file = file
        written = cursor
    }

    /// The first failure, if any.
    var failure: StoreError? { changed.withLock { failed } }
    /// Where the log ends after the batches written so far.
    var cursor: LogCursor { changed.withLock { written } }
    /// The batches written so far, their events, and the tag of the last.
    var durable: (batches: Int, events: Int, lastTag: Int?) { changed.withLock { counts } }

    // MARK: The caller's side

    /// Queues a batch (waiting while `ahead` batches wait already).
    func submit(_ events: [Event], tag: Int) {
        if inline {
            write(events, tag: tag)
            return
        }
        changed.withLock {
            while queue.count >= Self.ahead && failed == nil { changed.wait() }
            queue.append((events, tag))
            changed.broadcast()
        }
    }

    /// Waits until every queued batch is written (or one failed).
    func drain() {
        changed.withLock {
            while (!queue.isEmpty || busy) && failed == nil { changed.wait() }
        }
    }

    /// No more batches: the writing thread ends once the queue is written.
    func close() {
        changed.withLock {
            closed = true
            changed.broadcast()
        }
    }

    // MARK: The writing thread

    func run() {
        while let (events, tag) = take() { write(events, tag: tag) }
    }

    private func take() -> ([Event], Int)? {
        changed.withLock {
            while queue.isEmpty && !closed && failed == nil { changed.wait() }
            guard failed == nil, !queue.isEmpty else { return nil }
            busy = true
            let next = queue.removeFirst()
            changed.broadcast()
            return (next.events, next.tag)
        }
    }

    private func write(_ events: [Event], tag: Int) {
        let start = cursor
        bytes.removeAll(keepingCapacity: true)
        var after = start
        var failure: StoreError?
        do throws(LogError) {
            after = try Store.encodeLines(events, after: start, into: &bytes, &encoder)
            try file.append(bytes)
        } catch {
            failure = .log(error)
        }
        changed.withLock {
            busy = false
            if let failure {
                failed = failure
                queue.removeAll()
            } else {
                written = after
                counts = (counts.batches + 1, counts.events + events.count, tag)
            }
            changed.broadcast()
        }
    }
}

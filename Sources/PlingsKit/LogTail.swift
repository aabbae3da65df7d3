/// Reads the lines appended to a log since the last look: the blocking core
/// of ``EventStream`` and of `plings log --follow`.
///
/// Each ``poll(_:)`` checks the file's size and, when it grew, reads the new
/// complete lines under the log's shared lock (an append in progress is
/// never seen half-written), checking seq, `prev` chain and time order like
/// any read (a batch is handed out only once it is on disk whole). With a starting state, it also keeps the state after each event.
package struct LogTail {
    /// The log file's path.
    package let path: String
    /// Where reading has come to.
    package private(set) var cursor: LogCursor
    /// The state after the last event read, when the tail was started with one.
    package private(set) var state: WorldState?
    private var file: LogFile?

    /// A tail that hands out the lines after `start`. Pass `state` (the state at
    /// `start`, e.g. an empty `WorldState()` for the whole log) to have it kept up to date.
    /// From the log's start (`LogCursor()`) on a shallow device, it starts from the base:
    /// the mirror's first line follows the base's, and a kept state starts as the base's world.
    package init(path: String, after start: LogCursor = LogCursor(), state: WorldState? = nil) {
        self.path = path
        cursor = start
        self.state = state
    }

    /// Reads the complete lines appended since the last poll, handing each
    /// event, its stored bytes (without `\n`) and the state after it (when
    /// kept) to `body`. A missing file is an empty log.
    /// - Returns: how many lines were read.
    /// - Throws: `StoreError.log` when a line is damaged or the file is shorter than what was read.
    @discardableResult
    package mutating func poll(
        _ body: (Event, UnsafeBufferPointer<UInt8>, WorldState?) -> Void = { _, _, _ in }
    ) throws(StoreError) -> Int {
        do throws(LogError) {
            if file == nil {
                file = try LogFile.open(path, create: false)
                if file != nil, cursor == LogCursor(), LogBase.exists(forLog: path) {
                    if state != nil, let base = try LogBase.load(forLog: path) {
                        (cursor, state) = (base.cursor, base.state)
                    } else {
                        cursor = try LogBase.startCursor(forLog: path)
                    }
                }
            }
            guard let file else { return 0 }
            let size = try file.size()
            if size < cursor.offset { throw .shrunk(path: path, size: size, read: cursor.offset) }
            guard size > cursor.offset else { return 0 }
            var checker = ChainChecker(path: path, cursor: cursor)
            var state = self.state
            var count = 0
            try file.withLock(exclusive: false) { () throws(LogError) in
                try file.readLines(from: cursor.offset) { (line, offset) throws(LogError) in
                    let whole = { (start: Int64, n: Int) throws(LogError) -> Bool in
                        try file.hasLines(from: start, count: n)
                    }
                    // Nil for a line of a batch not yet on disk whole: read again next time.
                    guard let event = try checker.check(line, at: offset, batchComplete: whole)?.event else { return }
                    _ = state?.apply(event)
                    body(event, line, state)
                    count += 1
                }
            }
            cursor = checker.cursor
            self.state = state
            return count
        } catch {
            throw .log(error)
        }
    }
}

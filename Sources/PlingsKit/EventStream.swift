/// The events of a log as an `AsyncSequence`: first those already in it
/// after the starting point, then each new one as any process appends it,
/// until the task is cancelled.
///
/// New lines are found by polling the file's size every `interval` (a
/// `stat` call; no read while nothing changed). Lines are read under the
/// log's shared lock, so an append in progress is never seen half-written,
/// and every line is checked like any read (seq, `prev` chain, time order).
///
/// ```swift
/// for try await event in EventStream(path: "plings.jsonl", after: store.cursor) {
///     print(event.seq, event.payload)
/// }
/// ```
public struct EventStream: AsyncSequence, Sendable {
    public typealias Element = Event

    /// The log file's path.
    public let path: String
    /// Events up to and including this cursor are not yielded.
    public let start: LogCursor
    /// How long to wait between looks at the file while nothing is new.
    public let interval: Duration

    /// A stream of the events after `start` (all of them by default).
    public init(path: String, after start: LogCursor = LogCursor(), every interval: Duration = .milliseconds(100)) {
        self.path = path
        self.start = start
        self.interval = interval
    }

    /// Starts reading.
    public func makeAsyncIterator() -> Iterator { Iterator(self) }

    /// Reads the log from the stream's start on, waiting for new lines at the end.
    public struct Iterator: AsyncIteratorProtocol {
        private let stream: EventStream
        private var cursor: LogCursor
        private var file: LogFile?
        private var ready: [Event] = []
        private var position = 0

        init(_ stream: EventStream) {
            self.stream = stream
            cursor = stream.start
        }

        /// The next event; waits while there is none. Nil once the task is cancelled.
        /// - Throws: `StoreError.log` when the log is damaged, unreadable, or cut shorter than what was read.
        public mutating func next() async throws -> Event? {
            while true {
                if position < ready.count {
                    position += 1
                    return ready[position - 1]
                }
                if Task.isCancelled { return nil }
                try poll()
                if ready.isEmpty {
                    do { try await Task.sleep(for: stream.interval) } catch { return nil }
                }
            }
        }

        /// Reads the complete lines after the cursor, if the file grew.
        private mutating func poll() throws(StoreError) {
            ready.removeAll(keepingCapacity: true)
            position = 0
            do throws(LogError) {
                if file == nil { file = try LogFile.open(stream.path, create: false) }
                guard let file else { return }
                let size = try file.size()
                if size < cursor.offset { throw .shrunk(path: stream.path, size: size, read: cursor.offset) }
                guard size > cursor.offset else { return }
                var events: [Event] = []
                let from = cursor
                let result = try file.withLock(exclusive: false) { () throws(LogError) in
                    try file.read(from: from) { line, _ in events.append(line.event) }
                }
                cursor = result.cursor
                ready = events
            } catch {
                throw .log(error)
            }
        }
    }
}

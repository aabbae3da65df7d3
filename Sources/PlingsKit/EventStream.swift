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
        private let interval: Duration
        private var tail: LogTail
        private var ready: [Event] = []
        private var position = 0

        init(_ stream: EventStream) {
            interval = stream.interval
            tail = LogTail(path: stream.path, after: stream.start)
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
                ready.removeAll(keepingCapacity: true)
                position = 0
                var events: [Event] = []
                try tail.poll { event, _, _ in events.append(event) }
                ready = events
                if ready.isEmpty {
                    do { try await Task.sleep(for: interval) } catch { return nil }
                }
            }
        }
    }
}

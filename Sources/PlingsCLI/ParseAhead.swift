import PlingsKit
import PlingsPlatform
import PlingsText

/// `plings apply`'s input read and parsed on a second thread, while the
/// caller's thread decides and appends: the reading thread runs the one
/// `LineReader` and the one `CommandJSON.parse` over the input and hands the
/// parsed lines over in order, in blocks, at most a few blocks ahead. The
/// caller sees exactly the lines, numbers and end that reading on its own
/// thread gives (the end comes after every line before it); when it stops
/// early, the reading thread stops at its next block.
final class ParseAhead: @unchecked Sendable {
    /// One parsed line: its number and what it says.
    typealias Parsed = (number: Int, line: Result<CommandJSON.Line, CommandJSON.Reason>)

    /// Lines a block holds, and blocks that may wait for the caller.
    static let blockLines = 2048
    static let blocksAhead = 4

    private let reader: LineReader
    private let text: Catalog
    private var ready: [[Parsed]] = []
    private var end: LineReader.End?
    private var stopping = false
    /// Guards `ready`, `end` and `stopping`; broadcast on every change.
    private let changed = Platform.Condition()

    init(reader: LineReader, text: Catalog) {
        self.reader = reader
        self.text = text
    }

    /// Calls `body` with each non-blank line's number and parse, in order, until it returns false.
    /// For a regular file only: its reads never wait for input, so the reading thread is always
    /// soon done when the caller stops. Falls back to reading on this thread when no thread can be started.
    static func forEachLine(
        _ reader: LineReader, _ text: Catalog,
        _ body: (Int, Result<CommandJSON.Line, CommandJSON.Reason>) throws -> Bool
    ) throws -> LineReader.End {
        let ahead = ParseAhead(reader: reader, text: text)
        guard let thread = Platform.startThread({ [ahead] in ahead.run() }) else {
            return try reader.forEachLine { number, bytes in
                try body(number, CommandJSON.parse(bytes, text))
            }
        }
        defer {
            ahead.stop()
            thread.join()
        }
        while true {
            let (block, end) = ahead.next()
            for parsed in block {
                if !(try body(parsed.number, parsed.line)) { return .stopped }
            }
            if let end { return end }
        }
    }

    // MARK: The caller's side

    /// The next block, and the end of the input when nothing follows it.
    private func next() -> ([Parsed], LineReader.End?) {
        changed.withLock {
            while ready.isEmpty && end == nil { changed.wait() }
            let block = ready.isEmpty ? [] : ready.removeFirst()
            changed.broadcast()
            return (block, ready.isEmpty ? end : nil)
        }
    }

    private func stop() {
        changed.withLock {
            stopping = true
            changed.broadcast()
        }
    }

    // MARK: The reading thread

    private func run() {
        var block: [Parsed] = []
        block.reserveCapacity(Self.blockLines)
        let end = reader.forEachLine { number, bytes in
            block.append((number, CommandJSON.parse(bytes, text)))
            if block.count < Self.blockLines { return true }
            defer { block.removeAll(keepingCapacity: true) }
            return publish(block)
        }
        changed.withLock {
            if !block.isEmpty { ready.append(block) }
            self.end = end
            changed.broadcast()
        }
    }

    /// Hands a block over, waiting while enough are ahead; false once the caller stopped.
    private func publish(_ block: [Parsed]) -> Bool {
        changed.withLock {
            while ready.count >= Self.blocksAhead && !stopping { changed.wait() }
            if stopping { return false }
            ready.append(block)
            changed.broadcast()
            return true
        }
    }
}

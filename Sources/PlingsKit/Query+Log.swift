import PlingsText
import PlingsViews

/// The log itself: its lines byte for byte, or its events with the world after each.
extension Query {
    /// The stored lines `filter` wants up to `to` (the head when nil), byte
    /// for byte (without the newline), each with its event, oldest first;
    /// every line is checked as it is read (its own hash, the chain, whole
    /// batches) and a line of a batch not on disk whole is never handed out.
    /// With an object, the lines are read where the object timeline places
    /// them (each checked by its own hash; the log's identity vouches for the
    /// rest) when the cache answers; the same lines either way.
    /// Returns how many lines matched.
    /// - Throws: `StoreError.log` at the first damaged line, after the lines before it were handed out.
    public func lines(
        _ filter: LogFilter, to: ReplayLimit? = nil, _ body: (UnsafeBufferPointer<UInt8>, Event) -> Void
    ) throws(StoreError) -> Int {
        if useCache, let object = filter.object,
            let items = ObjectLog(path: path, filter: filter, id: object, to: to, language: nil).read()
        {
            for item in items { item.line.withUnsafeBufferPointer { body($0, item.event) } }
            return items.count
        }
        do {
            guard let file = try LogFile.open(path, create: false) else { return 0 }
            try file.lock(exclusive: false)
            defer { file.unlock() }
            var checker = ChainChecker(path: path, cursor: try LogBase.startCursor(forLog: path))
            var stop = false
            var matched = 0
            try file.readLines(from: 0) { (line, offset) throws(LogError) in
                if stop { return }
                let checked = try checker.check(
                    line, at: offset,
                    batchComplete: { (start, n) throws(LogError) in try file.hasLines(from: start, count: n) })
                guard let decoded = checked else { return }  // a batch not on disk whole is never shown
                if let to, !to.allows(decoded.event) {
                    stop = true
                    return
                }
                guard filter.wants(decoded.event) else { return }
                matched += 1
                body(line, decoded.event)
            }
            if !stop { _ = try file.tornTail(after: checker) }
            return matched
        } catch {
            throw .log(error)
        }
    }

    /// The events `filter` wants up to `to` (the head when nil) as entries
    /// for a person in `language`, oldest first. Returns how many matched.
    ///
    /// With an object, they are read from the object timeline (its events'
    /// lines where the timeline places them) when the cache answers; else the
    /// log is replayed. The same entries either way.
    /// - Throws: `StoreError.log` at the first damaged line, after the entries before it were handed out.
    public func entries(
        _ filter: LogFilter, to: ReplayLimit? = nil, language: Language, _ body: @escaping (LogEntry) -> Void
    ) throws(StoreError) -> Int {
        if useCache, let object = filter.object,
            let items = ObjectLog(path: path, filter: filter, id: object, to: to, language: language).read()
        {
            for item in items { if let entry = item.entry { body(entry) } }
            return items.count
        }
        let catalog = Catalog(language)
        var matched = 0
        _ = try Timeline(path: path).events(until: to) { event, _, state in
            guard filter.wants(event) else { return }
            matched += 1
            body(
                LogEntry(
                    event: event, skipped: state.skipped.last?.seq == event.seq,
                    sentence: EventSentence.of(event, state: state, catalog)))
        }
        return matched
    }

    /// The seq of the log's last whole line, read from the file's last bytes
    /// (one line decoded, not the chain checked: for the width of a column,
    /// before the lines themselves are read and checked); nil when it cannot
    /// be read (no log, a torn tail as long as a line, a line that does not decode).
    /// - Complexity: one read of at most twice the longest line at the end of the file.
    public func lastLineSeq() -> Int64? {
        guard let file = try? LogFile.open(path, create: false), let size = try? file.size(), size > 0 else {
            return nil
        }
        let start = max(0, size - Int64(2 * LineFormat.maxLineBytes + 1))
        guard let bytes = try? file.bytes(at: start, length: Int(size - start)),
            let end = LineSplit.lastEnd(in: bytes)
        else { return nil }
        // The line before the last newline begins after the newline before it, or at the start of the file.
        let lineStart: Int
        if let newline = LineSplit.lastEnd(in: bytes[..<end]) {
            lineStart = newline + 1
        } else if start == 0 {
            lineStart = 0
        } else {
            return nil
        }
        let decoded = bytes[lineStart..<end].withUnsafeBufferPointer { LineDecoder.decode($0) }
        return try? decoded.get().event.seq
    }
}

import PlingsPlatform

extension ChunkCheck {
    /// One chunk of a check in chunks: the bytes read for the lines that
    /// start in its range, and what a worker found in them.
    final class Chunk {
        /// The bytes read (`capacity` of them); `base[0]` is at `fileOffset`.
        private let base: UnsafeMutablePointer<UInt8>
        private let capacity: Int
        private(set) var fileOffset: Int64 = 0
        private(set) var filled = 0
        /// The chunk's lines start in `ownStart..<ownEnd` (indices into the bytes).
        private(set) var ownStart = 0
        private(set) var ownEnd = 0
        /// The file ends at `base[filled]`.
        private(set) var atEnd = false
        /// A read failed: this errno (the lines found before it stand).
        private(set) var readErrno: Int32 = 0
        let lineLimit: Int
        /// The chunk's place in file order.
        var index = 0

        /// The worker's findings: the first line (its bytes, offset and
        /// members) when it passed the scan, and when every line passed the
        /// scan and the worker's chain check, the result to join.
        private(set) var first: (line: UnsafeBufferPointer<UInt8>, offset: Int64, fields: LineFields)?
        private(set) var result: ChainChecker.ChunkResult?
        /// Whether the chunk has any line (a long line may cover all of it).
        private(set) var hasLines = false

        init(chunkBytes: Int, lineLimit: Int) {
            self.lineLimit = lineLimit
            // One byte before the range (to see whether a line starts at it), the
            // range, and the longest line the sequential reader hands out after it.
            capacity = 1 + chunkBytes + lineLimit
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }

        /// The chunk's lines one by one (see `Lines`).
        func lines() -> Lines {
            Lines(
                base: base, start: ownStart, ownEnd: ownEnd, filled: filled, lineLimit: lineLimit,
                fileOffset: fileOffset)
        }

        /// The lines that start in the chunk's range, in order, each without its
        /// `\n` and with its offset in the file: what `LogFile.readLines` hands
        /// out for them, a line with no `\n` in `lineLimit` bytes included (as
        /// that many bytes, which the scan refuses as too long).
        struct Lines {
            let base: UnsafePointer<UInt8>
            var start: Int
            let ownEnd: Int
            let filled: Int
            let lineLimit: Int
            let fileOffset: Int64

            /// The next line and its offset in the file; nil after the last.
            @inline(__always)
            mutating func next() -> (UnsafeBufferPointer<UInt8>, Int64)? {
                guard start < ownEnd else { return nil }
                let window = UnsafeRawBufferPointer(start: base + start, count: min(filled - start, lineLimit))
                let length: Int
                if let newline = LineSplit.firstEnd(in: window) {
                    length = newline
                } else if window.count == lineLimit {
                    length = lineLimit  // no line end in the reader's whole buffer
                } else {
                    start = ownEnd  // the file's last bytes after its last line end (or a read failed)
                    return nil
                }
                let line = (UnsafeBufferPointer(start: base + start, count: length), fileOffset + Int64(start))
                start = length == lineLimit ? ownEnd : start + length + 1
                return line
            }
        }
    }
}

extension ChunkCheck.Chunk {
    /// Reads the chunk that owns the lines starting in `start..<start + size`
    /// (`first` when `start` is where the check begins, a line start).
    func read(_ source: ChunkSource, start: Int64, size: Int, first: Bool) {
        (filled, atEnd, readErrno, hasLines, self.first, result) = (0, false, 0, false, nil, nil)
        fileOffset = first ? start : start - 1
        (ownStart, ownEnd) = (0, Int(start - fileOffset) + size)
        defer { if !hasLines { ownStart = ownEnd } }
        guard fill(source, upTo: ownEnd) else { return }
        // A line starts at the range's first byte, or after the first line end in it.
        if !first {
            guard let newline = LineSplit.firstEnd(at: base, count: min(filled, ownEnd)) else { return }
            ownStart = newline + 1
        }
        hasLines = ownStart < min(filled, ownEnd)
        guard hasLines else { return }
        // Read on to the end of the last line that starts in the range (or as far as the reader would).
        // A few KB at first (lines are some 300 bytes), more while none ends: a read past the
        // range copies bytes the next chunk's worker copies too.
        var (searched, step) = (ownEnd - 1, 4096)
        while !atEnd && filled < capacity {
            if LineSplit.firstEnd(at: base + searched, count: filled - searched) != nil { return }
            searched = filled
            guard fill(source, upTo: min(capacity, filled + step)) else { return }
            step *= 4
        }
    }

    /// Reads until the first `limit` bytes are filled or the file ends.
    /// - Returns: false when a read failed.
    private func fill(_ source: ChunkSource, upTo limit: Int) -> Bool {
        while filled < limit {
            let got: Int
            do throws(SystemErrno) {
                let space = UnsafeMutableRawBufferPointer(start: base + filled, count: limit - filled)
                got = try source.read(into: space, at: fileOffset + Int64(filled))
            } catch {
                readErrno = error.code
                return false
            }
            if got == 0 {
                atEnd = true
                return true
            }
            filled += got
        }
        return true
    }
}

extension ChunkCheck.Chunk {
    /// The worker's part: scans the chunk's lines (two at a time, their
    /// hashes computed together) and checks them against each other with a
    /// checker that starts at the first line (`ChainChecker.chunkStart`).
    /// Stops at the first line that does not pass: the caller's thread then
    /// checks the chunk line by line.
    func check(path: String, source: ChunkSource) {
        // Captured unretained (trivial values): a closure that retains what it captures costs a
        // retain and a release on every line, and the question is asked only of batch openers.
        let chunk = Unmanaged.passUnretained(self)
        func batchComplete(_ offset: Int64, _ n: Int) throws(LogError) -> Bool {
            try chunk.takeUnretainedValue().completeLines(from: offset, n, source)
        }
        var walk = Walk(path: path)
        var lines = self.lines()
        var (a, b) = (LineFields(), LineFields())
        var passed = true
        while passed, let (lineA, offsetA) = lines.next() {
            a = LineFields()
            guard let (lineB, offsetB) = lines.next() else {
                passed = LineCodec.scan(lineA, into: &a) == nil && walk.take(lineA, offsetA, &a, batchComplete)
                break
            }
            b = LineFields()
            let (problemA, problemB) = LineCodec.scan(lineA, into: &a, lineB, into: &b)
            passed =
                problemA == nil && walk.take(lineA, offsetA, &a, batchComplete) && problemB == nil
                && walk.take(lineB, offsetB, &b, batchComplete)
        }
        first = walk.first
        guard passed, readErrno == 0, walk.lines > 0 else { return }
        result = .init(
            lines: walk.lines, afterFirst: walk.afterFirst, end: walk.checker.position, firstOpener: walk.firstOpener)
    }

    /// The worker's checker and what it noted on the way.
    private struct Walk {
        var checker: ChainChecker
        var lines = 0
        var first: (line: UnsafeBufferPointer<UInt8>, offset: Int64, fields: LineFields)?
        var afterFirst: ChainChecker.Position
        var firstOpener: Int?

        init(path: String) {
            checker = ChainChecker(path: path)
            afterFirst = checker.position
        }

        /// Admits a line that passed the scan; false when the chain check refused it.
        @inline(__always)
        mutating func take(
            _ line: UnsafeBufferPointer<UInt8>, _ offset: Int64, _ f: inout LineFields,
            _ batchComplete: (Int64, Int) throws(LogError) -> Bool
        ) -> Bool {
            if lines == 0 {
                checker = .chunkStart(path: checker.path, offset: offset, first: f)
                first = (line, offset, f)
            }
            do throws(LogError) {
                _ = try withUnsafePointer(to: &f) { (p) throws(LogError) in
                    try checker.admit(line, at: offset, passed: p, batchComplete: batchComplete)
                }
            } catch {
                return false
            }
            lines += 1
            if lines == 1 { afterFirst = checker.position }
            if lines > 1 && firstOpener == nil && f.batch != nil { firstOpener = lines }
            return true
        }
    }

    /// Whether `n` whole lines start at `offset`: counted in the chunk's bytes, then in the file after them.
    fileprivate func completeLines(from offset: Int64, _ n: Int, _ source: ChunkSource) throws(LogError) -> Bool {
        let i = Int(offset - fileOffset)
        let found = LineSplit.countLines(in: .init(start: base + i, count: max(0, filled - i)), upTo: n).lines
        if found == n { return true }
        return atEnd ? false : try source.hasLines(from: fileOffset + Int64(filled), count: n - found)
    }
}

import PlingsPlatform

/// One chunk of a check in chunks (see `ChunkCheck`): the bytes read for
/// the lines that start in its range, and what a worker found in them.
final class CheckChunk {
    /// The bytes read; `bytes[0]` is at `fileOffset`.
    let bytes: UnsafeMutableRawBufferPointer
    private(set) var fileOffset: Int64 = 0
    private(set) var filled = 0
    /// The chunk's lines start in `ownStart..<ownEnd` (indices into `bytes`).
    private(set) var ownStart = 0
    private(set) var ownEnd = 0
    /// The file ends at `bytes[filled]`.
    private(set) var atEnd = false
    /// A read failed: this errno (the lines found before it stand).
    private(set) var readErrno: Int32 = 0
    let lineLimit: Int
    /// The chunk's place in file order.
    var index = 0

    /// The worker's findings: the first line (its start in `bytes`, length
    /// and members) when it passed the scan, and when every line passed
    /// the scan and the worker's chain check, the result to join.
    private(set) var first: (start: Int, length: Int, fields: LineFields)?
    private(set) var result: ChainChecker.ChunkResult?
    /// Whether the chunk has any line (a long line may cover all of it).
    private(set) var hasLines = false

    init(chunkBytes: Int, lineLimit: Int) {
        self.lineLimit = lineLimit
        // One byte before the range (to see whether a line starts at it), the
        // range, and the longest line the sequential reader hands out after it.
        bytes = .allocate(byteCount: 1 + chunkBytes + lineLimit, alignment: 64)
    }

    deinit { bytes.deallocate() }

    /// The file offset of `bytes[i]`.
    func fileOffsetOf(_ i: Int) -> Int64 { fileOffset + Int64(i) }

    /// The lines that start in the chunk's range, in order, each without its
    /// `\n` and with its offset in the file: what `LogFile.readLines` hands
    /// out for them, a line with no `\n` in `lineLimit` bytes included (as
    /// that many bytes). `body` returns false to stop.
    func forEachLine<E: Error>(_ body: (UnsafeBufferPointer<UInt8>, Int64) throws(E) -> Bool) throws(E) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var start = ownStart
        while start < ownEnd {
            let window = UnsafeRawBufferPointer(start: base + start, count: min(filled - start, lineLimit))
            let length: Int
            if let newline = Platform.firstIndex(of: 0x0A, in: window) {
                length = newline
            } else if window.count == lineLimit {
                length = lineLimit  // no line end in the reader's whole buffer
            } else {
                return  // the file's last bytes after its last line end (or a read failed)
            }
            guard try body(UnsafeBufferPointer(start: base + start, count: length), fileOffset + Int64(start))
            else { return }
            if length == lineLimit { return }
            start += length + 1
        }
    }
}

extension CheckChunk {
    /// Reads the chunk that owns the lines starting in `start..<start + size`
    /// (`first` when `start` is where the check begins, a line start).
    func read(_ fd: FileDescriptor, start: Int64, size: Int, first: Bool) {
        (filled, atEnd, readErrno, hasLines, self.first, result) = (0, false, 0, false, nil, nil)
        fileOffset = first ? start : start - 1
        (ownStart, ownEnd) = (0, Int(start - fileOffset) + size)
        defer { if !hasLines { ownStart = ownEnd } }
        guard fill(fd, upTo: ownEnd) else { return }
        // A line starts at the range's first byte, or after the first line end in it.
        if first {
            ownStart = 0
        } else {
            let range = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[0..<min(filled, ownEnd)])
            guard let newline = Platform.firstIndex(of: 0x0A, in: range) else { return }
            ownStart = newline + 1
        }
        hasLines = ownStart < min(filled, ownEnd)
        guard hasLines else { return }
        // Read on to the end of the last line that starts in the range (or as far as the reader would).
        var searched = ownEnd - 1
        while !atEnd && filled < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[searched..<filled])
            if Platform.firstIndex(of: 0x0A, in: rest) != nil { return }
            searched = filled
            guard fill(fd, upTo: min(bytes.count, filled + 64 << 10)) else { return }
        }
    }

    /// Reads until `bytes[..<limit]` are filled or the file ends.
    /// - Returns: false when a read failed.
    private func fill(_ fd: FileDescriptor, upTo limit: Int) -> Bool {
        while filled < limit {
            let got: Int
            do throws(SystemErrno) {
                let space = UnsafeMutableRawBufferPointer(rebasing: bytes[filled..<limit])
                got = try fd.pread(into: space, at: fileOffset + Int64(filled))
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

extension CheckChunk {
    /// The worker's part: scans the chunk's lines (two at a time, their
    /// hashes computed together) and checks them against each other with a
    /// checker that starts at the first line (`ChainChecker.chunkStart`).
    /// Stops at the first line that does not pass: the caller's thread then
    /// checks the chunk line by line. `hasLines(offset, n)` says whether `n`
    /// whole lines start at `offset` in the file.
    func check(path: String, hasLines: (Int64, Int) throws(LogError) -> Bool) {
        var checker = ChainChecker(path: path)
        var (lines, firstOpener) = (0, Int?.none)
        var afterFirst = checker.position
        func batchComplete(_ offset: Int64, _ n: Int) throws(LogError) -> Bool {
            try completeLines(from: offset, n, hasLines)
        }
        // Admits a line that passed the scan; false when the chain check refused it.
        func take(_ line: UnsafeBufferPointer<UInt8>, _ offset: Int64, _ f: inout LineFields) -> Bool {
            if lines == 0 {
                checker = .chunkStart(path: path, offset: offset, first: f)
                first = (Int(offset - fileOffset), line.count, f)
            }
            do {
                _ = try withUnsafePointer(to: f) { (p) throws(LogError) in
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
        var waiting: (UnsafeBufferPointer<UInt8>, Int64)?
        var (a, b) = (LineFields(), LineFields())
        var passed = true
        forEachLine { line, offset in
            guard let (previous, previousOffset) = waiting else {
                waiting = (line, offset)
                return true
            }
            waiting = nil
            (a, b) = (LineFields(), LineFields())
            let (problemA, problemB) = LineCodec.scan(previous, into: &a, line, into: &b)
            passed = problemA == nil && take(previous, previousOffset, &a) && problemB == nil && take(line, offset, &b)
            return passed
        }
        if passed, let (line, offset) = waiting {
            a = LineFields()
            passed = LineCodec.scan(line, into: &a) == nil && take(line, offset, &a)
        }
        guard passed, readErrno == 0, lines > 0 else { return }
        result = .init(lines: lines, afterFirst: afterFirst, end: checker.position, firstOpener: firstOpener)
    }

    /// Whether `n` whole lines start at `offset`: counted in the chunk's bytes, then in the file after them.
    private func completeLines(
        from offset: Int64, _ n: Int, _ hasLines: (Int64, Int) throws(LogError) -> Bool
    ) throws(LogError) -> Bool {
        var found = 0
        var i = Int(offset - fileOffset)
        let all = UnsafeRawBufferPointer(bytes)
        while found < n, i < filled, let newline = Platform.firstIndex(of: 0x0A, in: .init(rebasing: all[i..<filled])) {
            found += 1
            i += newline + 1
        }
        if found == n { return true }
        return atEnd ? false : try hasLines(fileOffset + Int64(filled), n - found)
    }
}

/// A chunk of the log read ahead: its bytes, its whole lines, and each
/// line's verdict from `LineCodec.scan`, made in segments by whichever
/// thread takes them (see `ReadAhead`).
final class ReadAheadChunk {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    /// The file offset of `bytes[0]`.
    var fileOffset: Int64 = 0
    var filled = 0
    /// Each whole line: where it starts in `bytes` and how long it is (without `\n`).
    var starts: [Int] = []
    var lengths: [Int] = []
    /// Lines in a segment of the scanning.
    let segmentLines: Int
    /// Each line's members, scanned in place (meaningful for the lines that did not fail).
    private(set) var fields: UnsafeMutablePointer<LineFields>
    /// Whether each line failed the scan (one byte a line: the folding
    /// thread looks at every line's several times, the problems themselves
    /// are rare).
    private(set) var failed: UnsafeMutablePointer<Bool>
    /// Each segment's problems: the lines of it that failed, in line order,
    /// with what is wrong with them. Each segment's entry is written only by
    /// the thread that scans the segment.
    private(set) var problems: UnsafeMutablePointer<[(line: Int, problem: LineProblem)]>
    private var capacity: Int
    private var segmentCapacity: Int
    /// Segments taken by a thread (in order: every take is of the lowest
    /// free segment, so the free ones are those from here on). Guarded by
    /// the reader's lock, as `done` and `doneFront` are.
    var nextFree = 0
    /// Whether each segment is scanned.
    var done: [Bool] = []
    /// Every segment before this one is scanned.
    var doneFront = 0
    /// The whole chunk holds no line end: hand it out as one line and stop.
    var overlong = false
    /// A read failed here (after the lines above): this errno.
    var readErrno: Int32 = 0
    /// The file ended (after the lines above).
    var end = false

    init(size: Int, segmentLines: Int) {
        bytes = .allocate(capacity: size)
        self.segmentLines = segmentLines
        // Lines are about 300 bytes; room for more is made when a chunk holds more.
        capacity = max(16, size / 256)
        fields = Self.allocateFields(capacity)
        fields.initialize(repeating: LineFields(), count: capacity)
        failed = .allocate(capacity: capacity)
        failed.initialize(repeating: false, count: capacity)
        segmentCapacity = capacity / segmentLines + 1
        problems = .allocate(capacity: segmentCapacity)
        problems.initialize(repeating: [], count: segmentCapacity)
    }

    deinit {
        bytes.deallocate()
        fields.deinitialize(count: capacity)
        UnsafeMutableRawPointer(fields).deallocate()
        failed.deallocate()
        problems.deinitialize(count: segmentCapacity)
        problems.deallocate()
    }

    /// Room for `count` lines' members starting on a cache line, so that each
    /// line's take whole lines (`LineFields` is three) and the folding thread
    /// fetches no line it needs only a part of.
    private static func allocateFields(_ count: Int) -> UnsafeMutablePointer<LineFields> {
        UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<LineFields>.stride, alignment: 64)
            .bindMemory(to: LineFields.self, capacity: count)
    }

    /// Makes room for the verdicts of the lines found, and marks every
    /// segment free: called by the reading thread before the chunk is handed out.
    func prepareSegments() {
        let count = starts.count
        while count > capacity { grow() }
        let segments = (count + segmentLines - 1) / segmentLines
        if segments > segmentCapacity {
            problems.deinitialize(count: segmentCapacity)
            problems.deallocate()
            segmentCapacity = segments
            problems = .allocate(capacity: segmentCapacity)
            problems.initialize(repeating: [], count: segmentCapacity)
        }
        for s in 0..<segments { problems[s].removeAll(keepingCapacity: true) }
        done = [Bool](repeating: false, count: segments)
        (nextFree, doneFront) = (0, 0)
    }

    private func grow() {
        let larger = Self.allocateFields(2 * capacity)
        larger.moveInitialize(from: fields, count: capacity)
        (larger + capacity).initialize(repeating: LineFields(), count: capacity)
        UnsafeMutableRawPointer(fields).deallocate()
        fields = larger
        failed.deallocate()
        failed = .allocate(capacity: 2 * capacity)
        failed.initialize(repeating: false, count: 2 * capacity)
        capacity *= 2
    }

    /// What is wrong with line `k`, which failed the scan.
    func problem(at k: Int) -> LineProblem? {
        problems[k / segmentLines].first { $0.line == k }?.problem
    }

    /// The lowest free segment, now taken, or nil when every one is taken
    /// (the caller holds the reader's lock).
    func takeSegment() -> Int? {
        guard nextFree < done.count else { return nil }
        nextFree += 1
        return nextFree - 1
    }

    /// How many leading lines are scanned (the caller holds the reader's lock).
    func scannedLines() -> Int {
        while doneFront < done.count && done[doneFront] { doneFront += 1 }
        return min(doneFront * segmentLines, starts.count)
    }

    /// Scans segment `s`'s lines, two at a time (their hashes computed
    /// together), an odd last one alone. Either thread may call it, once for
    /// each segment it took: it writes only that segment's verdicts.
    func scan(segment s: Int) {
        guard let base = bytes.baseAddress else { return }
        let lo = s * segmentLines
        let (fields, failed, problems) = (self.fields, self.failed, self.problems + s)
        starts.withUnsafeBufferPointer { starts in
            lengths.withUnsafeBufferPointer { lengths in
                let hi = min(lo + segmentLines, starts.count)
                @inline(__always) func line(_ k: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(start: base + starts[k], count: lengths[k])
                }
                @inline(__always) func record(_ k: Int, _ problem: LineProblem?) {
                    failed[k] = problem != nil
                    if let problem { problems.pointee.append((k, problem)) }
                }
                var k = lo
                while k + 1 < hi {
                    fields[k] = LineFields()
                    fields[k + 1] = LineFields()
                    let (a, b) = LineCodec.scan(line(k), into: &fields[k], line(k + 1), into: &fields[k + 1])
                    record(k, a)
                    record(k + 1, b)
                    k += 2
                }
                if k < hi {
                    fields[k] = LineFields()
                    record(k, LineCodec.scan(line(k), into: &fields[k]))
                }
            }
        }
    }

    func reset(offset: Int64) {
        fileOffset = offset
        filled = 0
        starts.removeAll(keepingCapacity: true)
        lengths.removeAll(keepingCapacity: true)
        done.removeAll(keepingCapacity: true)
        (nextFree, doneFront) = (0, 0)
        overlong = false
        readErrno = 0
        end = false
    }
}

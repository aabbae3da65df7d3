/// One entry of a snapshot's section table: how a section stores its array,
/// how many elements the array has, how many bytes the section takes in the
/// file and their checksum. The table sits in the header, which has its own
/// checksum, so every byte of a snapshot file is covered by one checksum.
struct SnapshotSection: Equatable, Sendable {
    /// How the elements are stored.
    enum Encoding: UInt64, Sendable {
        /// Every element, in native little-endian layout: read straight into the array.
        case full = 0
        /// Every element is the same: one 8-byte value.
        case fill = 1
        /// Mostly one value: that value (8 bytes), the number of exceptions
        /// (8 bytes), their indices (4 bytes each), then their values.
        case sparse = 2
        /// 8-byte elements that all fit in 32 bits, stored as 4 bytes each.
        case narrow = 3
        /// Elements that never fall and rise by at most 255 from one to the
        /// next (where the names and ids start): the first (8 bytes), then each
        /// rise in one byte, then every `checkpointStride`-th element (8 bytes
        /// each), so one element can be found without summing all before it.
        case rising = 4
    }

    var encoding: Encoding
    var count: Int
    var storedBytes: Int
    var checksum: UInt64

    /// Bytes of one table entry: four 8-byte words.
    static let tableBytes = 32
    /// The most elements a section may claim (a damaged header is caught by its checksum; this bounds a forged one).
    static let maxCount = 1 << 30
    /// A rising section keeps the value of every element whose index is a multiple of this.
    static let checkpointStride = 1024

    /// The checkpoints of a rising section of `n` elements.
    static func checkpointCount(_ n: Int) -> Int { (n + checkpointStride - 1) / checkpointStride }

    /// The stored bytes of a rising section of `n` (more than one) elements.
    static func risingBytes(_ n: Int) -> Int { 8 + (n - 1) + 8 * checkpointCount(n) }
}

/// Builds the sections of a snapshot: each array in the smallest of the
/// three encodings, appended to one body.
struct SnapshotSectionWriter {
    private(set) var sections: [SnapshotSection] = []
    private(set) var body: [UInt8] = []

    /// Appends `a` as the next section.
    mutating func column<T: FixedWidthInteger>(_ a: [T]) {
        let start = body.count
        let stride = MemoryLayout<T>.stride
        let (fill, exceptions) = Self.commonValue(a)
        let encoding: SnapshotSection.Encoding
        let narrow = stride == 8 && a.allSatisfy { UInt64(truncatingIfNeeded: $0) <= UInt64(UInt32.max) }
        let sparseBytes = exceptions * (4 + stride) + 16
        if !a.isEmpty && exceptions == 0 {
            encoding = .fill
            append(UInt64(truncatingIfNeeded: fill))
        } else if stride > 1, Self.risesByBytes(a), let first = a.first,
            SnapshotSection.risingBytes(a.count) < sparseBytes
        {
            encoding = .rising
            append(UInt64(truncatingIfNeeded: first))
            for k in 1..<a.count { body.append(UInt8(truncatingIfNeeded: a[k] &- a[k - 1])) }
            for k in Swift.stride(from: 0, to: a.count, by: SnapshotSection.checkpointStride) {
                append(UInt64(truncatingIfNeeded: a[k]))
            }
        } else if !a.isEmpty && sparseBytes < a.count * (narrow ? 4 : stride) {
            encoding = .sparse
            appendSparse(a, fill: fill, exceptions: exceptions)
        } else if narrow {
            encoding = .narrow
            for value in a {
                withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { body.append(contentsOf: $0) }
            }
        } else {
            encoding = .full
            a.withUnsafeBytes { body.append(contentsOf: $0) }
        }
        let stored = body.withUnsafeBytes { UnsafeRawBufferPointer(rebasing: $0[start...]) }
        sections.append(
            SnapshotSection(
                encoding: encoding, count: a.count, storedBytes: body.count - start,
                checksum: Checksum64.of(stored)))
    }

    private mutating func appendSparse<T: FixedWidthInteger>(_ a: [T], fill: T, exceptions: Int) {
        append(UInt64(truncatingIfNeeded: fill))
        append(UInt64(exceptions))
        var values: [T] = []
        values.reserveCapacity(exceptions)
        for (index, value) in a.enumerated() where value != fill {
            withUnsafeBytes(of: UInt32(index).littleEndian) { body.append(contentsOf: $0) }
            values.append(value)
        }
        values.withUnsafeBytes { body.append(contentsOf: $0) }
    }

    private mutating func append(_ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { body.append(contentsOf: $0) }
    }

    /// Whether every element is at least the one before it and at most 255 more.
    static func risesByBytes<T: FixedWidthInteger>(_ a: [T]) -> Bool {
        guard a.count > 1 else { return false }
        for k in 1..<a.count {
            let (rise, overflow) = a[k].subtractingReportingOverflow(a[k - 1])
            guard !overflow, rise >= 0, rise <= 255 else { return false }
        }
        return true
    }

    /// The most common of a few candidate values (0, the first, middle and
    /// last elements) and how many elements differ from it.
    static func commonValue<T: FixedWidthInteger>(_ a: [T]) -> (T, Int) {
        guard let first = a.first, let last = a.last else { return (0, 0) }
        var best: (T, Int) = (0, Int.max)
        for candidate in [0, first, a[a.count / 2], last] {
            var differing = 0
            for value in a where value != candidate { differing += 1 }
            if differing < best.1 { best = (candidate, differing) }
        }
        return best
    }
}

import PlingsPlatform

/// Where a snapshot's bytes come from: memory, or a file that is read
/// section by section straight into the arrays being rebuilt (no whole-file
/// buffer; a file cut short while it is read gives nil, never a crash).
enum SnapshotSource {
    case memory(UnsafeRawBufferPointer)
    case file(FileDescriptor, size: Int)

    var size: Int {
        switch self {
        case .memory(let raw): raw.count
        case .file(_, let size): size
        }
    }

    /// Fills `buffer` with the bytes at `offset`; false when they are not all there.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        guard offset >= 0, buffer.count <= size - offset else { return false }
        if buffer.isEmpty { return true }
        switch self {
        case .memory(let raw):
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + buffer.count)]))
            return true
        case .file(let fd, _):
            return (try? fd.preadAll(into: buffer, at: Int64(offset))) == buffer.count
        }
    }

    /// The `count` bytes at `offset`, or nil when they are not all there.
    func bytes(_ count: Int, at offset: Int) -> [UInt8]? {
        guard count >= 0, count <= size else { return nil }
        var ok = false
        let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            ok = read(into: UnsafeMutableRawBufferPointer(buffer), at: offset)
            initialized = ok ? count : 0
        }
        return ok ? out : nil
    }
}

/// Reads the sections of a snapshot in order, checking each one's checksum
/// and that together they end exactly where the file does.
struct SnapshotReader {
    let source: SnapshotSource
    let sections: [SnapshotSection]
    private var offset: Int
    private var next = 0

    init(source: SnapshotSource, sections: [SnapshotSection], bodyStart: Int) {
        self.source = source
        self.sections = sections
        offset = bodyStart
    }

    /// Whether every section was read and the file has nothing after them.
    var atEnd: Bool { next == sections.count && offset == source.size }

    /// The next section as an array; nil when it is damaged or does not hold `T`s.
    mutating func column<T: FixedWidthInteger>() -> [T]? {
        guard next < sections.count else { return nil }
        let section = sections[next]
        let start = offset
        next += 1
        guard section.count >= 0, section.count <= SnapshotSection.maxCount, section.storedBytes >= 0,
            section.storedBytes <= source.size - start
        else { return nil }
        offset += section.storedBytes
        switch section.encoding {
        case .full: return full(section, at: start)
        case .fill:
            guard section.storedBytes == 8, let word = source.bytes(8, at: start),
                Checksum64.of(word) == section.checksum
            else { return nil }
            return Self.filled(T(truncatingIfNeeded: Self.word(word, 0)), count: section.count) { _ in true }
        case .sparse: return sparse(section, at: start)
        case .narrow: return narrow(section, at: start)
        case .rising: return rising(section, at: start)
        }
    }

    /// The first element, then each rise in one byte: summed up into the new
    /// array; every checkpoint must be the element it stands for.
    private func rising<T: FixedWidthInteger>(_ section: SnapshotSection, at start: Int) -> [T]? {
        let n = section.count
        guard n > 1, section.storedBytes == SnapshotSection.risingBytes(n),
            let stored = source.bytes(section.storedBytes, at: start),
            Checksum64.of(stored) == section.checksum
        else { return nil }
        var ok = true
        let checkpoints = 8 + n - 1
        let result = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            var value = T(truncatingIfNeeded: Self.word(stored, 0))
            buffer.initializeElement(at: 0, to: value)
            for k in 1..<n {
                let (next, overflow) = value.addingReportingOverflow(T(stored[7 + k]))
                if overflow { ok = false }
                value = next
                buffer.initializeElement(at: k, to: value)
            }
            initialized = n
            for c in 0..<SnapshotSection.checkpointCount(n)
            where T(truncatingIfNeeded: Self.word(stored, checkpoints + 8 * c))
                != buffer[c * SnapshotSection.checkpointStride]
            {
                ok = false
            }
        }
        return ok ? result : nil
    }

    /// 8-byte elements stored as 4 bytes each: read into the upper half of
    /// the new array's memory, checked, then widened in place from the front
    /// (element i is written at 8i, read from 4n + 4i, never ahead of what is still to be read).
    private func narrow<T: FixedWidthInteger>(_ section: SnapshotSection, at start: Int) -> [T]? {
        let n = section.count
        guard MemoryLayout<T>.stride == 8, section.storedBytes == 4 * n else { return nil }
        var ok = false
        let result = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            Platform.prefault(raw)
            let upper = UnsafeMutableRawBufferPointer(rebasing: raw[(4 * n)...])
            ok = source.read(into: upper, at: start) && Checksum64.of(UnsafeRawBufferPointer(upper)) == section.checksum
            guard ok else { return }
            for i in 0..<n {
                let v = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * n + 4 * i, as: UInt32.self))
                raw.storeBytes(of: T(truncatingIfNeeded: v), toByteOffset: 8 * i, as: T.self)
            }
            initialized = n
        }
        return ok ? result : nil
    }

    /// A section stored whole: read straight into the new array's memory.
    private func full<T: FixedWidthInteger>(_ section: SnapshotSection, at start: Int) -> [T]? {
        let n = section.count
        guard section.storedBytes == n * MemoryLayout<T>.stride else { return nil }
        var ok = false
        let result = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            Platform.prefault(raw)
            ok =
                source.read(into: raw, at: start) && Checksum64.of(UnsafeRawBufferPointer(raw)) == section.checksum
            initialized = ok ? n : 0
        }
        return ok ? result : nil
    }

    /// A section of one common value and its exceptions, their indices strictly rising.
    private func sparse<T: FixedWidthInteger>(_ section: SnapshotSection, at start: Int) -> [T]? {
        let stride = MemoryLayout<T>.stride
        guard section.storedBytes >= 16, let stored = source.bytes(section.storedBytes, at: start),
            Checksum64.of(stored) == section.checksum
        else { return nil }
        let fill = T(truncatingIfNeeded: Self.word(stored, 0))
        let k = Self.word(stored, 8)
        guard k <= UInt64(section.count), 16 + Int(k) * (4 + stride) == stored.count else { return nil }
        let n = section.count
        let valuesStart = 16 + Int(k) * 4
        return Self.filled(fill, count: n) { out in
            stored.withUnsafeBytes { raw in
                // The indices rise strictly, as written: `SnapshotColumn` finds an element by binary search,
                // so one reader must not take an order (or a repeat) that the other reads differently.
                var previous = -1
                for e in 0..<Int(k) {
                    let index = Int(
                        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16 + 4 * e, as: UInt32.self)))
                    guard index < n, index > previous else { return false }
                    previous = index
                    out[index] = T(
                        littleEndian: raw.loadUnaligned(fromByteOffset: valuesStart + stride * e, as: T.self))
                }
                return true
            }
        }
    }

    /// `count` copies of `fill` in new memory (backed up front), then changed by `patch`; nil when `patch` fails.
    static func filled<T: FixedWidthInteger>(
        _ fill: T, count n: Int, patch: (UnsafeMutableBufferPointer<T>) -> Bool
    ) -> [T]? {
        var ok = false
        let result = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            Platform.prefault(UnsafeMutableRawBufferPointer(buffer))
            buffer.initialize(repeating: fill)
            initialized = n
            ok = patch(buffer)
        }
        return ok ? result : nil
    }

    static func word(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
    }
}

/// One section of a snapshot read in place, whatever its encoding: one
/// element at a time, or scanned for the elements equal to a value. Every
/// byte comes through `SnapshotBlocks`, so every byte used is checked.
struct SnapshotColumn {
    let section: SnapshotSection
    /// Where the section starts in the body.
    let start: Int

    var count: Int { section.count }

    /// Whether the section's size fits its encoding, its count and elements `stride` bytes wide
    /// (a sparse section's exceptions are checked when it is read).
    func sizeFits(stride: Int) -> Bool {
        let n = section.count
        switch section.encoding {
        case .full: return section.storedBytes == n * stride
        case .narrow: return stride == 8 && section.storedBytes == 4 * n
        case .fill: return section.storedBytes == 8
        case .sparse: return section.storedBytes >= 16
        case .rising: return stride > 1 && n > 1 && section.storedBytes == SnapshotSection.risingBytes(n)
        }
    }

    /// Element `x` as a `T`; nil when `x` is out of range or the bytes are damaged or do not fit the encoding.
    func element<T: FixedWidthInteger>(_ x: Int, as _: T.Type, _ blocks: SnapshotBlocks) -> T? {
        let n = section.count
        let stride = MemoryLayout<T>.stride
        guard x >= 0, x < n else { return nil }
        switch section.encoding {
        case .full:
            guard section.storedBytes == n * stride else { return nil }
            return blocks.load(T.self, at: start + x * stride)
        case .narrow:
            guard stride == 8, section.storedBytes == 4 * n else { return nil }
            return blocks.load(UInt32.self, at: start + 4 * x).map { T(truncatingIfNeeded: $0) }
        case .fill:
            guard section.storedBytes == 8 else { return nil }
            return blocks.load(UInt64.self, at: start).map { T(truncatingIfNeeded: $0) }
        case .sparse: return sparseElement(x, as: T.self, blocks)
        case .rising: return risingElement(x, as: T.self, blocks)
        }
    }

    /// The common value, the number of exceptions and where their values start; nil when they do not fit.
    private func sparseLayout<T: FixedWidthInteger>(_: T.Type, _ blocks: SnapshotBlocks) -> (T, Int, Int)? {
        guard section.storedBytes >= 16, let fill = blocks.load(UInt64.self, at: start),
            let k = blocks.load(UInt64.self, at: start + 8), k <= UInt64(section.count),
            16 + Int(k) * (4 + MemoryLayout<T>.stride) == section.storedBytes
        else { return nil }
        return (T(truncatingIfNeeded: fill), Int(k), start + 16 + 4 * Int(k))
    }

    /// Binary search of the exceptions' indices (stored rising).
    private func sparseElement<T: FixedWidthInteger>(_ x: Int, as _: T.Type, _ blocks: SnapshotBlocks) -> T? {
        guard let (fill, k, values) = sparseLayout(T.self, blocks) else { return nil }
        var low = 0
        var high = k
        while low < high {
            let mid = (low + high) / 2
            guard let index = blocks.load(UInt32.self, at: start + 16 + 4 * mid) else { return nil }
            if Int(index) == x { return blocks.load(T.self, at: values + MemoryLayout<T>.stride * mid) }
            if Int(index) < x { low = mid + 1 } else { high = mid }
        }
        return fill
    }

    /// The checkpoint before `x`, plus the rises after it up to `x`.
    private func risingElement<T: FixedWidthInteger>(_ x: Int, as _: T.Type, _ blocks: SnapshotBlocks) -> T? {
        let n = section.count
        let stride = SnapshotSection.checkpointStride
        guard n > 1, section.storedBytes == SnapshotSection.risingBytes(n),
            let checkpoint = blocks.load(UInt64.self, at: start + 8 + (n - 1) + 8 * (x / stride))
        else { return nil }
        let from = x - x % stride
        // The rise to element k sits at byte 7 + k.
        // At most 1023 rises of at most 255: a wrapping sum cannot wrap, and the loop vectorises.
        let sum = blocks.withBytes(start + 8 + from, x - from) { raw in raw.reduce(UInt32(0)) { $0 &+ UInt32($1) } }
        return sum.map { T(truncatingIfNeeded: checkpoint &+ UInt64($0)) }
    }

    /// Every element as a `T`, read in one pass (a megabyte of blocks at a
    /// time for a stored column); nil when the bytes are damaged or do not fit the encoding.
    func all<T: FixedWidthInteger>(as _: T.Type, _ blocks: SnapshotBlocks) -> [T]? {
        let n = section.count
        let stride = MemoryLayout<T>.stride
        func stored<W: FixedWidthInteger>(_: W.Type) -> [T]? {
            // Each element widened from the `W` it is stored as.
            var out: [T] = []
            out.reserveCapacity(n)
            let width = MemoryLayout<W>.stride
            let ok = blocks.forEachPiece(start, count: n, stride: width) { raw, _ in
                for i in 0..<(raw.count / width) {
                    out.append(
                        T(truncatingIfNeeded: W(littleEndian: raw.loadUnaligned(fromByteOffset: i * width, as: W.self)))
                    )
                }
            }
            return ok && out.count == n ? out : nil
        }
        switch section.encoding {
        case .full:
            // Copied a piece at a time straight into the array (the file is little-endian).
            guard section.storedBytes == n * stride else { return nil }
            var out = [T](repeating: 0, count: n)
            let ok = out.withUnsafeMutableBytes { dest in
                blocks.forEachPiece(start, count: n, stride: stride) { raw, first in
                    UnsafeMutableRawBufferPointer(rebasing: dest[(first * stride)...]).copyMemory(from: raw)
                }
            }
            guard ok else { return nil }
            if 1.littleEndian != 1 { for i in out.indices { out[i] = T(littleEndian: out[i]) } }
            return out
        case .narrow:
            guard stride == 8, section.storedBytes == 4 * n else { return nil }
            return stored(UInt32.self)
        case .fill:
            guard section.storedBytes == 8 else { return nil }
            return blocks.load(UInt64.self, at: start).map { [T](repeating: T(truncatingIfNeeded: $0), count: n) }
        case .sparse:
            guard let (fill, k, values) = sparseLayout(T.self, blocks) else { return nil }
            var out = [T](repeating: fill, count: n)
            let ok = blocks.withBytes(start + 16, 4 * k) { raw -> Bool in
                for e in 0..<k {
                    let index = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * e, as: UInt32.self)))
                    guard index < n, let value = blocks.load(T.self, at: values + stride * e) else { return false }
                    out[index] = value
                }
                return true
            }
            return ok == true ? out : nil
        case .rising:
            // As `indices(of:)` sums them: the first, then each rise.
            guard n > 1, section.storedBytes == SnapshotSection.risingBytes(n),
                let first = blocks.load(UInt64.self, at: start)
            else { return nil }
            return blocks.withBytes(start + 8, n - 1) { raw in
                var out: [T] = []
                out.reserveCapacity(n)
                var current = T(truncatingIfNeeded: first)
                out.append(current)
                for k in 1..<n {
                    current = current &+ T(truncatingIfNeeded: raw[k - 1])
                    out.append(current)
                }
                return out
            }
        }
    }

    /// Elements `range` as `T`s (one read for a stored column, one element at a time
    /// otherwise); nil when out of range, damaged or not fitting the encoding.
    func elements<T: FixedWidthInteger>(_ range: Range<Int>, as _: T.Type, _ blocks: SnapshotBlocks) -> [T]? {
        let stride = MemoryLayout<T>.stride
        guard range.lowerBound >= 0, range.upperBound <= section.count else { return nil }
        guard section.encoding == .full else {
            var out: [T] = []
            out.reserveCapacity(range.count)
            for x in range {
                guard let v = element(x, as: T.self, blocks) else { return nil }
                out.append(v)
            }
            return out
        }
        guard section.storedBytes == section.count * stride else { return nil }
        return blocks.withBytes(start + range.lowerBound * stride, range.count * stride) { raw in
            (0..<range.count).map { T(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * stride, as: T.self)) }
        }
    }

    /// Elements `from..<from + count` of a byte column; nil when out of range or damaged.
    func bytes(from: Int, count k: Int, _ blocks: SnapshotBlocks) -> [UInt8]? {
        guard from >= 0, k >= 0, k <= section.count - from else { return nil }
        if section.encoding == .full {
            guard section.storedBytes == section.count else { return nil }
            return blocks.withBytes(start + from, k) { Array($0) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(k)
        for x in from..<(from + k) {
            guard let b = element(x, as: UInt8.self, blocks) else { return nil }
            out.append(b)
        }
        return out
    }

    /// The indices of the elements equal to `value`, rising; nil when the bytes are damaged or do not fit.
    func indices<T: FixedWidthInteger>(of value: T, _ blocks: SnapshotBlocks) -> [Int]? {
        let n = section.count
        let stride = MemoryLayout<T>.stride
        switch section.encoding {
        case .full:
            guard section.storedBytes == n * stride else { return nil }
            return scan(start, count: n, equalTo: value, blocks)
        case .narrow:
            guard stride == 8, section.storedBytes == 4 * n else { return nil }
            let word = UInt32(truncatingIfNeeded: value)
            // No element widened from 32 bits can be a value that does not fit in 32 bits.
            guard T(truncatingIfNeeded: word) == value else {
                return blocks.forEachPiece(start, count: n, stride: 4) { _, _ in } ? [] : nil
            }
            return scan(start, count: n, equalTo: word, blocks)
        case .fill:
            return element(0, as: T.self, blocks).map { $0 == value ? Array(0..<n) : [] }
        case .sparse: return sparseIndices(of: value, blocks)
        case .rising:
            // Rising elements never repeat a value more than a run long; sum them up once.
            guard n > 1, section.storedBytes == SnapshotSection.risingBytes(n),
                let first = blocks.load(UInt64.self, at: start)
            else { return nil }
            return blocks.withBytes(start + 8, n - 1) { raw in
                var current = T(truncatingIfNeeded: first)
                var found = current == value ? [0] : []
                for k in 1..<n {
                    current = current &+ T(truncatingIfNeeded: raw[k - 1])
                    if current == value { found.append(k) }
                }
                return found
            }
        }
    }

    /// The indices of the `count` elements stored as `W`s at `offset` that equal `value`, rising.
    private func scan<W: FixedWidthInteger>(_ offset: Int, count: Int, equalTo value: W, _ blocks: SnapshotBlocks)
        -> [Int]?
    {
        var found: [Int] = []
        let width = MemoryLayout<W>.stride
        let ok = blocks.forEachPiece(offset, count: count, stride: width) { raw, first in
            for i in 0..<(raw.count / width)
            where W(littleEndian: raw.loadUnaligned(fromByteOffset: i * width, as: W.self)) == value {
                found.append(first + i)
            }
        }
        return ok ? found : nil
    }

    private func sparseIndices<T: FixedWidthInteger>(of value: T, _ blocks: SnapshotBlocks) -> [Int]? {
        let n = section.count
        let stride = MemoryLayout<T>.stride
        guard let (fill, k, values) = sparseLayout(T.self, blocks) else { return nil }
        if fill != value {
            // Only the exceptions can hold `value`: find them among the values, then their indices.
            guard let hits = scan(values, count: k, equalTo: value, blocks) else { return nil }
            var found: [Int] = []
            for e in hits {
                guard let index = blocks.load(UInt32.self, at: start + 16 + 4 * e), Int(index) < n else { return nil }
                found.append(Int(index))
            }
            return found.sorted()
        }
        return blocks.withBytes(start + 16, k * (4 + stride)) { raw -> [Int]? in
            func index(_ e: Int) -> Int {
                Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * e, as: UInt32.self)))
            }
            func element(_ e: Int) -> T {
                T(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * k + stride * e, as: T.self))
            }
            guard (0..<k).allSatisfy({ index($0) < n }) else { return nil }
            var differs = [Bool](repeating: false, count: n)
            for e in 0..<k where element(e) != value { differs[index(e)] = true }
            return (0..<n).filter { !differs[$0] }
        } ?? nil
    }
}

/// The records of one range of objects (`1 << shift` by default), as the timeline's builder
/// gathers them (see `TimelineSpill`), in the order they were made: each
/// the seq since the range's record before (a varint), the object's place
/// in the range (a varint), then the record's kind byte and values as in
/// `TimelineRecord`. The seq since the object's own record before, which
/// the file's lists hold, is worked out when the range is read back, from a
/// table of the range's last seqs small enough to stay in the cache: while
/// the log is replayed, a record is written where the range's last one
/// ended, not at a place of its own object's.
enum TimelineBucket {
    /// Objects in a range are `1 << shift`, unless the builder is told otherwise.
    static let shift = 14

    /// `TimelineRecord.Kind.valueCount` of each kind, four bits a kind, the
    /// low bits first: named 2, archived 4, restored 0, the others 1 (a test checks it).
    static let valueCounts: UInt64 = 0x1111_1111_1111_1042
    /// `TimelineMention.Kind.valueCount` of each kind of mention, likewise (a test checks it).
    static let mentionValueCounts: UInt64 = 0x0113_2000

    /// Calls `body` with each record of `bytes`: the object's place in the
    /// range, the record's seq, and where its kind byte and values lie.
    /// - Returns: false when the bytes end inside a record.
    static func forEachRecord(
        _ bytes: UnsafeRawBufferPointer, counts: UInt64 = valueCounts, _ body: (Int, Int64, Range<Int>) -> Void
    ) -> Bool {
        var i = 0
        var seq: Int64 = 0
        while i < bytes.count {
            guard let delta = TimelineRecord.varint(bytes, &i), let x = TimelineRecord.varint(bytes, &i),
                x < UInt64(Int32.max), i < bytes.count
            else { return false }
            let start = i
            // The values are skipped, not read: a varint ends at its first byte under 0x80.
            var values = counts >> (4 * UInt64(bytes[i] & 0x0F)) & 0x0F
            // An escaped relation's byte (under 0x80) is skipped like one more value.
            if bytes[i] >> 4 == TimelineRecord.escapedRelation { values += 1 }
            i += 1
            while values > 0 {
                guard i < bytes.count else { return false }
                if bytes[i] < 0x80 { values -= 1 }
                i += 1
            }
            seq &+= Int64(bitPattern: delta)
            body(Int(x), seq, start..<i)
        }
        return true
    }

    /// The lengths, as the file holds them, of the lists of objects
    /// `base..<base + count` (the range's), from the range's records.
    /// - Returns: nil when the bytes end inside a record.
    static func sizes(_ bytes: UnsafeRawBufferPointer, count: Int, counts: UInt64 = valueCounts) -> [Int]? {
        var sizes = [Int](repeating: 0, count: count)
        var last = [Int64](repeating: 0, count: count)
        let whole = forEachRecord(bytes, counts: counts) { x, seq, record in
            guard x < count else { return }
            sizes[x] += TimelineRecord.varintLength(UInt64(seq - last[x])) + record.count
            last[x] = seq
        }
        return whole ? sizes : nil
    }

    /// The lists of the range's first `sizes.count` objects, one after
    /// another as the file holds them (`sizes` from `sizes(_:count:)`).
    static func lists(_ bytes: UnsafeRawBufferPointer, sizes: [Int], counts: UInt64 = valueCounts) -> [UInt8] {
        let count = sizes.count
        var at = [Int](repeating: 0, count: count)
        var total = 0
        for x in 0..<count {
            at[x] = total
            total += sizes[x]
        }
        var last = [Int64](repeating: 0, count: count)
        return [UInt8](unsafeUninitializedCapacity: total) { out, initialized in
            guard let p = out.baseAddress, let from = bytes.baseAddress else { return }
            _ = forEachRecord(bytes, counts: counts) { x, seq, record in
                guard x < count else { return }
                var n = at[x]
                TimelineRecord.varint(UInt64(seq - last[x]), p, &n)
                (p + n).initialize(
                    from: from.assumingMemoryBound(to: UInt8.self) + record.lowerBound, count: record.count)
                at[x] = n + record.count
                last[x] = seq
            }
            initialized = total
        }
    }
}

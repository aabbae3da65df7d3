/// The events that concern an object, as the object timeline holds them
/// (`TimelineMention`), and the lines of those events read from the log.
extension TimelineTracks {
    /// One mention as read: its seq, kind, the high four bits of its kind byte, and its values.
    typealias Mention = TimelineRecord.Read<TimelineMention.Kind>

    /// Whether the timeline kept every mention of ids not known yet (else it cannot say what concerns an object).
    var earlyWhole: Bool { sections.file.flags & TimelineFile.earlyOverflowFlag == 0 }

    /// The mentions of `x` (whose id is `id`), oldest first: those from before it existed, then its list;
    /// nil when they cannot be read.
    func mentions(of x: ObjectIndex, id: ObjectID) -> [Mention]? {
        guard var found = earlyMentions(of: id) else { return nil }
        let whole = sections.list(x, mentions: true) { list -> Bool? in
            TimelineRecord.forEach(list, as: TimelineMention.Kind.self) { r in
                found.append(r)
                return true
            }
        }
        return whole == true ? found : nil
    }

    /// The mentions of the id `id` from before an object had it (section 13, by id then seq); nil when they
    /// cannot be read.
    func earlyMentions(of id: ObjectID) -> [Mention]? {
        let query = Array(id.rawValue.utf8)
        let count = sections.file.sizes[13] / 24
        var (lo, hi) = (0, count)
        while lo < hi {
            let mid = (lo + hi) / 2
            guard let e = earlyEntry(mid) else { return nil }
            if e.id.lexicographicallyPrecedes(query) { lo = mid + 1 } else { hi = mid }
        }
        var found: [Mention] = []
        while lo < count {
            guard let e = earlyEntry(lo) else { return nil }
            if e.id != query { break }
            guard e.kind < 16, let kind = TimelineMention.Kind(rawValue: UInt8(e.kind)) else {
                sections.fail()
                return nil
            }
            found.append(Mention(seq: e.seq, kind: kind, high: 0, values: (0, 0, 0, 0)))
            lo += 1
        }
        return found
    }

    /// Entry `k` of section 13: a seq, an id and a kind.
    private func earlyEntry(_ k: Int) -> (seq: Int64, id: [UInt8], kind: UInt32)? {
        guard
            let fields = sections.withBytes(
                13, 24 * k, 24,
                { raw -> (Int64, UInt64, UInt32, UInt32)? in
                    (
                        Int64(littleEndian: raw.loadUnaligned(as: Int64.self)),
                        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)),
                        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 20, as: UInt32.self))
                    )
                }), fields.1 < 1 << 40, fields.2 <= 64,
            let id = sections.withBytes(16, Int(fields.1), Int(fields.2), { Array($0) })
        else { return nil }
        return (fields.0, id, fields.3)
    }

    /// The error of the event skipped at `seq`, or found again for the refusal recorded at `seq`
    /// (see `Refusal.error(against:)`); nil when there is none or it cannot be read.
    func error(at seq: Int64) -> DomainError? {
        let count = sections.file.sizes[14] / 16
        var (lo, hi) = (0, count)
        while lo < hi {
            let mid = (lo + hi) / 2
            guard let s = sections.word(14, 2 * mid, Int64.self) else { return nil }
            if s < seq { lo = mid + 1 } else { hi = mid }
        }
        guard lo < count, sections.word(14, 2 * lo, Int64.self) == seq,
            let from = sections.word(14, 2 * lo + 1, UInt64.self)
        else { return nil }
        let to = lo + 1 < count ? sections.word(14, 2 * lo + 3, UInt64.self) : UInt64(sections.file.sizes[15])
        guard let to, from <= to else { return nil }
        return sections.withBytes(15, Int(from), Int(to - from)) { raw -> DomainError? in
            var r = ByteReader(bytes: raw, end: raw.count)
            return ErrorCoding.read(&r)
        }
    }

    /// The event of seq `seq`, read from `log` where the timeline says its line lies and decoded by the one
    /// reader (its own hash checked); nil when that fails or the line holds another seq.
    func event(_ seq: Int64, log: LogFile) -> Event? {
        line(seq, log: log).flatMap { bytes in
            bytes.withUnsafeBufferPointer { try? LineDecoder.decode($0).get().event }
        }.flatMap { $0.seq == seq ? $0 : nil }
    }

    /// The stored line of event `seq` (without its newline), as the timeline places it; nil when it cannot be read.
    func line(_ seq: Int64, log: LogFile) -> [UInt8]? {
        guard let (offset, length) = sections.line(seq), length >= 1,
            let bytes = try? log.bytes(at: offset, length: length), bytes.count == length, bytes.last == 0x0A
        else { return nil }
        return Array(bytes.dropLast())
    }
}

import PlingsDomain

/// One change to one object in the object timeline (see `TimelineFile`),
/// as stored in that object's list: the seq since the list's previous record
/// (a varint), a byte with the kind in its low four bits and the relation
/// in its high four (0 when the kind has none), then the kind's values.
/// A relation whose raw value does not fit in four bits (a diagonal, 15 and
/// up) puts 15 in the high four and its raw value in the byte after the kind
/// byte, before the values (format 3).
///
/// - named: the name's offset and length in the text arena (the first is
///   the object's creation).
/// - parent (one axis, or both when one event left both the same): the parent + 1 (0 is World).
/// - positional (likewise): the target + 1 (0 is none).
/// - archived: the root, the time in milliseconds, and the note's length + 1
///   (0 is no note) and offset in the text arena.
/// - restored: nothing.
/// - seen: the time in milliseconds.
/// - child, inbound (one axis or both): the object that took this one as its
///   parent, or as the target of its positional edge: a candidate only, since
///   it may have moved on since (the reader checks it at the point asked).
/// - lent (format 4): an archived record with `loanFlag` in its high four
///   bits: the borrower (a thing as its index times two, a name as its text
///   reference times two plus one), the time in milliseconds, the due day
///   (`YYYYMMDD`, 0 for none) and the note (a text reference + 1, 0 for none).
///   A text reference is the offset in the text arena times 2^20 plus the length.
/// - loan ended (format 4): a restored record with `loanFlag` in its high four bits.
enum TimelineRecord {
    enum Kind: UInt8, TimelineListKind {
        case named = 0, archived, restored, seen
        case parentCurrent, parentNormal, parentBoth
        case positionalCurrent, positionalNormal, positionalBoth
        case childCurrent, childNormal, childBoth
        case inboundCurrent, inboundNormal, inboundBoth

        /// The kind of a record of `family` (the current axis's kind) for the axes in `mask` (1 current, 2 normal, 3 both).
        static func of(_ family: Kind, axes mask: Int) -> Kind {
            Kind(rawValue: family.rawValue + UInt8(mask - 1)) ?? family
        }

        /// How many values (varints) follow a record of this kind.
        var valueCount: Int {
            switch self {
            case .named: 2
            case .archived: 4
            case .restored: 0
            default: 1
            }
        }

        /// The first kind of the record's family (its current-axis kind) and
        /// the axes it covers (1 current, 2 normal, 3 both); nil for kinds of one value.
        var family: (first: Kind, axes: Int)? {
            guard rawValue >= Kind.parentCurrent.rawValue else { return nil }
            let k = rawValue - Kind.parentCurrent.rawValue
            return (Kind(rawValue: Kind.parentCurrent.rawValue + k / 3 * 3) ?? .parentCurrent, Int(k % 3) + 1)
        }
    }

    /// The high four bits that say "the relation is in the next byte".
    static let escapedRelation: UInt8 = 0x0F
    /// The high four bits of an archived (restored) record that make it a loan's start (end).
    static let loanFlag: UInt8 = 1

    /// A text of the arena as one value: its offset times 2^20 plus its length (under 2^20).
    @inline(__always)
    static func textReference(_ offset: Int, _ length: Int) -> UInt64 { UInt64(offset) << 20 | UInt64(length) }

    /// The offset and length of a text reference; nil past the arena's bounds (2^40 bytes).
    @inline(__always)
    static func text(_ reference: UInt64) -> (offset: Int, length: Int)? {
        let offset = reference >> 20
        guard offset < 1 << 40 else { return nil }
        return (Int(offset), Int(reference & 0xF_FFFF))
    }

    /// A loan record's values as read: the borrower (a thing, or a name's text), the time, the due
    /// day and the note's text; nil when they are not a loan's (`objects` bounds the borrower).
    static func loan(
        _ values: (UInt64, UInt64, UInt64, UInt64), objects: Int
    ) -> (thing: ObjectIndex?, name: (offset: Int, length: Int)?, at: Int64, due: CalendarDay?, note: (Int, Int)?)? {
        let (holder, at, dueValue, noteValue) = values
        var thing: ObjectIndex?
        var name: (offset: Int, length: Int)?
        if holder & 1 == 0 {
            guard holder >> 1 < UInt64(objects) else { return nil }
            thing = ObjectIndex(holder >> 1)
        } else {
            guard let text = text(holder >> 1) else { return nil }
            name = text
        }
        var due: CalendarDay?
        if dueValue != 0 {
            guard dueValue < 100_000_000,
                let day = CalendarDay(
                    year: Int(dueValue / 10_000), month: Int(dueValue / 100 % 100), day: Int(dueValue % 100))
            else { return nil }
            due = day
        }
        var note: (Int, Int)?
        if noteValue != 0 {
            guard let text = text(noteValue - 1) else { return nil }
            note = text
        }
        return (thing, name, Int64(bitPattern: at), due, note)
    }

    /// The kind byte of a record of `kind` with `relation`, and the byte
    /// that follows it when the relation does not fit in four bits.
    @inline(__always)
    static func kindByte(_ kind: UInt8, _ relation: Relation) -> (UInt8, UInt8?) {
        relation.rawValue < escapedRelation
            ? (kind | relation.rawValue << 4, nil) : (kind | escapedRelation << 4, relation.rawValue)
    }

    /// Appends `v` to `out` as a varint (seven bits a byte, low first).
    @inline(__always)
    static func varint(_ v: UInt64, _ out: inout [UInt8]) {
        var v = v
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// The bytes `v` takes as a varint.
    @inline(__always)
    static func varintLength(_ v: UInt64) -> Int {
        (64 - v.leadingZeroBitCount + 6) / 7 + (v == 0 ? 1 : 0)
    }

    /// Writes `v` at `p + n` as a varint, moving `n` past it.
    @inline(__always)
    static func varint(_ v: UInt64, _ p: UnsafeMutablePointer<UInt8>, _ n: inout Int) {
        var v = v
        while v >= 0x80 {
            p[n] = UInt8(truncatingIfNeeded: v) | 0x80
            n += 1
            v >>= 7
        }
        p[n] = UInt8(v)
        n += 1
    }

    /// Reads a varint at `i` of `bytes`, moving `i` past it; nil when it runs past the end or over 64 bits.
    @inline(__always)
    static func varint(_ bytes: UnsafeRawBufferPointer, _ i: inout Int) -> UInt64? {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count, shift < 64 {
            let b = bytes[i]
            i += 1
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
        }
        return nil
    }

    /// One record of a list as read: its seq, its kind, the high four bits of
    /// its kind byte (a relation, or flags; an escaped relation's raw value),
    /// and its values (unused ones 0).
    struct Read<K: TimelineListKind> {
        var seq: Int64
        var kind: K
        var high: UInt8
        var values: (UInt64, UInt64, UInt64, UInt64)
    }

    /// Calls `body` with each record of `list` in order, while it returns true.
    /// - Returns: false when the list is not made of whole records of known kinds.
    @inline(__always)
    static func forEach<K: TimelineListKind>(
        _ list: UnsafeRawBufferPointer, as _: K.Type, _ body: (Read<K>) -> Bool
    ) -> Bool {
        var i = 0
        var seq: Int64 = 0
        while i < list.count {
            guard let delta = varint(list, &i), delta <= UInt64(Int64.max - seq), i < list.count,
                let kind = K(rawValue: list[i] & 0x0F)
            else { return false }
            seq += Int64(delta)
            var read = Read(seq: seq, kind: kind, high: list[i] >> 4, values: (0, 0, 0, 0))
            i += 1
            if read.high == escapedRelation {
                guard i < list.count, list[i] >= escapedRelation, list[i] < 0x80 else { return false }
                read.high = list[i]
                i += 1
            }
            for k in 0..<kind.valueCount {
                guard let v = varint(list, &i) else { return false }
                switch k {
                case 0: read.values.0 = v
                case 1: read.values.1 = v
                case 2: read.values.2 = v
                default: read.values.3 = v
                }
            }
            if !body(read) { return true }
        }
        return true
    }
}

/// The kinds of records an object timeline's lists hold (`TimelineRecord.Kind`, `TimelineMention.Kind`).
protocol TimelineListKind {
    init?(rawValue: UInt8)
    /// How many values (varints) follow a record of the kind.
    var valueCount: Int { get }
}

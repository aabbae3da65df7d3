import PlingsDomain

/// One change to one object in the object timeline (see `ObjectTimeline`),
/// as stored in that object's list: the seq since the list's previous record
/// (a varint), the kind (a byte), then the kind's values.
///
/// - created, renamed: the name's offset and length in the text arena.
/// - parent (per axis): the relation (a byte) and the parent + 1 (0 is World).
/// - positional (per axis): the relation (a byte) and the target + 1 (0 is none).
/// - archived: the root, the time in milliseconds, and the note's length + 1
///   (0 is no note) and offset in the text arena.
/// - restored: nothing.
/// - seen: the time in milliseconds.
/// - child, inbound (per axis): the object that took this one as its parent,
///   or as the target of its positional edge: a candidate only, since it may
///   have moved on since (the reader checks it at the point asked).
enum TimelineRecord {
    enum Kind: UInt8 {
        case created = 0, renamed, parentCurrent, parentNormal, positionalCurrent, positionalNormal
        case archived, restored, seen, childCurrent, childNormal, inboundCurrent, inboundNormal

        static func parent(_ axis: Axis) -> Kind { axis == .current ? .parentCurrent : .parentNormal }
        static func positional(_ axis: Axis) -> Kind { axis == .current ? .positionalCurrent : .positionalNormal }
        static func child(_ axis: Axis) -> Kind { axis == .current ? .childCurrent : .childNormal }
        static func inbound(_ axis: Axis) -> Kind { axis == .current ? .inboundCurrent : .inboundNormal }
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
}

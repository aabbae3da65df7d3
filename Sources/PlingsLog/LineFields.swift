import PlingsDomain

/// Where one string member's contents sit in a line: the bytes between its
/// quotes, and whether any of them is an escape.
package struct StringSpan: Sendable, Hashable {
    // 16-bit bounds (a line is at most 16 KiB, `LineFormat.maxLineBytes`, and
    // only `MemberScanner` makes spans, inside a line): five bytes, and an
    // optional span takes no more (its nil is a value the `Bool` never has),
    // so `LineFields`, handed from the reading thread to the folding one for
    // every line, stays small.
    private var start: UInt16
    private var end: UInt16
    package var escaped: Bool

    package init(range: Range<Int>, escaped: Bool) {
        start = UInt16(truncatingIfNeeded: range.lowerBound)
        end = UInt16(truncatingIfNeeded: range.upperBound)
        self.escaped = escaped
    }

    /// The bytes between the quotes.
    package var range: Range<Int> { Int(start)..<Int(end) }
}

/// One line's members after the strict scan: byte ranges into the line and
/// the values that are cheap to parse. Nothing is allocated; turning the
/// spans into strings is `LineCodec.interpret`'s job.
///
/// The members, in the order they must appear (sorted keys, `hash` last):
/// actor, at, axes, batch, cid, code, command, dat, device, dseq, name, note,
/// object, prev, reason, relation, seq, target, type, undoes, v.
package struct LineFields: Sendable, Equatable {
    // Stored widest first, so that no padding falls between members; the
    // optional integers of version 2 are stored with `absent` for nil (a
    // scanned integer is never negative and a scanned time never that far
    // back), 8 bytes each instead of 16. About 200 bytes in all.
    package var version: Int64 = 0
    package var seq: Int64 = 0
    package var at = Timestamp(milliseconds: 0)
    /// The `prev` member.
    package var prev = Digest.zero
    /// The `hash` member (set once the line's own hash checked out).
    package var hash = Digest.zero
    /// Where the hashed bytes end (the comma before `"hash"`).
    package var bodyEnd = 0
    /// The keys of `object` and `target` in the registry's table
    /// (`ObjectRegistry.paddedKey`; 0 for an id longer than 8 bytes), made
    /// by the scan so that the fold finds a short id without reading its bytes.
    package var objectKey: UInt64 = 0
    package var targetKey: UInt64 = 0
    private var storedBatch = absent
    private var storedDat = absent
    private var storedDseq = absent
    private var storedUndoes = absent
    package var object = StringSpan(range: 0..<0, escaped: false)
    package var actor: StringSpan?
    package var cid: StringSpan?
    package var code: StringSpan?
    package var command: StringSpan?
    package var device: StringSpan?
    package var name: StringSpan?
    package var note: StringSpan?
    package var reason: StringSpan?
    /// The target span; nil for `world`, which is `targetIsWorld`.
    package var target: StringSpan?
    package var type = EventKind.created
    package var axes: AxisSet?
    package var relation: Relation?
    package var targetIsWorld = false

    /// What the optional integers hold for nil.
    private static let absent = Int64.min

    package init() {}

    package var batch: Int64? {
        get { storedBatch == Self.absent ? nil : storedBatch }
        set { storedBatch = newValue ?? Self.absent }
    }
    package var dat: Timestamp? {
        get { storedDat == Self.absent ? nil : Timestamp(milliseconds: storedDat) }
        set { storedDat = newValue?.milliseconds ?? Self.absent }
    }
    package var dseq: Int64? {
        get { storedDseq == Self.absent ? nil : storedDseq }
        set { storedDseq = newValue ?? Self.absent }
    }
    package var undoes: Int64? {
        get { storedUndoes == Self.absent ? nil : storedUndoes }
        set { storedUndoes = newValue ?? Self.absent }
    }

    /// Whether the line carries a device origin.
    package var hasOrigin: Bool { device != nil }
}

/// The `type` member's values this build knows: the domain's event types,
/// whose names are the tokens written in the log.
package typealias EventKind = EventType

extension EventType {
    /// The token written in the log.
    package var token: String { rawValue }

    /// The lowest line version that may carry this type.
    package var minimumVersion: Int64 {
        switch self {
        case .created, .renamed, .placed: return 1
        case .returned, .seen, .archived, .restored, .refused: return 2
        }
    }
}

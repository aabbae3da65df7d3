import PlingsDomain

/// Where one string member's contents sit in a line: the bytes between its
/// quotes, and whether any of them is an escape.
package struct StringSpan: Sendable, Hashable {
    // One word: the start in bits 0–14, the end in bits 15–29, the escape
    // flag in bit 30. A line is at most 16 KiB (`LineFormat.maxLineBytes`)
    // and only `MemberScanner` makes spans, inside a line, so both bounds
    // fit 15 bits; a word with all bits set is never a span, and stands for
    // nil where `LineFields` stores an optional span.
    fileprivate var raw: UInt32

    package init(range: Range<Int>, escaped: Bool) {
        raw =
            UInt32(truncatingIfNeeded: range.lowerBound) & 0x7FFF
            | (UInt32(truncatingIfNeeded: range.upperBound) & 0x7FFF) << 15 | (escaped ? 1 << 30 : 0)
    }

    fileprivate init(raw: UInt32) { self.raw = raw }

    /// The bytes between the quotes.
    package var range: Range<Int> { Int(raw & 0x7FFF)..<Int(raw >> 15 & 0x7FFF) }

    /// Whether any of the bytes is an escape.
    package var escaped: Bool { raw & 1 << 30 != 0 }

    /// What an optional span stores for nil.
    fileprivate static let none = UInt32.max
}

/// One line's members after the strict scan: byte ranges into the line and
/// the values that are cheap to parse. Nothing is allocated; turning the
/// spans into strings is `LineCodec.interpret`'s job.
///
/// The members, in the order they must appear (sorted keys, `hash` last):
/// actor, at, axes, batch, cid, clock, code, command, dat, device, dseq, due, name, note,
/// object, prev, reason, relation, seq, target, type, undoes, v.
///
/// 192 bytes, three cache lines (the reading thread's chunk keeps them on
/// line boundaries): the folding thread reads every line's from the other
/// core. So the members are stored widest first, with nothing between them,
/// the optional integers with `absent` for nil (a scanned integer is never
/// negative and a scanned time never that far back) and the optional spans
/// as their word.
package struct LineFields: Sendable, Equatable {
    package var version: Int64 = 0
    package var seq: Int64 = 0
    package var at = Timestamp(milliseconds: 0)
    /// The keys of `object` and `target` in the registry's table
    /// (`ObjectRegistry.key`; 0 for an id longer than 8 bytes), made
    /// by the scan so that the fold finds a short id without reading its bytes.
    package var objectKey: UInt64 = 0
    package var targetKey: UInt64 = 0
    private var storedBatch = absent
    private var storedDat = absent
    private var storedDseq = absent
    private var storedUndoes = absent
    /// The `prev` member.
    package var prev = Digest.zero
    /// The `hash` member (set once the line's own hash checked out).
    package var hash = Digest.zero
    private var storedBodyEnd: Int32 = 0
    package var object = StringSpan(range: 0..<0, escaped: false)
    private var spans = Spans()
    package var type = EventKind.created
    package var axes: AxisSet?
    package var relation: Relation?
    package var targetIsWorld = false
    /// Whether the `command` member (of a `refused` line) is `lend`, which needs version 4.
    package var commandIsLend = false
    /// Where the `clock` member's 24 canonical bytes start in the line (0: no such member; a
    /// line is at most 16 KiB). Two bytes, so the members stay within three cache lines.
    private var clockStart: UInt16 = 0

    /// The optional spans' words (`StringSpan.none` for nil).
    private struct Spans: Sendable, Equatable {
        var actor = StringSpan.none
        var cid = StringSpan.none
        var code = StringSpan.none
        var command = StringSpan.none
        var device = StringSpan.none
        var due = StringSpan.none
        var name = StringSpan.none
        var note = StringSpan.none
        var reason = StringSpan.none
        var target = StringSpan.none
    }

    /// What the optional integers hold for nil.
    private static let absent = Int64.min

    package init() {}

    /// Where the hashed bytes end (the comma before `"hash"`).
    package var bodyEnd: Int {
        get { Int(storedBodyEnd) }
        set { storedBodyEnd = Int32(truncatingIfNeeded: newValue) }
    }

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

    @inline(__always)
    private static func span(_ raw: UInt32) -> StringSpan? { raw == StringSpan.none ? nil : StringSpan(raw: raw) }

    package var actor: StringSpan? {
        get { Self.span(spans.actor) }
        set { spans.actor = newValue?.raw ?? StringSpan.none }
    }
    package var cid: StringSpan? {
        get { Self.span(spans.cid) }
        set { spans.cid = newValue?.raw ?? StringSpan.none }
    }
    package var code: StringSpan? {
        get { Self.span(spans.code) }
        set { spans.code = newValue?.raw ?? StringSpan.none }
    }
    package var command: StringSpan? {
        get { Self.span(spans.command) }
        set { spans.command = newValue?.raw ?? StringSpan.none }
    }
    package var device: StringSpan? {
        get { Self.span(spans.device) }
        set { spans.device = newValue?.raw ?? StringSpan.none }
    }
    /// The `due` member of a `lent` line (`YYYY-MM-DD`, checked by the scan).
    package var due: StringSpan? {
        get { Self.span(spans.due) }
        set { spans.due = newValue?.raw ?? StringSpan.none }
    }
    package var name: StringSpan? {
        get { Self.span(spans.name) }
        set { spans.name = newValue?.raw ?? StringSpan.none }
    }
    package var note: StringSpan? {
        get { Self.span(spans.note) }
        set { spans.note = newValue?.raw ?? StringSpan.none }
    }
    package var reason: StringSpan? {
        get { Self.span(spans.reason) }
        set { spans.reason = newValue?.raw ?? StringSpan.none }
    }
    /// The target span; nil for `world`, which is `targetIsWorld`.
    package var target: StringSpan? {
        get { Self.span(spans.target) }
        set { spans.target = newValue?.raw ?? StringSpan.none }
    }

    /// The `clock` member: the writer's clock when it was behind the log (version 4), read from
    /// the line `p` the fields were scanned from.
    package func clock(in p: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        guard clockStart > 0, Int(clockStart) + 24 <= p.count else { return nil }
        return Timestamp.parseCanonical(UnsafeBufferPointer(rebasing: p[Int(clockStart)..<Int(clockStart) + 24]))
    }

    /// Whether the line carries a `clock` member.
    package var hasClock: Bool { clockStart > 0 }

    /// Records where the `clock` member's time starts.
    package mutating func setClockStart(_ start: Int) { clockStart = UInt16(truncatingIfNeeded: start) }

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
        case .lent: return 4
        }
    }
}

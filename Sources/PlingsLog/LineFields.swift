import PlingsDomain

/// Where one string member's contents sit in a line: the bytes between its
/// quotes, and whether any of them is an escape.
package struct StringSpan: Sendable, Hashable {
    // 32-bit bounds (a line is at most 16 KiB): `LineFields` stays small, and
    // it is copied once per line from the reading thread's chunk.
    private var start: Int32
    private var end: Int32
    package var escaped: Bool

    package init(range: Range<Int>, escaped: Bool) {
        start = Int32(truncatingIfNeeded: range.lowerBound)
        end = Int32(truncatingIfNeeded: range.upperBound)
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
    package var version: Int64 = 0
    package var seq: Int64 = 0
    package var at = Timestamp(milliseconds: 0)
    package var type = EventKind.created
    /// The `prev` member.
    package var prev = Digest.zero
    /// The `hash` member (set once the line's own hash checked out).
    package var hash = Digest.zero
    /// Where the hashed bytes end (the comma before `"hash"`).
    package var bodyEnd = 0
    package var actor: StringSpan?
    package var axes: AxisSet?
    package var batch: Int64?
    package var cid: StringSpan?
    package var code: StringSpan?
    package var command: StringSpan?
    package var dat: Timestamp?
    package var device: StringSpan?
    package var dseq: Int64?
    package var name: StringSpan?
    package var note: StringSpan?
    package var object = StringSpan(range: 0..<0, escaped: false)
    /// The keys of `object` and `target` in the registry's table
    /// (`ObjectRegistry.paddedKey`; 0 for an id longer than 8 bytes), made
    /// by the scan so that the fold finds a short id without reading its bytes.
    package var objectKey: UInt64 = 0
    package var targetKey: UInt64 = 0
    package var reason: StringSpan?
    package var relation: Relation?
    /// The target span; nil for `world`, which is `targetIsWorld`.
    package var target: StringSpan?
    package var targetIsWorld = false
    package var undoes: Int64?

    package init() {}

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

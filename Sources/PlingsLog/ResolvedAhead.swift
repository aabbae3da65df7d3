import PlingsDomain

/// The indices replay's look-ahead found for the ids of coming placements,
/// by the line's offset in the file: a small table in which a later line may
/// take an earlier one's place (the fold then looks the ids up itself).
///
/// A found index is still right when the line's turn comes: during a run the
/// registry only grows (an id is never removed or given another index), so
/// an id found a few lines early names the same object when it is folded.
/// An id not found is not recorded as missing: an object created in between
/// may have it, so the fold looks it up again.
struct ResolvedAhead {
    private struct Entry {
        var offset: Int64 = -1
        var object: ObjectIndex = ResolvedAhead.unknown
        var target: ObjectIndex = ResolvedAhead.unknown
    }

    private static let unknown = ObjectIndex.min
    private static let slotBits = 5
    private var entries = [Entry](repeating: Entry(), count: 1 << slotBits)

    private static func slot(_ offset: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: offset) &* 0x9E37_79B9_7F4A_7C15) >> (64 - UInt64(slotBits)))
    }

    /// Records what the look-ahead found for the line at `offset` (nil: not found).
    mutating func record(offset: Int64, object: ObjectIndex?, target: ObjectIndex?) {
        entries[Self.slot(offset)] = Entry(
            offset: offset, object: object ?? Self.unknown, target: target ?? Self.unknown)
    }

    /// What the look-ahead found for the line at `offset`: nil for an id it
    /// did not find, or for both when the line has no entry (any more).
    func indices(at offset: Int64) -> (object: ObjectIndex?, target: ObjectIndex?) {
        let entry = entries[Self.slot(offset)]
        guard entry.offset == offset else { return (nil, nil) }
        return (
            entry.object == Self.unknown ? nil : entry.object, entry.target == Self.unknown ? nil : entry.target
        )
    }

    /// Forgets every entry (at the start of a run, and whenever the caller
    /// may have changed the state).
    mutating func clear() {
        for k in entries.indices { entries[k] = Entry() }
    }
}

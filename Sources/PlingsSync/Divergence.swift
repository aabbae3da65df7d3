/// Why the device's mirror is not a prefix of the hub's log (`SyncError.diverged`), as data the
/// catalog words.
public enum Divergence: Sendable, Hashable {
    /// The mirror is longer than the hub's log.
    case mirrorLonger
    /// An empty mirror says it has a head.
    case emptyMirrorWithHead
    /// The hub has no line ending at byte `offset` with a hash beginning `hash`.
    case noLineWithHash(offset: Int64, hash: String)
    /// No line of the hub's log ends at byte `offset`.
    case noLineEndsAt(offset: Int64)
    /// Device seq `dseq` of `device` already holds another command at the hub.
    case seqTaken(dseq: Int64, device: String)
    /// The hub's head, at the mirror's length, is not the mirror's head.
    case headDiffers
    /// The hub's line at byte `offset` does not follow the device's line `seq` (hash beginning `hash`).
    case notFollowing(offset: Int64, seq: Int64, hash: String)
}

import PlingsKit

/// What one sync did.
public struct SyncReport: Sendable, Hashable, Codable {
    /// A pushed command the hub refused, with its reason.
    public struct Refused: Sendable, Hashable, Codable {
        /// The command's device seq.
        public var dseq: Int64
        /// The refused command.
        public var command: WireCommand
        /// The refusal's stable code (a `DomainError` code).
        public var code: String
        /// The reason, as the hub recorded it.
        public var reason: String
    }

    /// How many pending commands were pushed.
    public var pushed = 0
    /// How many of them the hub accepted.
    public var accepted = 0
    /// The ones it refused, with their reasons.
    public var refused: [Refused] = []
    /// How many lines were pulled into the mirror.
    public var pulled = 0
    /// The hub's head after the sync.
    public var head = SyncProtocol.Head(seq: 0, hash: Digest.zero.hex, offset: 0)
    /// Bytes sent and received.
    public var bytesOnWire = 0
}

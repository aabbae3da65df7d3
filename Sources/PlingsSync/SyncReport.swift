import PlingsKit

/// What one sync did.
public struct SyncReport: Sendable, Hashable, Codable {
    /// A pushed command the hub refused, with its reason.
    public struct Refused: Sendable, Hashable, Codable {
        public var dseq: Int64
        public var command: WireCommand
        public var code: String
        public var reason: String
    }

    public var pushed = 0
    public var accepted = 0
    public var refused: [Refused] = []
    public var pulled = 0
    public var head = SyncProtocol.Head(seq: 0, hash: Digest.zero.hex, offset: 0)
    public var bytesOnWire = 0
}

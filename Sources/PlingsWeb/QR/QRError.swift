/// Why a QR code could not be made.
public enum QRError: Error, Sendable, Hashable {
    /// The bytes do not fit the largest symbol (version 40) at the level asked for.
    case tooLong(bytes: Int, capacity: Int)
}

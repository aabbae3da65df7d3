import CPlingsSHA

extension SHA256 {
    /// How the SHA-256 compression function is computed.
    package enum Implementation: Sendable, Hashable, CustomStringConvertible {
        /// The CPU's SHA instructions, from the CPlingsSHA target.
        case accelerated
        /// Plain Swift, on any CPU.
        case portable

        /// What the CPU offers, asked once: 0 none, 1 x86 SHA extensions,
        /// 2 ARMv8 SHA-256 instructions.
        private static let acceleration = Int(plings_sha256_acceleration())

        /// The implementation `SHA256` uses unless told otherwise: the fastest
        /// this CPU can run, chosen at first use.
        package static let active: Implementation = acceleration != 0 ? .accelerated : .portable

        /// The implementations this CPU can run, fastest first.
        package static var available: [Implementation] {
            active == .accelerated ? [.accelerated, .portable] : [.portable]
        }

        /// `self` when this CPU can run it, else `.portable`.
        var runnable: Implementation { self == .accelerated ? Self.active : .portable }

        /// A name for reports: which instructions, or "portable Swift".
        package var description: String {
            switch self {
            case .portable: "portable Swift"
            case .accelerated: Self.acceleration == 2 ? "ARMv8 SHA-256 instructions" : "x86 SHA extensions"
            }
        }
    }
}

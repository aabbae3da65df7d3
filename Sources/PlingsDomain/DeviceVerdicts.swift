/// Projector: the verdict the hub recorded for each command a device pushed,
/// keyed by (device, device seq). Both accepted events (which carry an
/// origin) and `refused` events feed it, so a retried push gets its recorded
/// verdict after any restart: exactly-once is derived from the log alone.
public struct DeviceVerdicts: Sendable, Equatable {
    /// One recorded verdict: the seq of the event that holds it, and the
    /// code and reason when it was a refusal.
    public struct Verdict: Sendable, Hashable {
        public var seq: Int64
        public var code: String?
        public var reason: String?
        /// The command's time on the device and its object: a retry must
        /// carry the same, or the device seq was reused by another command.
        public var deviceAt: Timestamp
        public var object: String

        public init(
            seq: Int64, code: String? = nil, reason: String? = nil, deviceAt: Timestamp = Timestamp(milliseconds: 0),
            object: String = ""
        ) {
            self.seq = seq
            self.code = code
            self.reason = reason
            self.deviceAt = deviceAt
            self.object = object
        }

        /// Whether a command pushed again with this device seq is the one recorded.
        public func isSameCommand(deviceAt: Timestamp, object: String) -> Bool {
            self.deviceAt == deviceAt && self.object == object
        }

        /// Whether the command was accepted (its event changed the state).
        public var isAccepted: Bool { code == nil }
    }

    /// Verdicts by device name, then by device seq.
    public private(set) var byDevice: [String: [Int64: Verdict]] = [:]
    /// The highest device seq with a verdict, by device.
    private var top: [String: Int64] = [:]
    /// The user each device name belongs to: the actor of the first event
    /// with that device's origin that names one (a hub on the web records
    /// the signed-in user as the actor of every pushed command).
    public private(set) var owners: [String: String] = [:]

    public init() {}

    /// Rebuilds the projection from its entries (a snapshot).
    package init(byDevice: [String: [Int64: Verdict]], owners: [String: String] = [:]) {
        self.byDevice = byDevice
        self.owners = owners
        top = byDevice.mapValues { $0.keys.max() ?? 0 }
    }

    /// Records the verdict carried by the event `seq`; the first one for a
    /// (device, device seq) wins, as with command ids. The first actor seen
    /// for a device becomes its owner.
    package mutating func record(
        _ origin: Origin, seq: Int64, object: ObjectID, refusal: Refusal?, actor: String? = nil
    ) {
        if let actor, owners[origin.device] == nil { owners[origin.device] = actor }
        guard byDevice[origin.device]?[origin.deviceSeq] == nil else { return }
        byDevice[origin.device, default: [:]][origin.deviceSeq] = Verdict(
            seq: seq, code: refusal?.code, reason: refusal?.reason, deviceAt: origin.deviceAt,
            object: object.rawValue)
        top[origin.device] = max(top[origin.device] ?? 0, origin.deviceSeq)
    }

    /// The recorded verdict for (device, device seq), if any.
    public func verdict(device: String, deviceSeq: Int64) -> Verdict? {
        byDevice[device]?[deviceSeq]
    }

    /// The user `device` belongs to, or nil while no command of it was pushed by a signed-in user.
    public func owner(of device: String) -> String? { owners[device] }

    /// The highest device seq with a verdict for `device`, 0 when none.
    public func highest(device: String) -> Int64 {
        top[device] ?? 0
    }

    /// How many verdicts are recorded, over all devices.
    public var count: Int { byDevice.values.reduce(0) { $0 + $1.count } }
}

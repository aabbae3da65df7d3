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
        /// A digest of the command as its line records it (`DeviceVerdicts.digest`): a retry must
        /// carry the same command, not only the same object and time.
        public var command: UInt64

        public init(
            seq: Int64, code: String? = nil, reason: String? = nil, deviceAt: Timestamp = Timestamp(milliseconds: 0),
            object: String = "", command: UInt64 = 0
        ) {
            self.seq = seq
            self.code = code
            self.reason = reason
            self.deviceAt = deviceAt
            self.object = object
            self.command = command
        }

        /// Whether a command pushed again with this device seq is the one recorded: the same time
        /// on the device, object and command (`digest` of what the verdict's line records).
        public func isSameCommand(deviceAt: Timestamp, object: String, command: UInt64) -> Bool {
            self.deviceAt == deviceAt && self.object == object && self.command == command
        }

        /// Whether the command was accepted (its event changed the state).
        public var isAccepted: Bool { code == nil }
    }

    /// Verdicts by device name, then by device seq (made from the tables: what a snapshot
    /// writes reads `tables` in order instead).
    public var byDevice: [String: [Int64: Verdict]] {
        tables.mapValues { table in
            var verdicts: [Int64: Verdict] = [:]
            verdicts.reserveCapacity(table.count)
            table.forEach { verdicts[$0] = $1 }
            return verdicts
        }
    }
    /// Each device's verdicts, by device name.
    package private(set) var tables: [String: Table] = [:]
    /// The user each device name belongs to: the actor of the first event
    /// with that device's origin that names one (a hub on the web records
    /// the signed-in user as the actor of every pushed command).
    public private(set) var owners: [String: String] = [:]

    public init() {}

    /// Rebuilds the projection from its tables (a snapshot).
    package init(tables: [String: Table], owners: [String: String] = [:]) {
        self.tables = tables
        self.owners = owners
    }

    /// Records the verdict carried by the event `seq`; the first one for a
    /// (device, device seq) wins, as with command ids. The first actor seen
    /// for a device becomes its owner.
    package mutating func record(_ origin: Origin, seq: Int64, payload: EventPayload, actor: String? = nil) {
        if let actor, owners[origin.device] == nil { owners[origin.device] = actor }
        // The device's table is found once and changed in place (every replayed line of a hub with
        // devices comes here).
        tables[origin.device, default: Table()].add(origin.deviceSeq) {
            let refusal = payload.refusal
            return Verdict(
                seq: seq, code: refusal?.code, reason: refusal?.reason, deviceAt: origin.deviceAt,
                object: payload.object.rawValue, command: Self.digest(of: payload))
        }
    }

    /// The recorded verdict for (device, device seq), if any.
    public func verdict(device: String, deviceSeq: Int64) -> Verdict? {
        tables[device]?[deviceSeq]
    }

    /// The user `device` belongs to, or nil while no command of it was pushed by a signed-in user.
    public func owner(of device: String) -> String? { owners[device] }

    /// The highest device seq with a verdict for `device`, 0 when none.
    public func highest(device: String) -> Int64 {
        tables[device]?.highest ?? 0
    }

    /// How many verdicts are recorded, over all devices.
    public var count: Int { tables.values.reduce(0) { $0 + $1.count } }

    /// The digest of a device's command as the first event with its origin records it: its
    /// kind and the members a `refused` line keeps (name; relation, target and, for `place`,
    /// axes). An accepted command's event gives the same digest as the command itself
    /// (`digest(of: Command)`); a refused one's, as its refusal (`digest(of: .refused(…))`).
    public static func digest(of payload: EventPayload) -> UInt64 {
        switch payload {
        case .created(let id, let name): return digest("create", id, name: name)
        case .renamed(let id, let name): return digest("rename", id, name: name)
        case .placed(let p): return digest("place", p.object, relation: p.relation, target: p.target, axes: p.axes)
        case .returned(let id): return digest("return", id)
        case .seen(let id): return digest("seen", id)
        case .archived(let id, _): return digest("archive", id)
        case .restored(let p): return digest("restore", p.object, relation: p.relation, target: p.target)
        case .lent(let loan):
            switch loan.borrower {
            case .thing(let id): return lendDigest(loan.object, to: id.rawValue)
            case .name(let name): return lendDigest(loan.object, to: name)
            }
        case .refused(let r):
            let command = r.recordedCommand
            let target: ObjectID?
            switch command {
            case .place(let p)?: target = p.target
            case .restore(_, _, let t)?: target = t
            default: target = r.target.map { ObjectID(unchecked: $0) }
            }
            return digest(
                r.command, r.object, name: r.name, relation: r.relation, target: target,
                axes: r.command == "place" ? r.axes : nil)
        }
    }

    /// The digest of a command a device pushed, as an accepted command's event records it.
    public static func digest(of command: Command) -> UInt64 {
        switch command {
        case .create(let id, let name): return digest("create", id, name: name)
        case .rename(let id, let name): return digest("rename", id, name: name)
        case .place(let p): return digest("place", p.object, relation: p.relation, target: p.target, axes: p.axes)
        case .returnHome(let id): return digest("return", id)
        case .seen(let id): return digest("seen", id)
        case .archive(let id, _, _): return digest("archive", id)
        case .restore(let id, let relation, let target):
            return digest("restore", id, relation: relation, target: target)
        case .lend(let id, let to, _, _): return lendDigest(id, to: to)
        case .returnAll, .undo: return 0
        }
    }

    /// A loan's digest: the borrower as a refused line records it, as its target when it could be
    /// an id, else as its name (the due day and note are not recorded, like an archive's note).
    private static func lendDigest(_ object: ObjectID, to borrower: String) -> UInt64 {
        ObjectID.problem(with: borrower) == nil
            ? digest("lend", object, target: ObjectID(unchecked: borrower)) : digest("lend", object, name: borrower)
    }

    /// FNV-1a (64 bits) of the members, each after a tag byte, so that no two lists of members
    /// give the same bytes.
    private static func digest(
        _ kind: String, _ object: ObjectID, name: String? = nil, relation: Relation? = nil, target: ObjectID? = nil,
        axes: AxisSet? = nil
    ) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func byte(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        // The tag, the text's bytes and a 0, without making an array of them (a push digests every command).
        func take(_ tag: UInt8, _ text: String) {
            byte(tag)
            for b in text.utf8 { byte(b) }
            byte(0)
        }
        // A number as the digits `String(value)` writes, without making the string.
        func take(_ tag: UInt8, _ value: UInt8) {
            byte(tag)
            if value >= 100 { byte(0x30 + value / 100) }
            if value >= 10 { byte(0x30 + value / 10 % 10) }
            byte(0x30 + value % 10)
            byte(0)
        }
        take(1, kind)
        take(2, object.rawValue)
        if let name { take(3, name) }
        if let relation { take(4, relation.token) }
        if let target { take(5, target.rawValue) }
        if let axes { take(6, axes.rawValue) }
        return hash
    }
}

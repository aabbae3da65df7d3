import Foundation
import PlingsKit

/// What makes a log a device: the hub it mirrors and the device's name,
/// kept in `<log>.device` beside the log.
public struct DeviceConfig: Sendable, Hashable, Codable {
    /// The hub: a path, `ssh://[user@]host/path`, or empty when reached with `--via`.
    public var source: String
    /// The command that speaks the protocol, when cloned with `--via`.
    public var via: String?
    /// The device's name: the origin of every command it pushes.
    public var device: String
    /// The config format's version.
    public var version: Int

    /// Settings for a device named `device` of the hub at `source`, reached through `via` when given.
    public init(source: String, via: String? = nil, device: String) {
        self.source = source
        self.via = via
        self.device = device
        self.version = 1
    }

    /// The hub as a person named it: its source, or the `--via` command it is reached with.
    var hubName: String { source.isEmpty ? (via ?? "") : source }

    /// The config's path for the log at `logPath`.
    public static func path(forLog logPath: String) -> String { DeviceMark.path(forLog: logPath) }

    /// Reads the config beside `logPath`, or nil when the log is not a device.
    public static func load(forLog logPath: String) throws(SyncError) -> DeviceConfig? {
        guard let bytes = try SyncFiles.read(path(forLog: logPath), log: logPath) else { return nil }
        do {
            return try JSONDecoder().decode(DeviceConfig.self, from: Data(bytes))
        } catch {
            throw .notADevice(path(forLog: logPath))
        }
    }

    /// Writes the config atomically.
    func save(forLog logPath: String) throws(SyncError) {
        try SyncFiles.replace(Self.path(forLog: logPath), log: logPath, with: SyncProtocol.encodeLine(self))
    }

    /// Why `name` cannot be a device name, or nil when it can: 1 to 32 of
    /// A–Z a–z 0–9 '-' '_', not starting with '-'.
    public static func problem(with name: String) -> DeviceNameProblem? {
        let bytes = Array(name.utf8)
        if bytes.isEmpty || bytes.count > 32 { return .length }
        if bytes[0] == UInt8(ascii: "-") { return .leadingDash }
        let ok = bytes.allSatisfy { ObjectID.isIDByte($0) && $0 != UInt8(ascii: ".") }
        return ok ? nil : .characters
    }

    /// A valid device name made from the host name and a short random
    /// suffix (the default for `plings clone`), `laptop-k3f9`: two clones on
    /// one machine never share a name, so neither's commands are refused as
    /// another device's.
    public static func defaultName() -> String {
        var rng = SystemRandomNumberGenerator()
        return defaultName(host: SyncFiles.hostName(), using: &rng)
    }

    /// `defaultName()` for `host`, with the suffix drawn from `rng`.
    public static func defaultName<R: RandomNumberGenerator>(host: String, using rng: inout R) -> String {
        let first = host.split(separator: ".").first.map(String.init) ?? ""
        let cleaned = String(
            String.UnicodeScalarView(
                first.unicodeScalars.map { s in
                    s.isASCII && ObjectID.isIDByte(UInt8(s.value)) && s != "." ? s : "-"
                }.prefix(27)))
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        let suffix = String((0..<4).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        let base = problem(with: cleaned) == nil ? cleaned : "device"
        return base + "-" + suffix
    }
}

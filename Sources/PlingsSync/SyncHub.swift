import PlingsKit
import PlingsPlatform

/// The hub side of sync: answers protocol messages for one hub log.
///
/// A pure exchange: `respond(to:)` takes one request message's bytes and
/// returns the answer's bytes, so any transport can carry it (stdin/stdout,
/// ssh, an app's own HTTP). Pushed commands are re-decided under the log's
/// exclusive lock, in arrival order, and every verdict is recorded in the
/// log: an accepted command with its origin, a refused one as a `refused` event.
public final class SyncHub {
    /// The hub log's path.
    public let path: String
    let store: Store

    /// Opens the hub log at `path`.
    /// - Throws: `SyncError.store` when it is missing, damaged or not a Plings log.
    public init(path: String) throws(SyncError) {
        try Self.checkServable(path)
        self.path = path
        do { store = try Store(path: path) } catch { throw .store(error) }
    }

    /// Checks that the log at `path` exists and is not a device's mirror.
    static func checkServable(_ path: String) throws(SyncError) {
        guard SyncFiles.exists(path) else {
            throw .store(.log(.io(path: path, operation: .opening, .noSuchFile)))
        }
        // A device's mirror is written only by pulling from its hub: serving it as a hub would
        // put lines in it that the real hub never had.
        // Decided by the file itself: a link to a mirror is the mirror.
        if DeviceMark.isMirrorFile(logPath: path) { throw .mirrorNotAHub(path) }
    }

    /// Answers one request. Errors become `error` answers; this never throws.
    /// - Parameter user: the signed-in user (a hub on the web: `REMOTE_USER`),
    ///   recorded as the actor of every pushed command; a device name belongs
    ///   to the first user who pushed as it.
    public func respond(to request: [UInt8], user: String? = nil) -> [UInt8] {
        do {
            return try answerBytes(to: try SyncMessage.parse(request), user: user)
        } catch {
            return Self.errorAnswer(error).bytes
        }
    }

    /// Answers one parsed request.
    /// - Parameter user: as in `respond(to:user:)`.
    /// - Throws: `SyncError.deviceTaken` when `user` pushes as a device that
    ///   belongs to another user (nothing is written); other `SyncError`s for
    ///   requests the hub cannot answer.
    public func handle(_ request: SyncMessage, user: String? = nil) throws(SyncError) -> SyncMessage {
        if let version = request.header.protocol, version > SyncProtocol.version {
            throw .newerProtocol(version)
        }
        var answer: SyncMessage
        switch request.header.op {
        case "hello": answer = try hello(request.header, user: user)
        case "push": answer = try push(request, user: user)
        case "pull": answer = try pull(request.header)
        default: throw .protocolViolation(.unknownRequest(request.header.op))
        }
        // Answer in the version asked in: a device of version 1 reads the answer.
        answer.header.protocol = min(request.header.protocol ?? 1, SyncProtocol.version)
        return answer
    }

    /// The bytes of the answer to `request`, those of `handle(_:user:)`'s answer: a pull's lines
    /// are copied from the log's page into them once.
    /// - Throws: as `handle(_:user:)`.
    package func answerBytes(to request: SyncMessage, user: String? = nil) throws(SyncError) -> [UInt8] {
        let version = request.header.protocol ?? 1
        guard request.header.op == "pull", version <= SyncProtocol.version else {
            return try handle(request, user: user).bytes
        }
        return try pullBytes(request.header, protocol: version)
    }

    package static func errorAnswer(_ error: SyncError) -> SyncMessage {
        let code: String
        switch error {
        case .newerProtocol: code = "protocol"
        case .diverged: code = "diverged"
        case .oversized, .messageTooLarge: code = "oversized"
        case .truncated: code = "truncated"
        case .store: code = "store"
        case .deviceTaken: code = "device-taken"
        default: code = "request"
        }
        var answer = SyncMessage.error(code, error.message(.en))
        // An error needs nothing new (version 1, so a device of version 1 reads it), except the one that says
        // which version this hub speaks.
        answer.header.protocol = code == "protocol" ? SyncProtocol.version : 1
        return answer
    }

    func refresh() throws(SyncError) {
        do { try store.refresh() } catch { throw .store(error) }
    }

    private func hello(_ header: SyncProtocol.Header, user: String?) throws(SyncError) -> SyncMessage {
        try refresh()
        var next: Int64?
        if let device = header.device {
            try Self.check(device)
            try Self.checkOwner(device, user: user, store.state)
            next = store.state.devices.highest(device: device) + 1
        }
        // The device's mirror must be a prefix of this log before it pushes anything here.
        if let mirror = header.after { try checkMirror(mirror) }
        return SyncMessage(
            SyncProtocol.Header(
                op: "hello", protocol: SyncProtocol.version, head: SyncProtocol.Head(store.cursor), next: next,
                speaks: SyncProtocol.version))
    }

    /// Checks that `device` belongs to nobody or to `user` (any device, without a user).
    static func checkOwner(_ device: String, user: String?, _ state: WorldState) throws(SyncError) {
        guard let user, let owner = state.devices.owner(of: device), owner != user else { return }
        throw .deviceTaken(device)
    }

    static func check(_ device: String) throws(SyncError) {
        if let problem = DeviceConfig.problem(with: device) { throw .invalidDevice(device, problem) }
    }
}

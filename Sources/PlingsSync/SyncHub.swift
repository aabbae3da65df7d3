import PlingsKit

/// The hub side of sync: answers protocol messages for one hub log.
///
/// A pure exchange: `respond(to:)` takes one request message's bytes and
/// returns the answer's bytes, so any transport can carry it (stdin/stdout,
/// ssh, an app's own HTTP). Pushed commands are re-decided under the log's
/// exclusive lock, in arrival order, and every verdict is recorded in the
/// log: an accepted command with its origin, a refused one as a `refused` event.
public final class SyncHub {
    public let path: String
    let store: Store

    /// Opens the hub log at `path`.
    /// - Throws: `SyncError.store` when it is missing, damaged or not a Plings log.
    public init(path: String) throws(SyncError) {
        guard SyncFiles.exists(path) else {
            throw .store(.log(.io(path: path, operation: .opening, errno: 2)))
        }
        self.path = path
        // A device's mirror is written only by pulling from its hub: serving it as a hub would
        // put lines in it that the real hub never had.
        if (try? DeviceConfig.load(forLog: path)) != nil { throw .alreadyADevice(path) }
        do { store = try Store(path: path) } catch { throw .store(error) }
    }

    /// Answers one request. Errors become `error` answers; this never throws.
    public func respond(to request: [UInt8]) -> [UInt8] {
        do {
            return try handle(try SyncMessage.parse(request)).bytes
        } catch {
            return Self.errorAnswer(error).bytes
        }
    }

    /// Answers one parsed request.
    public func handle(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
        if let version = request.header.protocol, version > SyncProtocol.version {
            throw .newerProtocol(version)
        }
        var answer: SyncMessage
        switch request.header.op {
        case "hello": answer = try hello(request.header)
        case "push": answer = try push(request)
        case "pull": answer = try pull(request.header)
        default: throw .protocolViolation("unknown request '\(Printable.quote(request.header.op))'")
        }
        // Answer in the version asked in: a device of version 1 reads the answer.
        answer.header.protocol = min(request.header.protocol ?? 1, SyncProtocol.version)
        return answer
    }

    static func errorAnswer(_ error: SyncError) -> SyncMessage {
        let code: String
        switch error {
        case .newerProtocol: code = "protocol"
        case .diverged: code = "diverged"
        case .oversized: code = "oversized"
        case .truncated: code = "truncated"
        case .store: code = "store"
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

    private func hello(_ header: SyncProtocol.Header) throws(SyncError) -> SyncMessage {
        try refresh()
        var next: Int64?
        if let device = header.device {
            try Self.check(device)
            next = store.state.devices.highest(device: device) + 1
        }
        return SyncMessage(
            SyncProtocol.Header(
                op: "hello", protocol: SyncProtocol.version, head: SyncProtocol.Head(store.cursor), next: next))
    }

    static func check(_ device: String) throws(SyncError) {
        if let problem = DeviceConfig.problem(with: device) { throw .invalidDevice(device, problem) }
    }
}

import PlingsKit

/// Carries one request message to a hub and brings its answer back. The CLI
/// has three (a local path, a child process over ssh or `--via`); an app
/// brings its own.
public protocol SyncTransport: AnyObject {
    /// Sends `request` and returns the hub's answer.
    func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage
    /// Bytes sent and received so far.
    var bytesOnWire: Int { get }
}

/// A hub log reached by path, in this process: the request and the answer
/// still go through their wire bytes, so this path tests the protocol too.
public final class LocalTransport: SyncTransport {
    private let hub: SyncHub
    public private(set) var bytesOnWire = 0

    /// Opens the hub log at `path`.
    public init(hubPath path: String) throws(SyncError) {
        hub = try SyncHub(path: path)
    }

    public func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
        let bytes = request.bytes
        let answer = hub.respond(to: bytes)
        bytesOnWire += bytes.count + answer.count
        return try SyncMessage.parse(answer)
    }
}

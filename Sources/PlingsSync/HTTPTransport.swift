import PlingsKit

/// The sync transport to a hub on the web (`HTTPHub`): each request
/// message is one `POST BASE/sync`.
public final class HTTPTransport: SyncTransport {
    /// The hub.
    public let hub: HTTPHub

    /// A transport that sends each request to `hub`.
    public init(hub: HTTPHub) {
        self.hub = hub
    }

    public var bytesOnWire: Int { hub.bytesOnWire }

    public func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
        try SyncMessage.parse(try hub.post(request.bytes))
    }

    /// A page by `GET BASE/log` (which a cache in front may answer).
    public func logPage(from offset: Int64) throws(SyncError) -> LogPage? {
        try hub.logPage(from: offset)
    }

    /// The hub's published snapshot by `GET BASE/snapshot`, for a shallow clone.
    public func publishedSnapshot() throws(SyncError) -> [UInt8]? {
        try hub.publishedSnapshot()
    }
}

import PlingsKit

/// Carries one request message to a hub and brings its answer back. The CLI
/// has three (a local path, a child process over ssh or `--via`); an app
/// brings its own.
public protocol SyncTransport: AnyObject {
    /// Sends `request` and returns the hub's answer.
    func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage
    /// Bytes sent and received so far.
    var bytesOnWire: Int { get }
    /// The page of the hub's raw log that starts at `offset` (a line
    /// boundary), for a transport that reads the log directly (a path, the
    /// web's `GET BASE/log`); nil for one that pulls by messages only.
    func logPage(from offset: Int64) throws(SyncError) -> LogPage?
    /// The bytes of the newest snapshot the hub published (for a shallow clone), for a transport that
    /// reads the hub's files (a path, the web's `GET BASE/snapshot`); nil for one that carries only
    /// messages.
    /// - Throws: `SyncError.noSnapshot` when the hub has published none that checks out.
    func publishedSnapshot() throws(SyncError) -> [UInt8]?
}

extension SyncTransport {
    /// Pulls by messages: no raw pages.
    public func logPage(from offset: Int64) throws(SyncError) -> LogPage? { nil }
    /// Carries messages only: no snapshot.
    public func publishedSnapshot() throws(SyncError) -> [UInt8]? { nil }
}

/// A hub log reached by path, in this process: the request and the answer
/// still go through their wire bytes, so this path tests the protocol too.
public final class LocalTransport: SyncTransport {
    private let hub: SyncHub
    public private(set) var bytesOnWire = 0
    /// About how many bytes of log one page carries.
    static let pageBytes = 32 << 20

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

    /// Reads the page straight from the hub's log, as `GET BASE/log` serves it.
    public func logPage(from offset: Int64) throws(SyncError) -> LogPage? {
        let page = try LogPage.read(logPath: hub.path, from: offset, budget: Self.pageBytes)
        bytesOnWire += page.bytes.count
        return page
    }

    /// Reads the hub's published snapshot straight from its file, checked as `GET BASE/snapshot` checks it.
    public func publishedSnapshot() throws(SyncError) -> [UInt8]? {
        guard case .success(let checked) = PublishedSnapshot.load(forLog: hub.path) else { throw .noSnapshot }
        bytesOnWire += checked.bytes.count
        return checked.bytes
    }
}

/// Why the connection to a sync peer failed (`SyncError.transport`), as data the catalog words;
/// a system error is carried as its code, worded by the catalog too.
public enum TransportProblem: Sendable, Hashable {
    /// The hub's web server stopped reading the request (the system's error code).
    case webServerStoppedReading(errno: Int32)
    /// The connection to the hub's web server failed (the system's error code).
    case webConnectionFailed(errno: Int32)
    /// The command reaching the hub could not be started.
    case cannotStart(String)
    /// The hub's process stopped reading (it exited or closed its input).
    case hubStoppedReading
    /// The hub's process ended without answering.
    case hubEndedWithoutAnswer
    /// A text that is not an http(s)://host/path URL.
    case notWebURL(String)
    /// The web request ended with no HTTP answer.
    case noHTTPAnswer
    /// The web request failed: the system's own words (URLSession's, for TLS and the like),
    /// which have no catalog entry; quoted when shown.
    case webRequestFailed(detail: String)
    /// The device stopped reading (`serve --stdio`).
    case deviceStoppedReading
    /// The host's name does not resolve.
    case unknownHost(String)
    /// Connecting to `host:port` failed (the system's error code).
    case cannotConnect(String, errno: Int32)
    /// A sync with no SOURCE and no `--via`.
    case noSource
}

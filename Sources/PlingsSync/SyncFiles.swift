import PlingsKit
import PlingsPlatform

/// The few file operations the device side needs beside the log: whole-file
/// reads, durable appends and atomic replacement. Every file is a `SideFile`
/// of the log: opened as the log is (never through a link, never waiting on
/// a FIFO, regular files only) and made with the log's permissions.
enum SyncFiles {
    /// The whole file, or nil when it does not exist.
    static func read(_ path: String, log: String) throws(SyncError) -> [UInt8]? {
        try attempt { () throws(LogError) in try SideFile(path, log: log).read() }
    }

    static func exists(_ path: String) -> Bool { Platform.exists(path) }

    /// Appends `bytes` at the end of the file (created when missing) and fsyncs it.
    /// `keep` first cuts the file back to that many bytes (a torn tail).
    static func append(_ bytes: [UInt8], to path: String, log: String, keep: Int? = nil) throws(SyncError) {
        try attempt { () throws(LogError) in try SideFile(path, log: log).append(bytes, keep: keep) }
    }

    /// Replaces the file atomically: a temporary file made with O_EXCL,
    /// written and fsynced, renamed over `path`, then the directory fsynced.
    static func replace(_ path: String, log: String, with bytes: [UInt8]) throws(SyncError) {
        try attempt { () throws(LogError) in try SideFile(path, log: log).replace(with: bytes) }
    }

    /// Removes the file (a link itself, never its target).
    static func remove(_ path: String, log: String) throws(SyncError) {
        do throws(SystemErrno) {
            try Platform.remove(path)
        } catch {
            throw .store(.log(.io(path: path, operation: .writing, errno: error.code)))
        }
    }

    /// Runs a step on a side file, its `LogError` as the sync layer's.
    private static func attempt<T>(_ call: () throws(LogError) -> T) throws(SyncError) -> T {
        do throws(LogError) {
            return try call()
        } catch {
            throw .store(.log(error))
        }
    }

    /// Runs `body` holding an exclusive `flock` on the file at `path` (created when missing).
    static func withLock<T>(_ path: String, log: String, _ body: () throws(SyncError) -> T) throws(SyncError) -> T {
        try SideFile(path, log: log).withLock(body) { SyncError.store(.log($0)) }
    }

    /// The host name, for the default device name.
    static func hostName() -> String { Platform.hostName() ?? "device" }
}

import PlingsKit
import PlingsPlatform

/// The few file operations the device side needs beside the log: whole-file
/// reads, durable appends and atomic replacement, through the platform layer.
enum SyncFiles {
    /// The whole file, or nil when it does not exist.
    static func read(_ path: String) throws(SyncError) -> [UInt8]? {
        let fd: FileDescriptor
        do throws(SystemErrno) {
            fd = try Platform.open(path, .readOnly)
        } catch {
            if error == .noSuchFile { return nil }
            throw failure(path, "opening", error)
        }
        defer { fd.close() }
        return try attempt(path, "reading") { () throws(SystemErrno) in try fd.readToEnd() }
    }

    static func exists(_ path: String) -> Bool { Platform.exists(path) }

    /// Appends `bytes` at the end of the file (created when missing) and fsyncs it.
    /// `keep` first cuts the file back to that many bytes (a torn tail).
    static func append(_ bytes: [UInt8], to path: String, keep: Int? = nil) throws(SyncError) {
        let fd = try attempt(path, "opening") { () throws(SystemErrno) in
            try Platform.open(path, .writeOnly, [.append, .create])
        }
        defer { fd.close() }
        if let keep {
            try attempt(path, "cutting the torn tail of") { () throws(SystemErrno) in try fd.truncate(to: Int64(keep)) }
        }
        try attempt(path, "writing") { () throws(SystemErrno) in try fd.writeAll(bytes) }
        try attempt(path, "syncing") { () throws(SystemErrno) in try fd.sync() }
    }

    /// Replaces the file atomically: a temporary file made with O_EXCL,
    /// written and fsynced, renamed over `path`, then the directory fsynced.
    static func replace(_ path: String, with bytes: [UInt8]) throws(SyncError) {
        let temp = path + ".tmp"
        try? Platform.remove(temp)  // A leftover from a crash holds nothing of value.
        let fd = try attempt(temp, "creating") { () throws(SystemErrno) in
            try Platform.open(temp, .writeOnly, [.create, .exclusive])
        }
        var failed: SyncError?
        do throws(SyncError) {
            try attempt(temp, "writing") { () throws(SystemErrno) in try fd.writeAll(bytes) }
            try attempt(temp, "syncing") { () throws(SystemErrno) in try fd.sync() }
        } catch {
            failed = error
        }
        fd.close()
        if let failed {
            try? Platform.remove(temp)
            throw failed
        }
        try attempt(path, "renaming onto") { () throws(SystemErrno) in try Platform.rename(temp, to: path) }
        try syncDirectory(of: path)
    }

    static func syncDirectory(of path: String) throws(SyncError) {
        let dir = Platform.directory(of: path)
        let dfd = try attempt(dir, "opening the directory") { () throws(SystemErrno) in
            try Platform.open(dir, .readOnly, .directory)
        }
        defer { dfd.close() }
        do throws(SystemErrno) {
            try dfd.sync()
        } catch {
            // A file system that cannot sync a directory: taken as done.
            if error != .invalidArgument { throw failure(dir, "syncing the directory", error) }
        }
    }

    /// Runs a system call, naming the file and the operation when it fails.
    private static func attempt<T>(
        _ path: String, _ operation: String, _ call: () throws(SystemErrno) -> T
    ) throws(SyncError) -> T {
        do throws(SystemErrno) {
            return try call()
        } catch {
            throw failure(path, operation, error)
        }
    }

    private static func failure(_ path: String, _ operation: String, _ error: SystemErrno) -> SyncError {
        .store(.log(.io(path: path, operation: operation, errno: error.code)))
    }

    /// Runs `body` holding an exclusive `flock` on the file at `path` (created when missing).
    static func withLock<T>(_ path: String, _ body: () throws(SyncError) -> T) throws(SyncError) -> T {
        let fd = try attempt(path, "opening") { () throws(SystemErrno) in
            try Platform.open(path, .readWrite, .create)
        }
        defer { fd.close() }
        try attempt(path, "locking") { () throws(SystemErrno) in try fd.lock(.exclusive) }
        return try body()
    }

    /// The host name, for the default device name.
    static func hostName() -> String { Platform.hostName() ?? "device" }
}

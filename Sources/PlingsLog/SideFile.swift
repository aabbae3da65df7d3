import PlingsPlatform

/// A file Plings keeps beside a log — `<log>.quarantine`, a device's
/// `.device`, `.pending` and lock, the scratch file of an atomic replace —
/// opened as the log is: never through a symbolic link, never waiting on a
/// FIFO, only a regular file. A new one takes the log's permissions (its read
/// and write bits; the umask may narrow them, never widen), and an existing
/// one of the user's that is wider than the log is narrowed when it is
/// opened for writing, so a private log never leaks through a file beside it.
package struct SideFile: Sendable {
    /// The side file's path.
    package let path: String
    /// The log it belongs to: its permissions are the side file's.
    package let logPath: String

    /// The side file at `path` of the log at `logPath`.
    package init(_ path: String, log logPath: String) {
        self.path = path
        self.logPath = logPath
    }

    /// The permission bits of a new file beside the log at `logPath`: the
    /// log's read and write bits, or 0o644 (what a new log gets) when there is no log yet.
    package static func permissions(forLog logPath: String) -> UInt32 {
        guard let status = try? Platform.status(logPath) else { return 0o644 }
        return status.mode & 0o666
    }

    /// Opens the file: `O_NOFOLLOW` (a link is refused), `O_NONBLOCK` (a FIFO
    /// never makes the open wait), then `fstat` says a regular file or it is closed and refused.
    /// A file of the user's opened for writing with bits the log lacks loses them.
    /// - Parameter create: create it when missing, with the log's permissions.
    /// - Returns: nil when the file is missing (and `create` is off).
    /// - Throws: `LogError.notRegular` for a link, FIFO, device or folder; `LogError.io` otherwise.
    package func open(
        _ mode: FileDescriptor.AccessMode, _ options: FileDescriptor.OpenOptions = [], create: Bool = false
    ) throws(LogError) -> FileDescriptor? {
        let permissions = Self.permissions(forLog: logPath)
        var flags: FileDescriptor.OpenOptions = options.union([.noFollow, .nonBlocking])
        if create { flags.insert(.create) }
        let fd: FileDescriptor
        do {
            fd = try Platform.open(path, mode, flags, permissions: permissions)
        } catch {
            if error == .noSuchFile && !create { return nil }
            // ELOOP: a link under the name (O_NOFOLLOW); ENXIO: a FIFO no one reads, opened for writing.
            if error == .tooManyLinks || error == .noDevice || error == .isDirectory { throw .notRegular(path: path) }
            throw .io(path: path, operation: .opening, error)
        }
        guard let status = try? fd.status(), status.kind == .regular else {
            fd.close()
            throw .notRegular(path: path)
        }
        if mode != .readOnly, status.userID == Platform.effectiveUserID, status.mode & 0o7777 & ~permissions != 0 {
            try? fd.setPermissions(status.mode & 0o7777 & permissions)
        }
        return fd
    }

    /// The whole file, or nil when it does not exist.
    /// - Throws: `LogError` when it is not a regular file or cannot be read.
    package func read() throws(LogError) -> [UInt8]? {
        guard let fd = try open(.readOnly) else { return nil }
        defer { fd.close() }
        return try LogError.io(path, .reading) { () throws(SystemErrno) in try fd.readToEnd() }
    }

    /// Whether anything is under the name (a dangling link counts: it is not followed).
    package var exists: Bool { (try? Platform.linkStatus(path)) != nil }

    /// Appends `bytes` at the end of the file (created when missing, and then
    /// its folder synced) and syncs it. `keep` first cuts the file back to that many bytes (a torn tail).
    package func append(_ bytes: [UInt8], keep: Int? = nil) throws(LogError) {
        let existed = exists
        guard let fd = try open(.writeOnly, .append, create: true) else {
            throw .io(path: path, operation: .opening, .noSuchFile)
        }
        defer { fd.close() }
        if let keep {
            try LogError.io(path, .cuttingTornTail) { () throws(SystemErrno) in
                try fd.truncate(to: Int64(keep))
            }
        }
        try LogError.io(path, .writing) { () throws(SystemErrno) in try fd.writeAll(bytes) }
        try LogError.io(path, .syncing) { () throws(SystemErrno) in try fd.sync() }
        if !existed { try Self.syncDirectory(containing: path) }
    }

    /// Replaces the file atomically: a new temporary file beside it (`O_EXCL`,
    /// never through a link, with the log's permissions), written and synced,
    /// renamed over the name, then the folder synced. A failure leaves the file as it was.
    /// - Throws: `LogError.notRegular` when the name holds something else than a regular file.
    package func replace(with bytes: [UInt8]) throws(LogError) {
        if let status = try? Platform.linkStatus(path), status.kind != .regular { throw .notRegular(path: path) }
        let temp = path + ".tmp"
        // A leftover from a crash holds nothing of value (unlink removes a link itself, never its target).
        try? Platform.remove(temp)
        // Messages name the file the user knows, never the temporary one.
        let fd = try LogError.io(path, .creating) { () throws(SystemErrno) in
            try Platform.open(
                temp, .writeOnly, [.create, .exclusive, .noFollow], permissions: Self.permissions(forLog: logPath))
        }
        do throws(LogError) {
            try fd.closeAfter { () throws(LogError) in
                try LogError.io(path, .writing) { () throws(SystemErrno) in try fd.writeAll(bytes) }
                try LogError.io(path, .syncing) { () throws(SystemErrno) in try fd.sync() }
            }
            try LogError.io(path, .renamingOnto) { () throws(SystemErrno) in try Platform.rename(temp, to: path) }
        } catch {
            try? Platform.remove(temp)
            throw error
        }
        try Self.syncDirectory(containing: path)
    }

    /// Runs `body` holding an exclusive `flock` on the file (created when missing).
    package func withLock<T, E: Error>(
        _ body: () throws(E) -> T, failed: (LogError) -> E
    ) throws(E) -> T {
        let fd: FileDescriptor
        do throws(LogError) {
            guard let opened = try open(.readWrite, create: true) else {
                throw LogError.io(path: path, operation: .opening, .noSuchFile)
            }
            fd = opened
        } catch {
            throw failed(error)
        }
        defer { fd.close() }
        do throws(LogError) {
            try LogError.io(path, .locking) { () throws(SystemErrno) in try fd.lock(.exclusive) }
        } catch {
            throw failed(error)
        }
        return try body()
    }

    /// Syncs the folder that holds `path`, so a name just made there lasts a crash
    /// (a file system that cannot sync a folder, `EINVAL`, is taken as done).
    package static func syncDirectory(containing path: String) throws(LogError) {
        let dir = Platform.directory(of: path)
        try LogError.io(dir, .syncingDirectory) { () throws(SystemErrno) in try Platform.syncDirectory(dir) }
    }
}

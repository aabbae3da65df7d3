import PlingsPlatform

/// The folder `<log>.plings-cache/` beside a log, where snapshots and the
/// log's identity record live. Everything in it is disposable. It is used
/// only when it is a real folder (not a symbolic link) owned by the user
/// running Plings, so a planted link or a stranger's folder is never written through.
struct CacheFolder {
    let path: String

    init(logPath: String) {
        path = logPath + ".plings-cache"
    }

    /// The folder, opened once (`O_DIRECTORY|O_NOFOLLOW`: never through a link, never anything
    /// but a folder) and checked by `fstat` on what was opened: a folder of the effective user's
    /// that others cannot write. Nil when it is missing or not to be used. Every operation works
    /// relative to this descriptor (`openat`, `renameat`, `unlinkat`), so the name exchanged for a
    /// link meanwhile is never followed.
    func opened() -> FileDescriptor? {
        guard let fd = try? Platform.open(path, .readOnly, [.directory, .noFollow, .nonBlocking]) else {
            return nil
        }
        guard let status = try? fd.status(), status.kind == .directory, Self.isTrusted(status) else {
            fd.close()
            return nil
        }
        return fd
    }

    /// Whether the folder exists and is safe to use (see `opened`).
    var isUsable: Bool {
        guard let fd = opened() else { return false }
        fd.close()
        return true
    }

    /// Whether a folder or file of the cache may be believed: the effective user's, and not
    /// writable by others (anyone else could plant or reseal a snapshot or a timeline).
    static func isTrusted(_ status: FileStatus) -> Bool {
        status.userID == Platform.effectiveUserID && status.mode & 0o002 == 0
    }

    /// Why the folder beside `logPath`, which exists, is not used; nil when it is fine or missing.
    package static func problem(logPath: String) -> CacheProblem? {
        let folder = CacheFolder(logPath: logPath)
        return folder.flaw.map { CacheProblem(path: folder.path, flaw: $0) }
    }

    /// What makes the folder, which exists, one not to use (by `lstat`); nil when it is fine or missing.
    var flaw: CacheFolderFlaw? {
        guard let status = try? Platform.linkStatus(path) else { return nil }
        if status.kind == .symbolicLink { return .link }
        if status.kind != .directory { return .notFolder }
        if status.userID != Platform.effectiveUserID { return .notOwned }
        if status.mode & 0o002 != 0 { return .writableByOthers }
        return nil
    }

    /// Makes the folder if it is missing, and opens it (see `opened`).
    /// - Throws: `LogError.cacheFolder` when it is a link, not a folder, another user's or
    ///   writable by others (what is wrong and what to do, not "operation not permitted");
    ///   `LogError.io` when it cannot be made or opened.
    func ensureOpened() throws(LogError) -> FileDescriptor {
        do {
            try Platform.makeDirectory(path)
        } catch {
            if error != .exists { throw .io(path: path, operation: .creatingFolder, error) }
        }
        if let fd = opened() { return fd }
        if let flaw { throw .cacheFolder(path: path, flaw: flaw) }
        // Neither usable nor flawed: the system's own reason (its permissions, say), from opening it again.
        do throws(SystemErrno) {
            try Platform.open(path, .readOnly, [.directory, .noFollow, .nonBlocking]).close()
        } catch {
            throw .io(path: path, operation: .usingCacheFolder, error)
        }
        throw .io(path: path, operation: .usingCacheFolder, .notPermitted)
    }

    /// Makes the folder if it is missing.
    /// - Throws: `LogError` when it cannot be made, or is a link or not the user's.
    func ensure() throws(LogError) {
        try ensureOpened().close()
    }

    /// Writes `bytes` as the file `name` in the folder, atomically: a new
    /// temporary file (never following a link, never reusing a name), then a
    /// rename. With `durable`, the file and the folder are synced too.
    /// A failure removes the temporary file and leaves `name` as it was.
    func writeAtomically(_ name: String, _ bytes: [UInt8], durable: Bool) throws(LogError) {
        try writeAtomically(name, durable: durable) { (fd, temp) throws(LogError) in
            try LogError.io(temp, .writing) { () throws(SystemErrno) in try fd.writeAll(bytes) }
        }
    }

    /// As `writeAtomically(_:_:durable:)`, the bytes written by `write` to the
    /// new temporary file (its descriptor, and the path messages name: the file's own,
    /// `folder/name`, which the user knows, never the temporary name a failure removes).
    /// - Throws: `LogError.cacheNameTaken` when `name` is a folder (never Plings's: it is left as it
    ///   is); `LogError.io` naming `folder/name` when a step fails (a full disk, say).
    func writeAtomically(
        _ name: String, durable: Bool, _ write: (FileDescriptor, String) throws(LogError) -> Void
    ) throws(LogError) {
        let folder = try ensureOpened()
        defer { folder.close() }
        let final = path + "/" + name
        let (fd, tempName) = try createTemporaryFile(in: folder, for: name)
        do throws(LogError) {
            try fd.closeAfter { () throws(LogError) in
                try write(fd, final)
                if durable { try LogError.io(final, .syncing) { () throws(SystemErrno) in try fd.sync() } }
            }
            // A FIFO, a socket or a symbolic link at the name is replaced, never opened nor followed
            // (the folder is the user's own, everything in it disposable); a folder is not replaced.
            switch Result(catching: { () throws(SystemErrno) in try Platform.rename(at: folder, tempName, to: name) }) {
            case .success: break
            case .failure(let error) where error == .isDirectory: throw LogError.cacheNameTaken(path: final)
            case .failure(let error): throw LogError.io(path: final, operation: .renamingInto, error)
            }
        } catch {
            try? Platform.remove(at: folder, tempName)
            throw error
        }
        // As before the platform layer: a folder that cannot be synced costs durability of the name only.
        if durable { try? folder.sync() }
    }

    /// A new temporary file for `name` in the open folder (`O_CREAT|O_EXCL|O_NOFOLLOW`: never an
    /// existing file, never through a link), trying another name while one exists; with its name.
    private func createTemporaryFile(
        in folder: FileDescriptor, for name: String, _ mode: FileDescriptor.AccessMode = .writeOnly
    ) throws(LogError) -> (FileDescriptor, String) {
        var temp = ""
        var lastError = SystemErrno.exists
        for attempt in 0..<100 {
            temp = ".tmp-\(Platform.processID)-\(attempt)-\(name)"
            do {
                return (try Platform.open(at: folder, temp, mode, [.create, .exclusive, .noFollow]), temp)
            } catch {
                lastError = error
                if error != .exists { break }
            }
        }
        throw .io(path: path + "/" + name, operation: .creating, lastError)
    }

    /// A new scratch file for `name`, open for reading and writing, its name
    /// already removed: it goes when closed or when the process ends (a name
    /// that could not be removed is a temporary file, swept like the others).
    func scratchFile(for name: String) throws(LogError) -> FileDescriptor {
        let folder = try ensureOpened()
        defer { folder.close() }
        let (fd, temp) = try createTemporaryFile(in: folder, for: name, .readWrite)
        try? Platform.remove(at: folder, temp)
        return fd
    }

    /// Rewrites the existing file `name` in place with `bytes` (one `pwrite`,
    /// then a cut to length), when the folder is usable and the file is a
    /// regular file of the user's with no other link to it (`O_NOFOLLOW`
    /// refuses a symbolic link, `O_NONBLOCK` a FIFO; one link means no
    /// other name shares it).
    /// Cheaper than a new file and a rename; for small records whose readers
    /// treat a record they cannot parse as no record.
    /// - Returns: false, having written nothing, when any of that does not hold.
    func overwriteInPlace(_ name: String, _ bytes: [UInt8]) -> Bool {
        guard let (fd, status) = openOwnFile(name) else { return false }
        defer { fd.close() }
        return Self.overwrite(fd, size: status.size, with: bytes)
    }

    /// The existing file `name`, open for writing, when the folder is usable and the file is a
    /// regular file of the user's with no other link to it (see `overwriteInPlace`); with what `fstat` said.
    func openOwnFile(_ name: String) -> (FileDescriptor, FileStatus)? {
        guard let folder = opened() else { return nil }
        defer { folder.close() }
        // O_NONBLOCK: a FIFO planted under the name fails to open instead of waiting for a reader.
        guard let fd = try? Platform.open(at: folder, name, .writeOnly, [.noFollow, .nonBlocking]) else {
            return nil
        }
        guard let status = try? fd.status(), Self.isOwn(status, user: Platform.effectiveUserID) else {
            fd.close()
            return nil
        }
        return (fd, status)
    }

    /// Whether an open file is one this folder may write: a regular file of `user`'s with a
    /// single link (not a FIFO, a device or a name linked to a file elsewhere).
    static func isOwn(_ status: FileStatus, user: UInt32) -> Bool {
        status.kind == .regular && status.userID == user && status.linkCount == 1
    }

    /// One `pwrite` of `bytes` at the start of the open file of `size` bytes, then a cut to length.
    static func overwrite(_ fd: FileDescriptor, size: Int64, with bytes: [UInt8]) -> Bool {
        let written = bytes.withUnsafeBytes { raw in try? fd.pwrite(raw, at: 0) }
        guard written == bytes.count else { return false }
        return size == Int64(bytes.count) || (try? fd.truncate(to: Int64(bytes.count))) != nil
    }

    /// Reads a file of the folder whole (at most `limit` bytes), not through
    /// a link (`O_NOFOLLOW`), never waiting on a FIFO (`O_NONBLOCK`), only a
    /// regular file. It is read, not mapped: a file cut short while it is
    /// read gives nil, never a crash.
    func read(_ name: String, limit: Int = 1 << 12) -> [UInt8]? {
        withFile(name, limit: limit) { fd, size in
            var out = [UInt8](repeating: 0, count: size)
            let got = out.withUnsafeMutableBytes { raw in try? fd.preadAll(into: raw, at: 0) }
            return got == size ? out : nil
        }
    }

    /// Opens a file of the folder for reading under the same conditions as
    /// `read` (not through a link, never a FIFO, only a regular file of the
    /// user's that others cannot write, of at most `limit` bytes) and hands
    /// `body` the descriptor and the size. Nil when any of that does not hold.
    func withFile<T>(_ name: String, limit: Int, _ body: (FileDescriptor, Int) -> T?) -> T? {
        guard let folder = opened() else { return nil }
        let file = try? Platform.open(at: folder, name, .readOnly, [.noFollow, .nonBlocking])
        folder.close()
        guard let fd = file else { return nil }
        defer { fd.close() }
        guard let status = try? fd.status(), status.kind == .regular, Self.isTrusted(status), status.size <= limit
        else { return nil }
        return body(fd, Int(status.size))
    }

    /// The names in the folder (none when it is not usable).
    func names() -> [String] {
        guard let folder = opened() else { return [] }
        defer { folder.close() }
        return (try? Platform.listDirectory(folder)) ?? []
    }

    /// Removes temporary files that a killed process left behind: those of
    /// processes that no longer run.
    func sweepTemporaryFiles() {
        guard let folder = opened() else { return }
        defer { folder.close() }
        for name in (try? Platform.listDirectory(folder)) ?? [] where name.hasPrefix(".tmp-") {
            let parts = name.dropFirst(5).split(separator: "-", maxSplits: 1)
            guard let pidText = parts.first, let pid = Int32(pidText) else { continue }
            if !Platform.processExists(pid) { try? Platform.remove(at: folder, name) }
        }
    }

    /// Removes one file of the folder (never through a link: unlink removes the link itself).
    /// Removes the file `name` from the folder (never a folder: `unlinkat` without `AT_REMOVEDIR`).
    /// - Returns: whether it was removed.
    @discardableResult
    func remove(_ name: String) -> Bool {
        guard let folder = opened() else { return false }
        defer { folder.close() }
        return (try? Platform.remove(at: folder, name)) != nil
    }
}

/// The log's identity as the last Plings process that read every line of it
/// or appended to it left it (`identity` in the cache folder). A log whose
/// identity differs has been changed by something else: snapshots are not
/// trusted and nothing is appended until every line has been checked again.
package struct LogIdentityRecord {
    let folder: CacheFolder

    package init(logPath: String) {
        folder = CacheFolder(logPath: logPath)
    }

    package func read() -> LogIdentity? {
        folder.read("identity").flatMap { LogIdentity(text: String(decoding: $0, as: UTF8.self)) }
    }

    /// Records `identity`; a failure only costs a full check next time.
    /// The record is rewritten in place when it exists and is ours (the
    /// common case, after every append); otherwise written new and renamed.
    /// Either way it is not synced: a record lost or torn by a crash reads
    /// as no record or a different one, which means a full check, never trust.
    package func write(_ identity: LogIdentity) {
        let bytes = Array(identity.text.utf8)
        if folder.overwriteInPlace("identity", bytes) { return }
        try? folder.writeAtomically("identity", bytes, durable: false)
    }
}

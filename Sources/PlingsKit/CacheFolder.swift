#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder `<log>.plings-cache/` beside a log, where snapshots and the
/// log's identity record live. Everything in it is disposable. It is used
/// only when it is a real folder (not a symbolic link) owned by the user
/// running Plings, so a planted link or a stranger's folder is never written through.
struct CacheFolder {
    let path: String

    init(logPath: String) {
        path = logPath + ".plings-cache"
    }

    /// Whether the folder exists and is safe to use.
    var isUsable: Bool {
        var st = stat()
        guard lstat(path, &st) == 0 else { return false }
        return st.st_mode & S_IFMT == S_IFDIR && st.st_uid == geteuid()
    }

    /// Makes the folder if it is missing.
    /// - Throws: `LogError` when it cannot be made, or is a link or not the user's.
    func ensure() throws(LogError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .io(path: path, operation: "creating the folder", errno: errno)
        }
        guard isUsable else { throw .io(path: path, operation: "using the cache folder", errno: EPERM) }
    }

    /// Writes `bytes` as the file `name` in the folder, atomically: a new
    /// temporary file (never following a link, never reusing a name), then a
    /// rename. With `durable`, the file and the folder are synced too.
    func writeAtomically(_ name: String, _ bytes: [UInt8], durable: Bool) throws(LogError) {
        try ensure()
        let final = path + "/" + name
        var temp = ""
        var fd: Int32 = -1
        for attempt in 0..<100 {
            temp = path + "/.tmp-\(getpid())-\(attempt)-\(name)"
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 || errno != EEXIST { break }
        }
        if fd < 0 { throw .io(path: temp, operation: "creating", errno: errno) }
        var failure: LogError?
        do throws(LogError) {
            try LogFile.writeAll(fd, bytes, path: temp)
            if durable && fsync(fd) != 0 { throw .io(path: temp, operation: "syncing", errno: errno) }
        } catch {
            failure = error
        }
        close(fd)
        if failure == nil && rename(temp, final) != 0 {
            failure = .io(path: final, operation: "renaming into", errno: errno)
        }
        if let failure {
            unlink(temp)
            throw failure
        }
        if durable {
            let dfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if dfd >= 0 {
                _ = fsync(dfd)
                close(dfd)
            }
        }
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
        guard isUsable else { return false }
        // O_NONBLOCK: a FIFO planted under the name fails to open instead of waiting for a reader.
        let fd = open(path + "/" + name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return false }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_uid == geteuid(), st.st_nlink == 1 else {
            return false
        }
        let written = bytes.withUnsafeBytes { raw in pwrite(fd, raw.baseAddress, raw.count, 0) }
        guard written == bytes.count else { return false }
        return Int64(st.st_size) == Int64(bytes.count) || ftruncate(fd, off_t(bytes.count)) == 0
    }

    /// Reads a file of the folder whole (at most `limit` bytes), not through
    /// a link. A file cut short while it is read gives nil, never a crash.
    func read(_ name: String, limit: Int = 1 << 12) -> [UInt8]? {
        guard isUsable else { return nil }
        let fd = open(path + "/" + name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_size <= limit else { return nil }
        let size = Int(st.st_size)
        var out = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = out.withUnsafeMutableBytes { raw in
                Glibc.read(fd, raw.baseAddress.map { $0 + done }, size - done)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            done += n
        }
        return out
    }

    /// The names in the folder.
    func names() -> [String] {
        guard isUsable, let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var result: [String] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { result.append(name) }
        }
        return result
    }

    /// Removes temporary files that a killed process left behind: those of
    /// processes that no longer run.
    func sweepTemporaryFiles() {
        for name in names() where name.hasPrefix(".tmp-") {
            let parts = name.dropFirst(5).split(separator: "-", maxSplits: 1)
            guard let pidText = parts.first, let pid = Int32(pidText) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(path + "/" + name) }
        }
    }

    /// Removes one file of the folder (never through a link: unlink removes the link itself).
    func remove(_ name: String) {
        guard isUsable else { return }
        unlink(path + "/" + name)
    }
}

/// The log's identity as the last Plings process that read every line of it
/// or appended to it left it (`identity` in the cache folder). A log whose
/// identity differs has been changed by something else: snapshots are not
/// trusted and nothing is appended until every line has been checked again.
struct LogIdentityRecord {
    let folder: CacheFolder

    init(logPath: String) {
        folder = CacheFolder(logPath: logPath)
    }

    func read() -> LogIdentity? {
        folder.read("identity").flatMap { LogIdentity(text: String(decoding: $0, as: UTF8.self)) }
    }

    /// Records `identity`; a failure only costs a full check next time.
    /// The record is rewritten in place when it exists and is ours (the
    /// common case, after every append); otherwise written new and renamed.
    /// Either way it is not synced: a record lost or torn by a crash reads
    /// as no record or a different one, which means a full check, never trust.
    func write(_ identity: LogIdentity) {
        let bytes = Array(identity.text.utf8)
        if folder.overwriteInPlace("identity", bytes) { return }
        try? folder.writeAtomically("identity", bytes, durable: false)
    }
}

import PlingsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations the device side needs beside the log: whole-file
/// reads, durable appends and atomic replacement. Every system call of the
/// sync module is here.
enum SyncFiles {
    /// The whole file, or nil when it does not exist.
    static func read(_ path: String) throws(SyncError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure(path, "opening", errno)
        }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path, "reading", errno)
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Appends `bytes` at the end of the file (created when missing) and fsyncs it.
    /// `keep` first cuts the file back to that many bytes (a torn tail).
    static func append(_ bytes: [UInt8], to path: String, keep: Int? = nil) throws(SyncError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 { throw failure(path, "opening", errno) }
        defer { close(fd) }
        if let keep, ftruncate(fd, off_t(keep)) != 0 { throw failure(path, "cutting the torn tail of", errno) }
        try writeAll(fd, bytes, path)
        if fsync(fd) != 0 { throw failure(path, "syncing", errno) }
    }

    /// Replaces the file atomically: a temporary file made with O_EXCL,
    /// written and fsynced, renamed over `path`, then the directory fsynced.
    static func replace(_ path: String, with bytes: [UInt8]) throws(SyncError) {
        let temp = path + ".tmp"
        unlink(temp)  // A leftover from a crash holds nothing of value.
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 { throw failure(temp, "creating", errno) }
        var failed: SyncError?
        do throws(SyncError) {
            try writeAll(fd, bytes, temp)
            if fsync(fd) != 0 { throw failure(temp, "syncing", errno) }
        } catch {
            failed = error
        }
        close(fd)
        if let failed {
            unlink(temp)
            throw failed
        }
        if rename(temp, path) != 0 { throw failure(path, "renaming onto", errno) }
        try syncDirectory(of: path)
    }

    static func syncDirectory(of path: String) throws(SyncError) {
        var dir = "."
        if let slash = path.lastIndex(of: "/") { dir = slash == path.startIndex ? "/" : String(path[..<slash]) }
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd < 0 { throw failure(dir, "opening the directory", errno) }
        defer { close(dfd) }
        if fsync(dfd) != 0 && errno != EINVAL { throw failure(dir, "syncing the directory", errno) }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], _ path: String) throws(SyncError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress.map { $0 + done }, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path, "writing", errno)
            }
            done += n
        }
    }

    private static func failure(_ path: String, _ operation: String, _ code: Int32) -> SyncError {
        .store(.log(.io(path: path, operation: operation, errno: code)))
    }

    /// Runs `body` holding an exclusive `flock` on the file at `path` (created when missing).
    static func withLock<T>(_ path: String, _ body: () throws(SyncError) -> T) throws(SyncError) -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 { throw failure(path, "opening", errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            throw failure(path, "locking", errno)
        }
        return try body()
    }

    /// The host name, for the default device name.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "device" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

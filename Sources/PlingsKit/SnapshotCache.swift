#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The snapshots of one log, kept in the folder `<log>.plings-cache/` beside
/// it, one file per snapshot: `snapshot-<seq>-<at in ms>.bin`. Everything in
/// it can be deleted at any time; answers stay the same, only slower.
public struct SnapshotCache: Sendable {
    public let logPath: String
    public var directory: String { logPath + ".plings-cache" }

    public init(logPath: String) { self.logPath = logPath }

    /// A snapshot file found in the cache, by what its name says.
    public struct Entry: Sendable, Hashable {
        public var seq: Int64
        public var at: Timestamp
        public var path: String
    }

    /// The snapshot files, oldest first.
    public func entries() -> [Entry] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var result: [Entry] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix("snapshot-"), name.hasSuffix(".bin") else { continue }
            let parts = name.dropFirst(9).dropLast(4).split(separator: "-")
            guard parts.count == 2, let seq = Int64(parts[0]), let at = Int64(parts[1]) else { continue }
            result.append(Entry(seq: seq, at: Timestamp(milliseconds: at), path: directory + "/" + name))
        }
        return result.sorted { $0.seq < $1.seq }
    }

    /// Loads and checks one snapshot against the log: its checksum and format,
    /// and that the log's line ending at the snapshot's offset has the hash the
    /// snapshot recorded. Nil when any of that fails.
    public func load(_ entry: Entry, log: LogFile) -> Snapshot? {
        guard let snapshot = Self.mapped(entry.path, Snapshot.decode), snapshot.cursor.lastSeq == entry.seq,
            snapshot.state.lastSeq == entry.seq
        else { return nil }
        return matches(snapshot.cursor, log: log) ? snapshot : nil
    }

    /// Maps a file read-only and hands its bytes to `body`: the pages come
    /// straight from the page cache, with no copy and no zeroing. Snapshot
    /// files are only ever replaced by rename, never cut short in place.
    static func mapped<T>(_ path: String, _ body: (UnsafeRawBufferPointer) -> T?) -> T? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0 else { return nil }
        let size = Int(st.st_size)
        guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            return readFile(path).flatMap { bytes in bytes.withUnsafeBytes { body($0) } }
        }
        defer { munmap(map, size) }
        return body(UnsafeRawBufferPointer(start: map, count: size))
    }

    /// Whether the log still has, ending at `cursor.offset`, the line with `cursor.lastHash`.
    public func matches(_ cursor: LogCursor, log: LogFile) -> Bool {
        if cursor.offset == 0 { return cursor.lastSeq == 0 }
        guard cursor.offset >= 68, let size = try? log.size(), size >= cursor.offset,
            let tail = try? log.bytes(at: cursor.offset - 67, length: 67), tail.count == 67,
            tail[64] == UInt8(ascii: "\""), tail[65] == UInt8(ascii: "}"), tail[66] == 0x0A
        else { return false }
        return Array(tail[0..<64]) == cursor.lastHash.hexBytes
    }

    /// The newest valid snapshot at or before `limit` (the newest of all when
    /// nil), and the files that were found stale or damaged on the way.
    public func nearest(
        atOrBefore limit: ReplayLimit?, log: LogFile
    ) -> (snapshot: Snapshot?, rejected: [String]) {
        var rejected: [String] = []
        for entry in entries().reversed() {
            if let limit {
                switch limit {
                case .seq(let s): if entry.seq > s { continue }
                case .time(let t): if entry.at > t { continue }
                }
            }
            if let snapshot = load(entry, log: log) { return (snapshot, rejected) }
            rejected.append(entry.path)
        }
        return (nil, rejected)
    }

    /// Writes a snapshot atomically: a temporary file, fsync, rename, fsync of the folder.
    /// - Returns: the file's size.
    @discardableResult
    public func write(_ snapshot: Snapshot) throws(LogError) -> Int {
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            throw .io(path: directory, operation: "creating the folder", errno: errno)
        }
        let bytes = snapshot.encoded()
        let final = directory + "/snapshot-\(snapshot.cursor.lastSeq)-\(snapshot.cursor.lastAt.milliseconds).bin"
        let temp = directory + "/.tmp-\(getpid())-\(snapshot.cursor.lastSeq)"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { throw .io(path: temp, operation: "creating", errno: errno) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes {
                Glibc.write(fd, $0.baseAddress.unsafelyUnwrapped + done, bytes.count - done)
            }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                unlink(temp)
                throw .io(path: temp, operation: "writing", errno: code)
            }
            done += n
        }
        if fsync(fd) != 0 {
            let code = errno
            close(fd)
            unlink(temp)
            throw .io(path: temp, operation: "syncing", errno: code)
        }
        close(fd)
        if rename(temp, final) != 0 {
            let code = errno
            unlink(temp)
            throw .io(path: final, operation: "renaming into", errno: code)
        }
        let dfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            _ = fsync(dfd)
            close(dfd)
        }
        return bytes.count
    }

    /// Deletes snapshot files.
    public func remove(_ paths: [String]) {
        for path in paths { unlink(path) }
    }

    /// Total bytes of the snapshot files.
    public func totalSize() -> Int64 {
        entries().reduce(0) { total, entry in
            var st = stat()
            return total + (stat(entry.path, &st) == 0 ? Int64(st.st_size) : 0)
        }
    }

    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        let size = Int(st.st_size)
        var out = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = out.withUnsafeMutableBytes { read(fd, $0.baseAddress.unsafelyUnwrapped + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            done += n
        }
        return out
    }
}

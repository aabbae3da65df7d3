// The one file that calls the C library. Each call is a few lines, with the
// Darwin / Glibc / Musl differences side by side, so it can be checked by
// reading; scripts/check-platform.sh keeps every other file away from libc.

import CPlingsMemory

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("Plings needs Darwin, Glibc or Musl")
#endif

/// Paths, processes, clocks and memory: the system calls that are not on a descriptor.
package enum Platform {
    /// Opens `path`, always close-on-exec.
    /// - Parameter permissions: the mode of a file that `.create` makes.
    /// - Throws: `SystemErrno`, e.g. `.noSuchFile`, `.exists` (with `.exclusive`), `.tooManyLinks` (with `.noFollow`).
    package static func open(
        _ path: String, _ mode: FileDescriptor.AccessMode, _ options: FileDescriptor.OpenOptions = [],
        permissions: UInt32 = 0o644
    ) throws(SystemErrno) -> FileDescriptor {
        let flags = openFlags(mode, options)
        let fd = try retrying { cOpen(path, flags, mode_t(permissions)) }
        return FileDescriptor(rawValue: fd)
    }

    /// The `open` flags for `mode` and `options`, close-on-exec always.
    private static func openFlags(_ mode: FileDescriptor.AccessMode, _ options: FileDescriptor.OpenOptions) -> Int32 {
        var flags = O_CLOEXEC
        switch mode {
        case .readOnly: flags |= O_RDONLY
        case .writeOnly: flags |= O_WRONLY
        case .readWrite: flags |= O_RDWR
        }
        let table: [(FileDescriptor.OpenOptions, Int32)] = [
            (.append, O_APPEND), (.create, O_CREAT), (.exclusive, O_EXCL), (.truncate, O_TRUNC),
            (.noFollow, O_NOFOLLOW), (.directory, O_DIRECTORY), (.nonBlocking, O_NONBLOCK),
        ]
        for (option, flag) in table where options.contains(option) { flags |= flag }
        return flags
    }

    /// Opens `name` relative to the open directory `directory` (`openat`), always close-on-exec: a
    /// folder opened once and checked is worked in by its descriptor, so a name swapped for a link
    /// meanwhile is never followed.
    /// - Parameter permissions: the mode of a file that `.create` makes.
    package static func open(
        at directory: FileDescriptor, _ name: String, _ mode: FileDescriptor.AccessMode,
        _ options: FileDescriptor.OpenOptions = [], permissions: UInt32 = 0o644
    ) throws(SystemErrno) -> FileDescriptor {
        let fd = try retrying { openat(directory.rawValue, name, openFlags(mode, options), mode_t(permissions)) }
        return FileDescriptor(rawValue: fd)
    }

    /// `renameat` within one open directory: atomically replaces `destination`.
    package static func rename(
        at directory: FileDescriptor, _ source: String, to destination: String
    ) throws(SystemErrno) {
        _ = try retrying { renameat(directory.rawValue, source, directory.rawValue, destination) }
    }

    /// `unlinkat` of a file (not a folder) in an open directory; a link is removed, not followed.
    package static func remove(at directory: FileDescriptor, _ name: String) throws(SystemErrno) {
        _ = try retrying { unlinkat(directory.rawValue, name, 0) }
    }

    /// The names in an open directory, without "." and "..", in the order the system gives
    /// (`fdopendir` of a duplicate, so `directory` stays open and usable).
    package static func listDirectory(_ directory: FileDescriptor) throws(SystemErrno) -> [String] {
        let copy = try retrying { dup(directory.rawValue) }
        guard let dir = fdopendir(copy) else {
            let error = SystemErrno.current
            _ = cClose(copy)
            throw error
        }
        defer { closedir(dir) }
        rewinddir(dir)
        return names(in: dir)
    }

    /// `stat`: follows a symbolic link.
    package static func status(_ path: String) throws(SystemErrno) -> FileStatus {
        try fileStatus { cStat(path, &$0) }
    }

    /// `lstat`: describes a symbolic link itself.
    package static func linkStatus(_ path: String) throws(SystemErrno) -> FileStatus {
        try fileStatus { lstat(path, &$0) }
    }

    /// `rename`: atomically replaces `destination`.
    package static func rename(_ source: String, to destination: String) throws(SystemErrno) {
        _ = try retrying { cRename(source, destination) }
    }

    /// `unlink`.
    package static func remove(_ path: String) throws(SystemErrno) {
        _ = try retrying { unlink(path) }
    }

    /// `mkdir`.
    package static func makeDirectory(_ path: String, permissions: UInt32 = 0o755) throws(SystemErrno) {
        _ = try retrying { mkdir(path, mode_t(permissions)) }
    }

    /// `realpath`: the absolute path of the file `path` names, every symbolic link resolved, or nil
    /// when it cannot be resolved (no such file, a loop).
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `setxattr` on the file `path` names (a link is followed): sets the extended attribute
    /// `name` to `value`. Fails (`.notSupported` and the like) on a file system without them.
    package static func setAttribute(_ path: String, _ name: String, _ value: [UInt8]) throws(SystemErrno) {
        _ = try retrying {
            value.withUnsafeBytes { bytes in
                #if canImport(Darwin)
                    setxattr(path, name, bytes.baseAddress, bytes.count, 0, 0)
                #else
                    setxattr(path, name, bytes.baseAddress, bytes.count, 0)
                #endif
            }
        }
    }

    /// `getxattr` on the file `path` names (a link is followed): the value of the extended
    /// attribute `name` (at most `limit` bytes), or nil when it is not there or cannot be read.
    package static func attribute(_ path: String, _ name: String, limit: Int = 256) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: limit)
        let got = buffer.withUnsafeMutableBytes { bytes in
            #if canImport(Darwin)
                getxattr(path, name, bytes.baseAddress, bytes.count, 0, 0)
            #else
                getxattr(path, name, bytes.baseAddress, bytes.count)
            #endif
        }
        guard got >= 0 else { return nil }
        return Array(buffer[0..<got])
    }

    /// The names in a directory, without "." and "..", in the order the system gives.
    package static func listDirectory(_ path: String) throws(SystemErrno) -> [String] {
        guard let dir = opendir(path) else { throw .current }
        defer { closedir(dir) }
        return names(in: dir)
    }

    /// The names an open directory stream gives, without "." and "..".
    private static func names(in dir: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// This process's id.
    package static var processID: Int32 { getpid() }

    /// The effective user id of this process.
    package static var effectiveUserID: UInt32 { UInt32(geteuid()) }

    /// Whether a process with id `pid` exists (`kill(pid, 0)`; one owned by
    /// another user counts as existing).
    package static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Ends the process `pid` with SIGKILL, which it can neither block nor ignore (a child
    /// that inherited a mask blocking SIGTERM outlives `Process.terminate()`).
    package static func forceEnd(_ pid: Int32) { _ = kill(pid, SIGKILL) }

    /// How a child that `runQuietly` waited for ended: its exit status (nil when a signal ended it) and
    /// the CPU seconds it and the children it waited for spent, from `wait4`.
    package struct ChildEnd: Sendable {
        package var status: Int32?
        package var userSeconds: Double
        package var systemSeconds: Double
    }

    /// Runs `path` with `arguments` (the environment of this process; standard input, output and error
    /// on /dev/null) and blocks in `wait4` until it ends. Foundation's `Process.waitUntilExit` polls
    /// every 50 ms, which rounds a short run up to the next 50 ms. Nil when it could not be started.
    package static func runQuietly(_ path: String, _ arguments: [String]) -> ChildEnd? {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, flags) in [(Int32(0), O_RDONLY), (1, O_WRONLY), (2, O_WRONLY)] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", flags, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let seconds = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        // WIFEXITED / WEXITSTATUS, which Swift does not import: the low seven bits are the signal, 0 for an exit.
        let exited = status & 0x7f == 0
        return ChildEnd(
            status: exited ? (status >> 8) & 0xff : nil, userSeconds: seconds(usage.ru_utime),
            systemSeconds: seconds(usage.ru_stime))
    }

    /// An environment variable, read straight from the process (no Foundation).
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// An environment variable's bytes as the process has them, before any decoding (nil when unset).
    package static func environmentBytes(_ name: String) -> [UInt8]? {
        getenv(name).map {
            Array(
                UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
        }
    }

    /// The program's arguments after its name, as the bytes the process was given, before any
    /// decoding: one that is not UTF-8 can then be refused, not read with U+FFFD in it.
    package static func argumentBytes() -> [[UInt8]] {
        (0..<Int(CommandLine.argc)).dropFirst().map { k in
            CommandLine.unsafeArgv[k].map {
                Array(
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
            } ?? []
        }
    }

    /// The wall clock, in nanoseconds since 1970 (UTC).
    package static func wallClockNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// A clock that never goes back, in nanoseconds from an arbitrary start.
    package static func monotonicNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// The CPU time the calling thread has used, in nanoseconds (for
    /// benchmarks on a shared machine, where wall time counts others' work).
    package static func threadCPUNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// The CPU time every thread of the process has used, in nanoseconds
    /// (with `threadCPUNanoseconds`, what a benchmark's other threads took).
    package static func processCPUNanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Makes a write past the file size limit (`ulimit -f`) fail with `EFBIG`
    /// instead of killing the process with `SIGXFSZ`.
    package static func ignoreFileSizeLimitSignal() { _ = signal(SIGXFSZ, SIG_IGN) }

    /// Makes a write to a pipe whose reader has gone fail with `EPIPE`
    /// instead of killing the process with `SIGPIPE` (a sync peer that exits early).
    package static func ignoreBrokenPipeSignal() { _ = signal(SIGPIPE, SIG_IGN) }

    /// Gives large freed blocks back to the system at once: glibc's `malloc`
    /// otherwise raises its mmap threshold each time it frees a mapped block
    /// (up to 32 MB), after which the buffers a growing array leaves behind
    /// stay in the heap and count in the resident size (about 14 MB at the
    /// end of a 1M-object replay). Fixing the threshold at 1 MiB keeps large
    /// arrays in their own mappings. Fixing it also fixes the heap's trim
    /// threshold at its default of 128 KiB, so a block under 1 MiB freed at
    /// the top of the heap was given back and faulted in again by the next
    /// one: a card at a past point in a long-running process (the benchmark,
    /// an app) spent most of its time in page faults (5M: median 0.8 → 2.6
    /// ms). The heap now keeps up to 16 MiB free at its top. Nothing happens
    /// on other C libraries.
    package static func returnLargeFreedBlocks() {
        _ = plings_fix_malloc_thresholds(1 << 20, 16 << 20)
    }

    /// Ends the process, flushing C streams and running `atexit` handlers.
    package static func exit(_ status: Int32) -> Never { cExit(status) }

    /// The offset of the first `byte` in `buffer` (`memchr`).
    @inlinable
    package static func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer) -> Int? {
        guard let base = buffer.baseAddress, let hit = memchr(base, Int32(byte), buffer.count) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    /// The offset of the last `byte` in `buffer` (`memrchr` where the C library has it), or nil.
    @inlinable
    package static func lastIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer) -> Int? {
        guard let base = buffer.baseAddress, let hit = plings_last_byte(base, Int32(byte), buffer.count) else {
            return nil
        }
        return base.distance(to: hit)
    }

    /// Whether `count` bytes at `a` and at `b` are equal (`memcmp`).
    @inlinable
    package static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// The C library's text for an `errno` value, with the number.
    package static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text) + " (errno \(code))"
    }

    /// Calls `body` again while it fails with `EINTR`; any other failure (a negative result) throws `errno`.
    static func retrying<T: FixedWidthInteger>(_ body: () -> T) throws(SystemErrno) -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            if errno != EINTR { throw .current }
        }
    }
}

extension FileDescriptor {
    /// Closes the descriptor. Not retried on `EINTR`: the descriptor is gone either way.
    package func close() { _ = cClose(rawValue) }

    /// One `write` (retried on `EINTR`). - Returns: how many bytes were written.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(SystemErrno) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        return try Platform.retrying { cWrite(rawValue, base, bytes.count) }
    }

    /// One `pwrite` at `offset` (retried on `EINTR`). - Returns: how many bytes were written.
    package func pwrite(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(SystemErrno) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        return try Platform.retrying { cPwrite(rawValue, base, bytes.count, off_t(offset)) }
    }

    /// One `read` at the current position. - Returns: 0 at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemErrno) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return try Platform.retrying { cRead(rawValue, base, buffer.count) }
    }

    /// One `pread` at `offset`. - Returns: 0 at the end of the file.
    package func pread(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemErrno) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return try Platform.retrying { cPread(rawValue, base, buffer.count, off_t(offset)) }
    }

    /// Makes the written data durable: `fcntl(F_FULLFSYNC)` on Apple (a plain
    /// `fsync` there stops at the drive's cache), `fdatasync` elsewhere.
    package func syncData() throws(SystemErrno) {
        #if canImport(Darwin)
            if fcntl(rawValue, F_FULLFSYNC) == 0 { return }
            _ = try Platform.retrying { fsync(rawValue) }  // file systems without F_FULLFSYNC
        #else
            _ = try Platform.retrying { fdatasync(rawValue) }
        #endif
    }

    /// Makes data and metadata (size, a directory's names) durable: `F_FULLFSYNC` on Apple, `fsync` elsewhere.
    package func sync() throws(SystemErrno) {
        #if canImport(Darwin)
            if fcntl(rawValue, F_FULLFSYNC) == 0 { return }
        #endif
        _ = try Platform.retrying { fsync(rawValue) }
    }

    /// Takes an advisory lock on the whole file, waiting until it is free.
    package func lock(_ kind: LockKind) throws(SystemErrno) {
        _ = try Platform.retrying { flock(rawValue, kind == .exclusive ? LOCK_EX : LOCK_SH) }
    }

    /// Takes the lock if it is free now. - Returns: false when another holder has it.
    package func tryLock(_ kind: LockKind) throws(SystemErrno) -> Bool {
        let op = (kind == .exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        if flock(rawValue, op) == 0 { return true }
        if errno == EWOULDBLOCK { return false }
        throw .current
    }

    /// Releases the lock.
    package func unlock() { _ = flock(rawValue, LOCK_UN) }

    /// Waits with `poll` until the descriptor can be read (bytes, its end, or an error to read)
    /// or, with `forWriting`, written without blocking; a signal does not cut the wait short.
    /// - Returns: false when `milliseconds` passed first.
    package func waitReady(forWriting: Bool = false, milliseconds: Int) -> Bool {
        let wanted = Int16(forWriting ? POLLOUT : POLLIN)
        var entry = pollfd(fd: rawValue, events: wanted, revents: 0)
        let deadline = Platform.monotonicNanoseconds() + Int64(max(0, milliseconds)) * 1_000_000
        while true {
            let left = max(0, (deadline - Platform.monotonicNanoseconds() + 999_999) / 1_000_000)
            let n = poll(&entry, 1, Int32(min(left, Int64(Int32.max))))
            if n > 0 { return true }
            if n == 0 { return false }
            // EINTR: wait again for what is left; any other failure is left to the read or write to say.
            if errno != EINTR { return true }
        }
    }

    /// The most bytes one `write` to a pipe that `waitReady(forWriting:)` found ready takes
    /// without blocking (`PIPE_BUF`).
    package static let pipeChunk = Int(PIPE_BUF)

    /// `fstat`.
    package func status() throws(SystemErrno) -> FileStatus {
        try fileStatus { fstat(rawValue, &$0) }
    }

    /// `fchmod`: sets the permission bits (the low 12 bits of `mode`).
    package func setPermissions(_ mode: UInt32) throws(SystemErrno) {
        _ = try Platform.retrying { fchmod(rawValue, mode_t(mode & 0o7777)) }
    }

    /// `ftruncate`: cuts (or extends with zeros) the file to `size` bytes.
    package func truncate(to size: Int64) throws(SystemErrno) {
        _ = try Platform.retrying { ftruncate(rawValue, off_t(size)) }
    }

    /// Whether the descriptor is a terminal.
    package var isTerminal: Bool { isatty(rawValue) != 0 }

    /// Maps the first `size` bytes read-only and private; nil when the system refuses.
    /// Release with `Platform.unmap`.
    package func mapReadOnly(size: Int) -> UnsafeRawBufferPointer? {
        guard size > 0, let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, rawValue, 0),
            map != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        return UnsafeRawBufferPointer(start: map, count: size)
    }
}

extension Platform {
    /// Releases a mapping made by `FileDescriptor.mapReadOnly`.
    package static func unmap(_ region: UnsafeRawBufferPointer) {
        guard let base = region.baseAddress else { return }
        _ = munmap(UnsafeMutableRawPointer(mutating: base), region.count)
    }
}

extension Platform {
    /// Asks the system to back the whole pages inside `region` with memory now
    /// (`MADV_POPULATE_WRITE`), one call instead of a page fault per page when
    /// the region is then filled, with 2 MB pages where the region spans them
    /// (`MADV_HUGEPAGE`: a 1M-object snapshot read faults ~40% fewer pages).
    /// Only a hint: refused (an older kernel, another system, huge pages off)
    /// it does nothing, and the pages fault in as they are written.
    package static func prefault(_ region: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
            guard let base = region.baseAddress, region.count >= 1 << 20 else { return }
            let page = 4096
            let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
            let end = (Int(bitPattern: base) + region.count) & ~(page - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, 14)  // MADV_HUGEPAGE: 2 MB pages where the region allows
            _ = madvise(aligned, end - start, 23)  // MADV_POPULATE_WRITE (Linux 5.14)
        #endif
    }
}

extension Platform {
    /// Whether `path` names anything (`access(F_OK)`; a dangling symbolic link does not count).
    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Makes a new directory, readable only by its owner, from `template`, a
    /// path ending in "XXXXXX" (`mkdtemp`). - Returns: the directory's path.
    package static func makeTemporaryDirectory(_ template: String) throws(SystemErrno) -> String {
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw .current }
        return String(cString: made)
    }

    /// This machine's host name, or nil when the system will not say.
    package static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    package static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The system's load averages over 1, 5 and 15 minutes, or nil when unknown.
    package static func loadAverages() -> [Double]? {
        var load = [Double](repeating: 0, count: 3)
        return getloadavg(&load, 3) == 3 ? load : nil
    }

    /// The CPU time (user and system, in seconds) of this process's children
    /// that have ended and been waited for (`getrusage(RUSAGE_CHILDREN)`).
    package static func childrenCPUSeconds() -> Double {
        #if canImport(Glibc)
            let children = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
        #else
            let children = RUSAGE_CHILDREN
        #endif
        var usage = rusage()
        getrusage(children, &usage)
        let (user, system) = (usage.ru_utime, usage.ru_stime)
        return Double(user.tv_sec) + Double(user.tv_usec) / 1e6 + Double(system.tv_sec) + Double(system.tv_usec) / 1e6
    }
}

extension Platform {
    /// A thread started by `startThread`, to be joined once.
    package struct Thread: @unchecked Sendable {
        #if canImport(Glibc)
            fileprivate let handle: pthread_t
        #else
            fileprivate let handle: pthread_t?  // a pointer on Darwin and Musl
        #endif

        /// Waits until the thread's body has returned.
        package func join() {
            #if canImport(Glibc)
                pthread_join(handle, nil)
            #else
                if let handle { pthread_join(handle, nil) }
            #endif
        }
    }

    /// Runs `body` on a new thread (`pthread_create`). - Returns: nil when no thread could be started.
    package static func startThread(_ body: @escaping @Sendable () -> Void) -> Thread? {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Glibc)
            var handle = pthread_t()
        #else
            var handle: pthread_t?
        #endif
        // The start routine's parameter is optional on Glibc, not on Darwin: `ThreadBody.run` takes either.
        guard pthread_create(&handle, nil, { ThreadBody.run($0) }, context) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return Thread(handle: handle)
    }

    /// A mutex with one condition variable (`pthread_mutex_t`, `pthread_cond_t`).
    package final class Condition: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        /// A new, unlocked mutex and its condition.
        package init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(changed, nil)
        }

        deinit {
            pthread_cond_destroy(changed)
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
            changed.deallocate()
        }

        /// Runs `body` holding the mutex.
        package func withLock<T>(_ body: () throws -> T) rethrows -> T {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body()
        }

        /// Releases the mutex (held by the caller, inside `withLock`) until
        /// `broadcast` is called, then takes it again. May wake spuriously: wait in a loop.
        package func wait() { pthread_cond_wait(changed, mutex) }

        /// Wakes every thread in `wait`.
        package func broadcast() { pthread_cond_broadcast(changed) }
    }

    /// A value several threads share, read and changed only while its mutex is held (the
    /// errors a benchmark's or a test's threads gather).
    package final class Locked<Value>: @unchecked Sendable {
        private let lock = Condition()
        private var value: Value

        package init(_ value: Value) { self.value = value }

        /// Runs `body` on the value, holding the mutex.
        package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
            try lock.withLock { try body(&value) }
        }
    }
}

/// A thread's body, passed to `pthread_create` as its context.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    static func run(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
}

extension SystemErrno {
    /// The calling thread's current `errno`.
    static var current: SystemErrno { SystemErrno(errno) }

    /// `ENOENT`.
    package static let noSuchFile = SystemErrno(ENOENT)
    /// `EEXIST`.
    package static let exists = SystemErrno(EEXIST)
    /// `EACCES`.
    package static let accessDenied = SystemErrno(EACCES)
    /// `EROFS`.
    package static let readOnlyFileSystem = SystemErrno(EROFS)
    /// `EINVAL`.
    package static let invalidArgument = SystemErrno(EINVAL)
    /// `EIO`.
    package static let ioError = SystemErrno(EIO)
    /// `ELOOP`: with `.noFollow`, the path is a symbolic link.
    package static let tooManyLinks = SystemErrno(ELOOP)
    /// `ENOTDIR`.
    package static let notDirectory = SystemErrno(ENOTDIR)
    /// `EBADF`.
    package static let badDescriptor = SystemErrno(EBADF)
    /// `EPERM`.
    package static let notPermitted = SystemErrno(EPERM)
    /// `EISDIR`.
    package static let isDirectory = SystemErrno(EISDIR)
    /// `ENXIO`: with `.nonBlocking` and `.writeOnly`, a FIFO that no process reads.
    package static let noDevice = SystemErrno(ENXIO)
    /// `ENOSPC`.
    package static let noSpace = SystemErrno(ENOSPC)
    /// `EMFILE`: this process has too many open files.
    package static let tooManyOpenFiles = SystemErrno(EMFILE)
    /// `ENFILE`: the system has too many open files.
    package static let tooManyOpenFilesInSystem = SystemErrno(ENFILE)
    /// `ENAMETOOLONG`.
    package static let nameTooLong = SystemErrno(ENAMETOOLONG)
    /// `EDQUOT`.
    package static let quotaExceeded = SystemErrno(EDQUOT)
    /// `EFBIG`: past the file size limit.
    package static let fileTooLarge = SystemErrno(EFBIG)
    /// `EAGAIN`.
    package static let tryAgain = SystemErrno(EAGAIN)
    /// `EWOULDBLOCK` (the same value as `EAGAIN` on Linux and Apple platforms).
    package static let wouldBlock = SystemErrno(EWOULDBLOCK)
    /// `ENODEV`.
    package static let noSuchDevice = SystemErrno(ENODEV)
    /// `EBUSY`.
    package static let busy = SystemErrno(EBUSY)
    /// `ETXTBSY`: a program that is running.
    package static let textBusy = SystemErrno(ETXTBSY)
    /// `EXDEV`: a rename across file systems.
    package static let crossDevice = SystemErrno(EXDEV)
    /// `ENOTEMPTY`.
    package static let notEmpty = SystemErrno(ENOTEMPTY)
    /// `EINTR`.
    package static let interrupted = SystemErrno(EINTR)
    /// `EPIPE`.
    package static let brokenPipe = SystemErrno(EPIPE)
    /// `ENOMEM`.
    package static let noMemory = SystemErrno(ENOMEM)
    /// `ENOLCK`.
    package static let noLocks = SystemErrno(ENOLCK)
    /// `EDEADLK`.
    package static let deadlock = SystemErrno(EDEADLK)
    /// `EMLINK`: too many hard links to a file.
    package static let tooManyHardLinks = SystemErrno(EMLINK)
    /// `EOVERFLOW`.
    package static let overflow = SystemErrno(EOVERFLOW)
    /// `ESPIPE`: a pipe or a socket has no offsets.
    package static let notSeekable = SystemErrno(ESPIPE)
    /// `ECHILD`.
    package static let noChild = SystemErrno(ECHILD)
    /// `ESRCH`.
    package static let noProcess = SystemErrno(ESRCH)
    /// `E2BIG`.
    package static let argumentsTooLong = SystemErrno(E2BIG)
    /// `ENOEXEC`.
    package static let notExecutable = SystemErrno(ENOEXEC)
    /// `ERANGE`.
    package static let outOfRange = SystemErrno(ERANGE)
    /// `ENOTSUP`.
    package static let notSupported = SystemErrno(ENOTSUP)
    /// `EOPNOTSUPP` (the same value as `ENOTSUP` on Linux).
    package static let operationNotSupported = SystemErrno(EOPNOTSUPP)
    /// No such extended attribute: `ENOATTR` on Apple platforms, `ENODATA` on Linux.
    #if canImport(Darwin)
        package static let noAttribute = SystemErrno(ENOATTR)
    #else
        package static let noAttribute = SystemErrno(ENODATA)
    #endif
    /// `ESTALE`: a file handle on a network file system that is no longer valid.
    package static let stale = SystemErrno(ESTALE)
    /// `ENOTTY`.
    package static let notTerminal = SystemErrno(ENOTTY)
    /// `ETIMEDOUT`.
    package static let timedOut = SystemErrno(ETIMEDOUT)
    /// `ENOSYS`.
    package static let notImplemented = SystemErrno(ENOSYS)

    /// Every code the catalog words (PlingsText's `systemError`): what Plings's system calls can meet.
    package static let worded: [SystemErrno] = [
        .noSuchFile, .exists, .accessDenied, .readOnlyFileSystem, .invalidArgument, .ioError, .tooManyLinks,
        .notDirectory, .badDescriptor, .notPermitted, .isDirectory, .noDevice, .noSpace, .tooManyOpenFiles,
        .tooManyOpenFilesInSystem, .nameTooLong, .quotaExceeded, .fileTooLarge, .tryAgain, .noSuchDevice, .busy,
        .textBusy, .crossDevice, .notEmpty, .interrupted, .brokenPipe, .noMemory, .noLocks, .deadlock,
        .tooManyHardLinks, .overflow, .notSeekable, .noChild, .noProcess, .argumentsTooLong, .notExecutable,
        .outOfRange, .notSupported, .operationNotSupported, .noAttribute, .stale, .notTerminal, .timedOut,
        .notImplemented,
    ]
}

// The C functions whose names the Swift API reuses, and `stat`'s fields,
// which differ by platform.

private func cOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func cClose(_ fd: Int32) -> Int32 { close(fd) }
private func cWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
private func cRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int { read(fd, p, n) }
private func cPread(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int, _ at: off_t) -> Int { pread(fd, p, n, at) }
private func cPwrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int, _ at: off_t) -> Int { pwrite(fd, p, n, at) }
private func cStat(_ path: String, _ st: inout stat) -> Int32 { stat(path, &st) }
private func cRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func cExit(_ status: Int32) -> Never { exit(status) }

private func fileStatus(_ call: (inout stat) -> Int32) throws(SystemErrno) -> FileStatus {
    var st = stat()
    if call(&st) != 0 { throw .current }
    #if canImport(Darwin)
        let (mtime, ctime) = (st.st_mtimespec, st.st_ctimespec)
    #else
        let (mtime, ctime) = (st.st_mtim, st.st_ctim)
    #endif
    return FileStatus(
        device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
        modificationNanoseconds: Int64(mtime.tv_sec) * 1_000_000_000 + Int64(mtime.tv_nsec),
        changeNanoseconds: Int64(ctime.tv_sec) * 1_000_000_000 + Int64(ctime.tv_nsec),
        userID: UInt32(st.st_uid), groupID: UInt32(st.st_gid), mode: UInt32(st.st_mode),
        linkCount: UInt64(st.st_nlink))
}

/// Why `Platform.openConnection` could not connect.
package enum ConnectFailure: Error, Hashable, Sendable {
    /// The name did not resolve: the resolver's own words (`gai_strerror`).
    case unknownHost(String)
    /// `socket` or `connect` failed (connection refused, network unreachable, …).
    case system(SystemErrno)
    /// No address answered within the time given.
    case timedOut
}

extension Platform {
    /// A TCP connection to `host` (a name or an address; an IPv6 address without brackets)
    /// on `port`: each address the name resolves to is tried in turn, each for at most
    /// `milliseconds`. The descriptor is close-on-exec and non-blocking (wait with
    /// `waitReady` before each `read` or `send`), and writing to it never raises SIGPIPE.
    package static func openConnection(
        host: String, port: Int, milliseconds: Int
    ) throws(ConnectFailure) -> FileDescriptor {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw .unknownHost(String(cString: gai_strerror(resolved)))
        }
        defer { freeaddrinfo(list) }
        var failure = ConnectFailure.timedOut
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            next = entry.pointee.ai_next
            let address = entry.pointee
            let fd = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
            guard fd >= 0 else {
                failure = .system(.current)
                continue
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            #if canImport(Darwin)
                var one: Int32 = 1
                _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let descriptor = FileDescriptor(rawValue: fd)
            if cConnect(fd, address.ai_addr, address.ai_addrlen) == 0 { return descriptor }
            if errno == EINPROGRESS || errno == EINTR {
                if descriptor.waitReady(forWriting: true, milliseconds: milliseconds) {
                    var code: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    if getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) != 0 { code = errno }
                    if code == 0 { return descriptor }
                    failure = .system(SystemErrno(code))
                } else {
                    failure = .timedOut
                }
            } else {
                failure = .system(.current)
            }
            descriptor.close()
        }
        throw failure
    }
}

extension FileDescriptor {
    /// One `send` on a socket (retried on `EINTR`), never raising SIGPIPE: a peer that has
    /// gone fails with `EPIPE`. - Returns: how many bytes were sent.
    /// - Throws: `SystemErrno.wouldBlock` (or `tryAgain`) when a non-blocking socket is full.
    package func send(_ bytes: UnsafeRawBufferPointer) throws(SystemErrno) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        return try Platform.retrying { cSend(rawValue, base, bytes.count, flags) }
    }
}

private func cConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}
private func cSend(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int, _ flags: Int32) -> Int { send(fd, p, n, flags) }

import Foundation
import PlingsPlatform
import PlingsTestSupport
import Testing

@Suite("The platform layer: opening, reading and writing files")
struct PlatformFileTests {
    let dir = TemporaryDirectory()

    @Test("create with exclusive fails with EEXIST the second time")
    func exclusiveCreate() throws {
        let path = dir.file("a")
        let fd = try Platform.open(path, .readWrite, [.create, .exclusive])
        fd.close()
        #expect(throws: SystemErrno.exists) { try Platform.open(path, .readWrite, [.create, .exclusive]) }
    }

    @Test("opening a missing file fails with ENOENT, and the message names it")
    func missingFile() {
        #expect(throws: SystemErrno.noSuchFile) { try Platform.open(dir.file("none"), .readOnly) }
        #expect(SystemErrno.noSuchFile.description.hasSuffix("(errno \(SystemErrno.noSuchFile.code))"))
    }

    @Test("noFollow refuses a symbolic link; lstat sees the link, stat the target")
    func noFollow() throws {
        let target = dir.file("target")
        let link = dir.file("link")
        writeBytes([1, 2, 3], to: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: SystemErrno.tooManyLinks) { try Platform.open(link, .readOnly, .noFollow) }
        #expect(try Platform.linkStatus(link).kind == .symbolicLink)
        let followed = try Platform.status(link)
        #expect(followed.kind == .regular)
        #expect(followed.size == 3)
        #expect(followed.isSameFile(as: try Platform.status(target)))
    }

    @Test("writeAll then pread gives the bytes back; a read past the end is short")
    func writeThenRead() throws {
        let path = dir.file("data")
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let fd = try Platform.open(path, .readWrite, [.create, .truncate])
        defer { fd.close() }
        try fd.writeAll(bytes)
        try fd.syncData()
        #expect(try fd.pread(count: bytes.count, at: 0) == bytes)
        #expect(try fd.pread(count: 10, at: 299_995) == Array(bytes[299_995...]))
        #expect(try fd.pread(count: 10, at: 400_000) == [])
        #expect(try fd.status().size == Int64(bytes.count))
        #expect(try Platform.readFile(path) == bytes)
    }

    @Test("append mode writes at the end whatever the position")
    func appendMode() throws {
        let path = dir.file("log")
        writeBytes(Array("one\n".utf8), to: path)
        let fd = try Platform.open(path, .readWrite, .append)
        try fd.closeAfter { () throws(SystemErrno) in try fd.writeAll(Array("two\n".utf8)) }
        #expect(fileBytes(path) == Array("one\ntwo\n".utf8))
    }

    @Test("truncate cuts the file; status reports the new size and a recent mtime")
    func truncate() throws {
        let path = dir.file("t")
        writeBytes(Array(repeating: 7, count: 100), to: path)
        let fd = try Platform.open(path, .readWrite)
        defer { fd.close() }
        try fd.truncate(to: 40)
        try fd.sync()
        let status = try fd.status()
        #expect(status.size == 40)
        #expect(status.changeNanoseconds >= status.modificationNanoseconds - 1_000_000_000)
        #expect(status.mode & 0o777 != 0)
        let ageSeconds = (Platform.wallClockNanoseconds() - status.modificationNanoseconds) / 1_000_000_000
        #expect(abs(ageSeconds) < 60)
    }

    @Test("a closed descriptor fails with EBADF")
    func closedDescriptor() throws {
        let fd = try Platform.open(dir.file("c"), .writeOnly, .create)
        fd.close()
        #expect(throws: SystemErrno.badDescriptor) { try fd.writeAll([1]) }
    }

    @Test("a read-only mapping shows the file's bytes")
    func mapping() throws {
        let path = dir.file("m")
        writeBytes(Array("mapped bytes".utf8), to: path)
        let fd = try Platform.open(path, .readOnly)
        defer { fd.close() }
        let region = try #require(fd.mapReadOnly(size: 12))
        defer { Platform.unmap(region) }
        #expect(Array(region) == Array("mapped bytes".utf8))
        #expect(fd.mapReadOnly(size: 0) == nil)
    }

    @Test("a file is not a terminal")
    func notTerminal() throws {
        let fd = try Platform.open(dir.file("tty"), .writeOnly, .create)
        defer { fd.close() }
        #expect(!fd.isTerminal)
    }
}

@Suite("The platform layer: locks")
struct PlatformLockTests {
    let dir = TemporaryDirectory()

    @Test("an exclusive lock keeps out a second open file until it is released")
    func exclusiveLock() throws {
        let path = dir.file("lock")
        let first = try Platform.open(path, .readWrite, .create)
        let second = try Platform.open(path, .readWrite)
        defer {
            first.close()
            second.close()
        }
        try first.lock(.exclusive)
        #expect(try !second.tryLock(.shared))
        first.unlock()
        #expect(try second.tryLock(.shared))
        #expect(try !first.tryLock(.exclusive))
    }
}

@Suite("The platform layer: directories and paths")
struct PlatformDirectoryTests {
    let dir = TemporaryDirectory()

    @Test("makeDirectory, listDirectory, rename and remove")
    func directoryRoundTrip() throws {
        let sub = dir.file("sub")
        try Platform.makeDirectory(sub)
        #expect(throws: SystemErrno.exists) { try Platform.makeDirectory(sub) }
        writeBytes([1], to: sub + "/a")
        writeBytes([2], to: sub + "/b")
        #expect(try Platform.listDirectory(sub).sorted() == ["a", "b"])
        try Platform.rename(sub + "/a", to: sub + "/c")
        try Platform.remove(sub + "/b")
        #expect(try Platform.listDirectory(sub) == ["c"])
        #expect(throws: SystemErrno.noSuchFile) { try Platform.remove(sub + "/b") }
        #expect(throws: SystemErrno.noSuchFile) { try Platform.listDirectory(dir.file("none")) }
        try Platform.syncDirectory(sub)
        try Platform.syncDirectory(containing: sub + "/c")
    }

    @Test("writeFileAtomically replaces the file and leaves no temporary file")
    func atomicWrite() throws {
        let path = dir.file("snap")
        writeBytes([9, 9], to: path)
        try Platform.writeFileAtomically(path, [1, 2, 3])
        #expect(fileBytes(path) == [1, 2, 3])
        #expect(try Platform.listDirectory(dir.path) == ["snap"])
        #expect(throws: SystemErrno.noSuchFile) { try Platform.writeFileAtomically(dir.file("no/x"), [1]) }
    }

    @Test(
        "directory(of:) takes the part before the last slash",
        arguments: [("a", "."), ("/a", "/"), ("x/y/z", "x/y"), ("/x/y", "/x")])
    func directoryOf(path: String, expected: String) {
        #expect(Platform.directory(of: path) == expected)
    }
}

@Suite("The platform layer: process, clocks and memory")
struct PlatformProcessTests {
    @Test("the process id, the environment and the clocks agree with Foundation")
    func process() {
        #expect(Platform.processID == ProcessInfo.processInfo.processIdentifier)
        #expect(Platform.processExists(Platform.processID))
        #expect(!Platform.processExists(Int32.max))
        #expect(Platform.effectiveUserID == UInt32(geteuid()))
        #expect(Platform.environment("PATH") == ProcessInfo.processInfo.environment["PATH"])
        #expect(Platform.environment("PLINGS_SURELY_UNSET_VARIABLE") == nil)
        let wall = Double(Platform.wallClockNanoseconds()) / 1e9
        #expect(abs(wall - Date().timeIntervalSince1970) < 5)
        let a = Platform.monotonicNanoseconds()
        let b = Platform.monotonicNanoseconds()
        #expect(b >= a)
    }

    @Test("firstIndex(of:in:) finds the first byte or nil", arguments: [("ab\ncd\n", 2), ("abc", nil), ("", nil)])
    func firstIndex(text: String, expected: Int?) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { raw in
            #expect(Platform.firstIndex(of: 0x0A, in: raw) == expected)
        }
    }

    @Test("equalBytes compares the first count bytes")
    func equalBytes() {
        let a: [UInt8] = [1, 2, 3, 4]
        let b: [UInt8] = [1, 2, 3, 5]
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                guard let x = pa.baseAddress, let y = pb.baseAddress else { return }
                #expect(Platform.equalBytes(x, y, count: 3))
                #expect(!Platform.equalBytes(x, y, count: 4))
            }
        }
    }
}

import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Regression tests for the trust issue: every reader agrees with `verify`,
/// batches are whole or absent, and nothing that is not ours is written.
@Suite("Trust: one reader, whole batches, foreign files")
struct TrustTests {
    let dir = TemporaryDirectory()

    /// A log of the Saltsjön world, written by the CLI.
    func saltsjon(_ name: String = "plings.jsonl") -> String {
        let log = dir.file(name)
        for a in Saltsjon.cliArguments { _ = plings(a, log: log) }
        return log
    }

    /// The log's lines, without their newlines.
    func lines(_ log: String) -> [[UInt8]] {
        fileBytes(log).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
    }

    /// Writes `lines` back, each with its newline.
    func write(_ lines: [[UInt8]], to log: String) {
        writeBytes(lines.flatMap { $0 + [0x0A] }, to: log)
    }

    /// Replaces line `index`'s body and gives it a correct own hash (the chain to the next line breaks
    /// unless it is the last line).
    func rehash(_ body: [UInt8]) -> [UInt8] {
        body + Array(",\"hash\":\"\(SHA256.hash(body).hex)\"}".utf8)
    }

    @Test("a last line whose name holds invalid UTF-8, correctly hashed, is refused by every reader")
    func invalidUTF8Everywhere() {
        let log = saltsjon()
        var all = lines(log)
        let last = all.removeLast()
        let decoded = String(decoding: last, as: UTF8.self)
        // Make the last event a rename with a name holding 0xFF, chained and hashed correctly.
        let body = Array(decoded.utf8.dropLast(LineFormat.hashSuffixLength))
        guard let objectRange = decoded.range(of: "\"object\":") else {
            Issue.record("no object member")
            return
        }
        var text = Array(decoded[..<objectRange.lowerBound].utf8)
        text += Array("\"name\":\"Al".utf8) + [0xFF] + Array("pha\",".utf8)
        text += Array(String(decoding: body, as: UTF8.self)[objectRange.lowerBound...].utf8)
        all.append(rehash(text))
        write(all, to: log)
        for command in [["card", "yTvK"], ["tree"], ["verify"], ["create", "n1", "Ny"], ["history", "yTvK"]] {
            let run = plings(command + ["--lang", "en"], log: log)
            #expect(run.status != 0, "\(command) accepted a line verify rejects")
            #expect(!run.out.utf8.contains(0xFF))
        }
    }

    @Test("a name edited in line 6 without its hash is refused by card, tree and create alike")
    func contentEdit() {
        let log = saltsjon()
        var all = lines(log)
        var text = String(decoding: all[5], as: UTF8.self)
        text = text.replacingOccurrences(of: "\"name\":\"", with: "\"name\":\"X")
        all[5] = Array(text.utf8)
        write(all, to: log)
        let before = fileBytes(log)
        for command in [["card", "yTvK"], ["tree"], ["create", "n1", "Ny"]] {
            let run = plings(command + ["--lang", "en"], log: log)
            #expect(run.status == 1, "\(command)")
            #expect(run.err.contains("hash"), "\(command): \(run.err)")
        }
        #expect(fileBytes(log) == before)
    }

    @Test("a file that is not a Plings log is never written, cut or quarantined")
    func foreignFile() {
        for content in ["{\"retention\": 30}", "{\"retention\": 30}\n", "hello", "[1,2]\n{\"at\":\"x\"}\n"] {
            let path = dir.file("settings-\(content.utf8.count).json")
            writeBytes(Array(content.utf8), to: path)
            let run = plings(["create", "b1", "B", "--lang", "en"], log: path)
            #expect(run.status == 1)
            #expect(run.err.contains("not a Plings log"), "\(run.err)")
            #expect(fileBytes(path) == Array(content.utf8))
            #expect(!FileManager.default.fileExists(atPath: path + ".quarantine"))
            // Nor does a rebuild make a cache folder beside it.
            let rebuild = plings(["rebuild", "--lang", "en"], log: path)
            #expect(rebuild.status == 1 && rebuild.err.contains("not a Plings log"), "\(rebuild.err)")
            #expect(!FileManager.default.fileExists(atPath: path + ".plings-cache"))
        }
    }

    @Test("a refused command leaves a log with a torn tail byte-identical")
    func refusedKeepsTail() {
        let log = saltsjon()
        writeBytes(fileBytes(log) + Array("{\"at\":\"2026-".utf8), to: log)
        let before = fileBytes(log)
        let run = plings(["create", "yTvK", "Dubblett", "--lang", "en"], log: log)
        #expect(run.status == 1)
        #expect(fileBytes(log) == before)
        #expect(!FileManager.default.fileExists(atPath: log + ".quarantine"))
        // The next accepted command repairs the tail.
        #expect(plings(["create", "n1", "Ny"], log: log).status == 0)
        #expect(FileManager.default.fileExists(atPath: log + ".quarantine"))
        #expect(plings(["verify"], log: log).status == 0)
    }

    @Test("a line rewritten after a rebuild is caught: snapshots never hide damage")
    func snapshotHidesNothing() {
        let log = saltsjon()
        #expect(plings(["rebuild"], log: log).status == 0)
        var all = lines(log)
        // Same length, other content, hash left as it was.
        var text = String(decoding: all[5], as: UTF8.self)
        if let r = text.range(of: "\"name\":\"") { text.replaceSubrange(r, with: "\"name\":\"") }
        text = text.replacingOccurrences(of: "a\"", with: "e\"")
        all[5] = Array(text.utf8)
        write(all, to: log)
        let withCache = plings(["card", "yTvK", "--lang", "en"], log: log)
        try? FileManager.default.removeItem(atPath: log + ".plings-cache")
        let without = plings(["card", "yTvK", "--lang", "en"], log: log)
        #expect(withCache.status == 1)
        #expect(withCache.status == without.status && withCache.out == without.out)
        #expect(plings(["create", "n1", "Ny"], log: log).status == 1)
    }

    @Test("a batch cut short by a crash is invisible to readers and set aside whole by the next append")
    func tornBatch() throws {
        let log = saltsjon()
        let head = try ChainChecker.checkAll(fileBytes(log)).cursor
        var bytes: [UInt8] = []
        var hash = head.lastHash
        for k in 0..<4 {
            let event = Event(
                seq: head.lastSeq + Int64(k) + 1, at: head.lastAt, payload: .created(oid("b\(k)"), name: "Del \(k)"))
            hash = LineFormat.encode(event, prev: hash, batch: k == 0 ? 4 : nil, appendingTo: &bytes)
        }
        // Three whole lines of four: a reader must not see any of them.
        let cut = bytes.indices.filter { bytes[$0] == 0x0A }[2] + 1
        writeBytes(fileBytes(log) + bytes[0..<cut], to: log)
        let checked = try ChainChecker.checkAll(fileBytes(log))
        #expect(checked.cursor == head)
        #expect(checked.torn?.length == Int64(cut))
        #expect(plings(["card", "b0"], log: log).status == 1)
        #expect(plings(["verify"], log: log).status == 0)
        #expect(plings(["create", "n1", "Ny"], log: log).status == 0)
        let after = try ChainChecker.checkAll(fileBytes(log))
        #expect(after.torn == nil)
        #expect(after.lines.last?.event.seq == head.lastSeq + 1)
        #expect(fileBytes(log + ".quarantine").count > cut)
    }

    @Test("apply under a file size limit fails whole: none of the batch's events stay in the log")
    func fileSizeLimit() throws {
        let log = saltsjon()
        let before = fileBytes(log)
        let batch = dir.file("batch.jsonl")
        let commands = (0..<3000).map { "{\"command\":\"create\",\"id\":\"q\($0)\",\"name\":\"Sak \($0)\"}" }
        writeBytes(Array((commands.joined(separator: "\n") + "\n").utf8), to: batch)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f 100; exec \"$0\" apply \"$1\" --log \"$2\"", plingsBinary, batch, log]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(fileBytes(log) == before)
        #expect(try ChainChecker.checkAll(fileBytes(log)).torn == nil)
    }

    @Test("a read-only log says so, in words, when written to")
    func readOnly() {
        let log = saltsjon()
        chmod(log, 0o444)
        defer { chmod(log, 0o644) }
        guard geteuid() != 0 else { return }  // root writes through permissions
        let run = plings(["create", "n1", "Ny", "--lang", "en"], log: log)
        #expect(run.status == 1)
        #expect(run.err.contains("read-only"), "\(run.err)")
        #expect(!run.err.contains("errno"))
    }

    @Test("the cache never writes through links, sweeps leftovers, and ignores renamed or cut snapshots")
    func cacheSafety() throws {
        let log = saltsjon()
        #expect(plings(["rebuild"], log: log).status == 0)
        let cache = log + ".plings-cache"
        let victim = dir.file("victim.txt")
        writeBytes(Array("keep me".utf8), to: victim)
        // A planted link where a temporary file would go, and a leftover of a dead process.
        for attempt in 0..<3 {
            _ = symlink(victim, cache + "/.tmp-\(getpid())-\(attempt)-identity")
        }
        writeBytes([1, 2, 3], to: cache + "/.tmp-999999-0-snapshot-1-1.bin")
        #expect(plings(["create", "n1", "Ny"], log: log).status == 0)
        #expect(plings(["rebuild"], log: log).status == 0)
        #expect(fileBytes(victim) == Array("keep me".utf8))
        #expect(!FileManager.default.fileExists(atPath: cache + "/.tmp-999999-0-snapshot-1-1.bin"))
        // A snapshot renamed to claim another time, and one cut short, are not used.
        let entries = SnapshotCache(logPath: log).entries()
        guard let last = entries.last else {
            Issue.record("no snapshot")
            return
        }
        let renamed = cache + "/snapshot-\(last.seq)-1.bin"
        try FileManager.default.moveItem(atPath: last.path, toPath: renamed)
        let point = try Timeline(path: log).state()
        #expect(point.fromSnapshot != last.seq)
        writeBytes(Array(fileBytes(renamed).prefix(40)), to: renamed)
        #expect(try Timeline(path: log).state().state == Timeline(path: log, useSnapshots: false).state().state)
        // A cache folder that is a link is not used at all.
        try FileManager.default.removeItem(atPath: cache)
        let elsewhere = dir.file("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        writeBytes([9], to: elsewhere + "/snapshot-1-1.bin")
        _ = symlink(elsewhere, cache)
        _ = plings(["rebuild"], log: log)
        #expect(fileBytes(elsewhere + "/snapshot-1-1.bin") == [9])
        #expect(plings(["card", "yTvK"], log: log).status == 0)
    }

    @Test("a log replaced by another file while a store has it open is refused, not misread")
    func replacedWhileOpen() throws {
        let log = saltsjon()
        let other = saltsjon("other.jsonl")
        _ = plings(["create", "extra", "Extra"], log: other)
        let store = try Store(path: log)
        // Keep the old file alive under another name, so the new one cannot reuse its inode.
        try FileManager.default.moveItem(atPath: log, toPath: log + ".old")
        try FileManager.default.copyItem(atPath: other, toPath: log)
        #expect(throws: StoreError.log(.replaced(path: log))) { try store.execute(.create(oid("n1"), name: "Ny")) }
        #expect(fileBytes(log) == fileBytes(other))
    }

    @Test("a batch marker edited into a middle line does not hide the lines after it")
    func forgedBatchMarker() {
        let log = saltsjon()
        var all = lines(log)
        // Line 4 claims to open a batch far longer than the log, and is hashed again as a forger would.
        var text = String(decoding: all[3], as: UTF8.self)
        text = String(text.dropLast(LineFormat.hashSuffixLength))
        text = text.replacingOccurrences(of: "\"at\":", with: "\"at\":").replacingOccurrences(
            of: ",\"name\":", with: ",\"batch\":1000000,\"name\":"
        ).replacingOccurrences(of: "\"v\":1", with: "\"v\":2")
        all[3] = rehash(Array(text.utf8))
        write(all, to: log)
        let before = fileBytes(log)
        #expect(plings(["verify"], log: log).status == 1)
        #expect(plings(["create", "n1", "Ny"], log: log).status == 1)
        #expect(plings(["card", "yTvK"], log: log).status == 1)
        #expect(fileBytes(log) == before)
        #expect(!FileManager.default.fileExists(atPath: log + ".quarantine"))
    }

    @Test("JSON that only starts like a log line, without a newline, is not ours either")
    func lookalikes() {
        for content in ["{\"at\":\"07:00\",\"alarm\":true}", "{\"actor\":\"bob\",\"role\":\"admin\"}", "hello"] {
            let path = dir.file("look-\(content.utf8.count).json")
            writeBytes(Array(content.utf8), to: path)
            for command in [["create", "b1", "B"], ["verify"], ["tree"], ["card", "b1"]] {
                let run = plings(command + ["--lang", "en"], log: path)
                #expect(run.status == 1, "\(command) on \(content)")
                #expect(run.err.contains("not a Plings log"), "\(command): \(run.err)")
            }
            #expect(fileBytes(path) == Array(content.utf8))
        }
    }

    @Test("a FIFO as the log or in the cache folder is refused or ignored, never waited on")
    func fifos() {
        let log = saltsjon()
        #expect(plings(["rebuild"], log: log).status == 0)
        let identity = log + ".plings-cache/identity"
        try? FileManager.default.removeItem(atPath: identity)
        #expect(mkfifo(identity, 0o644) == 0)
        #expect(plings(["card", "yTvK"], log: log).status == 0)
        let fifo = dir.file("fifo.jsonl")
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = plings(["tree", "--lang", "en"], log: fifo)
        #expect(run.status == 1)
        #expect(run.err.contains("not a Plings log"), "\(run.err)")
    }

    @Test("a view of the past gives the same answer with and without snapshots when a later line is damaged")
    func pastWithDamageLater() {
        let log = saltsjon()
        #expect(plings(["rebuild"], log: log).status == 0)
        var all = lines(log)
        var text = String(decoding: all[8], as: UTF8.self)
        text = text.replacingOccurrences(of: "\"seq\":9,", with: "\"seq\":9 ,")
        all[8] = Array(text.utf8)
        write(all, to: log)
        let withCache = plings(["card", "yTvK", "--at", "5", "--lang", "en"], log: log)
        try? FileManager.default.removeItem(atPath: log + ".plings-cache")
        let without = plings(["card", "yTvK", "--at", "5", "--lang", "en"], log: log)
        #expect(withCache.status == 1)
        #expect(withCache.status == without.status && withCache.err == without.err)
    }
}

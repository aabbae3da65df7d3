import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile things at a cache file's name inside the cache folder, and a full disk while the
/// cache is written: the cache is disposable, so `rebuild` goes on, says what it could not do
/// in the user's words (the cache file's name, never a temporary one), and never removes what
/// is not Plings's.
@Suite("Cache files: a folder, a FIFO or a link at their name; a full disk")
struct CacheNameTests {
    let dir = TemporaryDirectory()

    /// A log of the Saltsjön world, written by the CLI, and rebuilt once.
    func rebuilt() -> String {
        let log = dir.file("plings.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: log) }
        #expect(plings(["rebuild"], log: log).status == 0)
        return log
    }

    /// The name of the head index file the last rebuild wrote.
    func headIndex(_ log: String) throws -> String {
        try #require(SnapshotCache(logPath: log).indexEntries().last).path
    }

    @Test("a folder at the head index's name: rebuild writes the rest, leaves the folder, says so in both languages")
    func folderAtIndexName() throws {
        let log = rebuilt()
        let index = try headIndex(log)
        let card = plings(["card", "yTvK"], log: log).out
        try FileManager.default.removeItem(atPath: index)
        try FileManager.default.createDirectory(atPath: index, withIntermediateDirectories: false)
        writeBytes(Array("mine".utf8), to: index + "/note.txt")
        for (language, words) in [
            ("en", "is a folder where Plings keeps a cache file; it was left as it is"),
            ("sv", "är en mapp där Plings har en cachefil; den lämnades som den är"),
        ] {
            let run = plings(["rebuild", "--lang", language], log: log)
            #expect(run.status == 0, "\(run.err)")
            #expect(run.err.contains("'\(index)' " + words), "\(run.err)")
            #expect(run.err.components(separatedBy: "\n").count == 2, "\(run.err)")
        }
        #expect(fileBytes(index + "/note.txt") == Array("mine".utf8))
        // The snapshot and the timeline were written; the views answer as the replay does.
        #expect(!SnapshotCache(logPath: log).entries().isEmpty)
        #expect(!SnapshotCache(logPath: log).timelineEntries().isEmpty)
        let json = plings(["rebuild", "--json"], log: log)
        #expect(json.out.contains("\"notWritten\":[\"\(index)\"]"), "\(json.out)")
        #expect(plings(["card", "yTvK"], log: log).out == card)
    }

    @Test("a folder at the head snapshot's name: no snapshot, index or removal is claimed that did not happen")
    func folderAtSnapshotName() throws {
        let log = rebuilt()
        let snapshot = try #require(SnapshotCache(logPath: log).entries().last).path
        try FileManager.default.removeItem(atPath: snapshot)
        try FileManager.default.createDirectory(atPath: snapshot, withIntermediateDirectories: false)
        let run = plings(["rebuild", "--json"], log: log)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("\"notWritten\":[\"\(snapshot)\"]"), "\(run.out)")
        // The snapshot was not written, so neither was its head index; the old index goes, the folder stays.
        #expect(run.out.contains("\"snapshots\":0,"), "\(run.out)")
        #expect(run.out.contains("\"removed\":1,"), "\(run.out)")
        #expect(FileManager.default.fileExists(atPath: snapshot))
        #expect(SnapshotCache(logPath: log).indexEntries().isEmpty)
    }

    @Test("a FIFO or a dangling link at the head index's name is replaced: never opened, never followed")
    func fifoAndLinkAtIndexName() throws {
        let log = rebuilt()
        let index = try headIndex(log)
        let target = dir.file("nowhere/target.bin")
        for plant in ["fifo", "link"] {
            try FileManager.default.removeItem(atPath: index)
            if plant == "fifo" {
                #expect(mkfifo(index, 0o644) == 0)
            } else {
                #expect(symlink(target, index) == 0)
            }
            let run = plings(["rebuild"], log: log)
            #expect(run.status == 0, "\(plant): \(run.err)")
            let attributes = try FileManager.default.attributesOfItem(atPath: index)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(plant)")
            #expect(!FileManager.default.fileExists(atPath: target))
        }
    }

    @Test("a full disk during rebuild names the cache file, not a temporary one, in both languages")
    func fullDiskNamesCacheFile() throws {
        let log = rebuilt()
        let cache = log + ".plings-cache"
        try FileManager.default.removeItem(atPath: cache)
        for (language, words) in [("en", "cannot write '"), ("sv", "kan inte skriva '")] {
            // The file size limit stands for a full disk: the snapshot (about 1 KB) passes 512 bytes.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "ulimit -f 1; exec \"$0\" --log \"$1\" --lang \"$2\" rebuild", plingsBinary, log, language,
            ]
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1, "\(said)")
            #expect(said.contains(words + cache + "/snapshot-"), "\(said)")
            #expect(!said.contains(".tmp-"), "\(said)")
            let left = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
            #expect(!left.contains { $0.hasPrefix(".tmp-") }, "\(left)")
        }
    }
}

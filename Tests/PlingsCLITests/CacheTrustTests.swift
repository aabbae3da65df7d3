import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsKit

/// A cache folder others can write to is not used (they could plant or reseal a snapshot or a
/// timeline), and that is said once, before the answer, which is the log's (issue 20, item 11).
@Suite("A cache folder others can write is not used")
struct CacheTrustTests {
    let dir = TemporaryDirectory()

    @Test("a world-writable cache folder, or a world-writable file in it, is not read; said once, in both languages")
    func writableByOthers() throws {
        let log = dir.file("plings.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: log) }
        #expect(plings(["rebuild"], log: log).status == 0)
        let folder = log + ".plings-cache"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".bin") }
        #expect(!names.isEmpty)
        let head = plings(["head"], log: log).out.split(separator: ":").first.map(String.init) ?? ""
        let asked = ["card", "yTvK", "--at", head]
        let trusted = plings(asked + ["--lang", "en"], log: log)
        let trustedSwedish = plings(asked + ["--lang", "sv"], log: log)
        #expect(trusted.err.isEmpty)
        // A folder others can write is never opened: the answer is the log's, and it is said once.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
        for language in ["en", "sv"] {
            let run = plings(asked + ["--lang", language], log: log)
            #expect(run.out == (language == "en" ? trusted.out : trustedSwedish.out))
            let lines = run.err.split(separator: "\n")
            #expect(lines.count == 1, "\(run.err)")
            #expect(run.err.contains(language == "en" ? "others can write to it" : "andra kan skriva i den"))
        }
        #expect(CacheFolder.problem(logPath: log) == .writableByOthers(folder))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        #expect(CacheFolder.problem(logPath: log) == nil)
        for name in names {
            try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: folder + "/" + name)
        }
        // A file others can write, in a folder that is fine, is not read either.
        let folderOfLog = CacheFolder(logPath: log)
        for name in names { #expect(folderOfLog.withFile(name, limit: 1 << 30) { _, _ in true } == nil, "\(name)") }
        #expect(plings(asked + ["--lang", "en"], log: log).out == trusted.out)
    }
}

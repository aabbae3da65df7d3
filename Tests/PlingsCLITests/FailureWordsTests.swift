import Foundation
import PlingsDomain
import PlingsTestSupport
import PlingsText
import Testing

@testable import PlingsPlatform

#if canImport(Glibc)
    import Glibc
#endif

/// What went wrong, said in words with what to do (issue 20, item 20): a cache folder that is a
/// link, another user's, not a folder or open to others is named with its flaw, never
/// "operation not permitted"; every system error Plings's calls can meet has words in both
/// languages, never "system error 17".
@Suite("Failures in words: the cache folder's flaw, every system error")
struct FailureWordsTests {
    let dir = TemporaryDirectory()

    @Test(
        "rebuild with a flawed cache folder names the flaw and what to do, in both languages; nothing written through it"
    )
    func cacheFolderFlaws() throws {
        let log = dir.file("plings.jsonl")
        #expect(plings(["create", "box", "Box"], log: log).status == 0)
        let folder = log + ".plings-cache"
        let elsewhere = dir.file("elsewhere")
        let files = FileManager.default
        try files.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        func remake(_ make: () throws -> Void) throws {
            try? files.removeItem(atPath: folder)
            try make()
        }
        var cases: [(en: String, sv: String, make: () throws -> Void)] = [
            (
                "it is a symbolic link", "den är en symbolisk länk",
                {
                    try files.createSymbolicLink(atPath: folder, withDestinationPath: elsewhere)
                }
            ),
            (
                "others can write to it", "andra kan skriva i den",
                {
                    try files.createDirectory(atPath: folder, withIntermediateDirectories: false)
                    try files.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
                }
            ),
            ("it is not a folder", "den är ingen mapp", { writeBytes(Array("x".utf8), to: folder) }),
        ]
        if getuid() == 0 {
            // Root's own run: a folder of another user's (as a root-owned one is to everyone else).
            cases.append(
                (
                    "it belongs to another user", "den tillhör en annan användare",
                    {
                        try files.createDirectory(atPath: folder, withIntermediateDirectories: false)
                        #expect(chown(folder, 65534, 65534) == 0)
                    }
                ))
        }
        for (en, sv, make) in cases {
            try remake(make)
            for (language, words) in [
                ("en", "cannot write the cache folder '\(folder)': \(en); remove it (its owner can, if you cannot)"),
                (
                    "sv",
                    "kan inte skriva i cachemappen '\(folder)': \(sv); ta bort den (dess ägare kan, om du inte kan)"
                ),
            ] {
                let run = plings(["rebuild", "--lang", language], log: log)
                #expect(run.status == 1)
                #expect(run.err.contains(words), "\(run.err)")
                #expect(!run.err.contains("operation not permitted") && !run.err.contains("åtgärden är inte tillåten"))
            }
            #expect(try files.contentsOfDirectory(atPath: elsewhere).isEmpty)
        }
        try remake {}
        #expect(plings(["rebuild"], log: log).status == 0)
    }

    @Test("every system error Plings can meet has words in both languages; EEXIST says it exists already")
    func systemErrors() {
        let (en, sv) = (Catalog(.en), Catalog(.sv))
        for error in SystemErrno.worded {
            let (english, swedish) = (en.systemError(error.code), sv.systemError(error.code))
            #expect(!english.contains("system error") && !swedish.contains("systemfel"), "errno \(error.code)")
            #expect(english != swedish, "errno \(error.code)")
        }
        #expect(Set(SystemErrno.worded.map(\.code)).count >= 40)
        #expect(en.systemError(SystemErrno.exists.code) == "it exists already")
        #expect(sv.systemError(SystemErrno.exists.code) == "den finns redan")
        #expect(en.systemError(EXDEV) == "the two paths are on different file systems")
        // A code no call of Plings's meets still says its number.
        #expect(en.systemError(EDOM) == "system error \(EDOM)")
    }
}

import Foundation
import PlingsTestSupport
import Testing

/// The pages in a real browser: headless Chromium driven by Selenium (`scripts/browser-checks.py`,
/// run by Debian's /usr/bin/python3) against lighttpd running `plings serve --cgi`. Slow (a minute
/// or two a language), so it runs when `PLINGS_BROWSER=1` is set, as `.ci/run` does; otherwise,
/// and where a tool is missing, it is reported as skipped. Screenshots go to `browser/` in the
/// artifacts' folder (`PLINGS_ARTIFACTS`, else `.build`).
@Suite(
    "In a browser: the seed's checklist ★1–★5 and ★7, the card's buttons, the picture, the labels",
    .enabled(if: BrowserTools.wanted, "set PLINGS_BROWSER=1 to run the browser checks (.ci/run does)"),
    .enabled(
        if: BrowserTools.installed,
        "chromium, chromium-driver, python3-selenium, zbar-tools or lighttpd is missing: run scripts/install-test-tools.sh"
    ))
struct BrowserTests {
    /// The package's folder.
    static let root = Artifacts.packageRoot

    /// Every byte the id rule allows, for the labels.
    static let idAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")

    /// 100 ids: the first ones hold every character the rule allows between them, the rest are
    /// drawn from a seeded generator (the seed is in the failure message).
    static func labelIDs(seed: UInt64) -> [String] {
        var ids: [String] = stride(from: 0, to: idAlphabet.count, by: 12).map {
            "x" + String(idAlphabet[$0..<min($0 + 12, idAlphabet.count)])
        }
        var random = SplitMix64(seed: seed)
        while ids.count < 100 {
            let length = Int(random.next() % 16) + 1
            let id = "r" + String((0..<length).map { _ in idAlphabet[Int(random.next() % UInt64(idAlphabet.count))] })
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// The seed's world, Lampa and Kabel in Vardagsrummet, Rum (Hylla; Låda under it, Stol left
    /// of it, Bok above it), Etiketter holding the labels' things, and Sax, lent.
    static func seed(_ path: String, ids: [String]) throws {
        let store = try Store(path: path)
        _ = try store.executeBatch(Saltsjon.commands, actor: "hub", policy: .stop)
        func make(_ id: String, _ name: String, _ relation: Relation, _ target: String) -> [Command] {
            [
                .create(oid(id), name: name),
                .place(Placement(object: oid(id), relation: .in, target: oid(target), axes: .both)),
            ]
                + (relation == .in
                    ? [] : [.place(Placement(object: oid(id), relation: relation, target: oid("hylla"), axes: .both))])
        }
        var commands = make("lampa", "Lampa", .in, "vardagsrummet") + make("kabel", "Kabel", .in, "vardagsrummet")
        commands += make("rum", "Rum", .in, "saltsjon") + make("hylla", "Hylla", .in, "rum")
        commands += make("lada", "Låda", .under, "rum") + make("stol", "Stol", .leftOf, "rum")
        commands += make("bok", "Bok", .above, "rum") + make("etiketter", "Etiketter", .in, "saltsjon")
        for id in ids { commands += make(id, "Sak " + id, .in, "etiketter") }
        // Lent to someone with a long name: the tree's row must wrap its loan under itself.
        commands += make("sax", "Sax", .in, "saltsjon")
        commands.append(
            .lend(oid("sax"), to: "Annika Svensson-Lindqvist på Storgatan 12 i Västerås", due: nil, note: nil))
        _ = try store.executeBatch(commands, actor: "hub", policy: .stop)
    }

    @Test("the flows in each language, in headless Chromium against lighttpd", arguments: ["sv", "en"])
    func flows(language: String) throws {
        let dir = TemporaryDirectory()
        let hub = dir.file("hub.jsonl")
        let seed = UInt64(language == "sv" ? 24 : 2024)
        let ids = Self.labelIDs(seed: seed)
        try Self.seed(hub, ids: ids)
        writeBytes(Array((ids.joined(separator: "\n") + "\n").utf8), to: dir.file("ids.txt"))
        // The open address runs the pages as one user: the browser needs no password.
        let server = try WebServer(
            hubPath: hub, plings: BuiltPlings.path, users: [:],
            wrapper: "REMOTE_USER=\"${REMOTE_USER:-browser}\" exec 'PLINGS' --log 'HUB' serve --cgi")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            Self.root + "/scripts/browser-checks.py", "--url", server.openURL, "--lang", language, "--ids",
            dir.file("ids.txt"), "--out", Artifacts.folder("browser"),
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0,
            """
            seed \(seed):
            \(text)
            \(server.accessLog().suffix(20).joined(separator: "\n"))
            \(server.errorLog().suffix(20).joined(separator: "\n"))
            """)
    }
}

/// Whether the browser checks run: asked for, and every tool there.
enum BrowserTools {
    static var wanted: Bool { BrowserSwitch.enabled }

    static var installed: Bool {
        WebServer.isAvailable
            && ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/zbarimg", "/usr/bin/python3"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: $0)
            } && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")
    }
}

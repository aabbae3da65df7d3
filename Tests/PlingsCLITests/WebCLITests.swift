import Foundation
import PlingsTestSupport
import Testing

/// `plings labels` and `plings picture`: the web's pieces from the command line, on the Saltsjön world.
@Suite("Labels and pictures through the CLI")
struct WebCLITests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("log.jsonl") }
    static let base = "https://example.org/plings"

    func setUp() {
        for args in Saltsjon.cliArguments { _ = plings(args, log: log) }
        for args in [
            ["create", "lampa", "Lampa <img src=x onerror=alert(1)>"], ["create", "stol", "Stol"],
            ["place", "lampa", "above", "5GgB"], ["place", "stol", "left-of", "5GgB"],
            ["place", "yTvK", "under", "5GgB", "--axes", "current"],
        ] {
            _ = plings(args, log: log)
        }
    }

    func run(_ args: [String], _ lang: String = "en", env: [String: String] = [:]) -> Run {
        plings(args, log: log, env: env.merging(["PLINGS_LANG": lang]) { a, _ in a })
    }

    @Test("labels: one per id and per thing in --in C, each with its card URL; the base from PLINGS_BASE_URL too")
    func labels() {
        setUp()
        let page = run(["labels", "yTvK", "5GgB", "--base-url", Self.base + "/"])
        #expect(page.status == 0 && page.err.isEmpty)
        #expect(page.out.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.out.components(separatedBy: "class=\"label\"").count == 3)
        #expect(page.out.contains("aria-label=\"https://example.org/plings/o/yTvK\""))
        let room = run(
            ["labels", "--in", "vardagsrummet", "--layout", "letter", "--skip", "29"], "sv",
            env: ["PLINGS_BASE_URL": Self.base])
        #expect(room.status == 0)
        // Bord, Lampa, Stol and the box (at home in the kitchen, but in the room now).
        #expect(room.out.components(separatedBy: "class=\"label\"").count == 5)
        #expect(
            room.out.contains("@page{size:letter;margin:0}") && room.out.contains("<title>Plings-etiketter</title>"))
        #expect(!room.out.contains("<img"))
        #expect(room.out.components(separatedBy: "<section").count == 3)
    }

    @Test(
        "labels: what is wrong and what to do, in both languages, with usage errors exiting 64",
        arguments: ["en", "sv"])
    func labelErrors(_ lang: String) {
        setUp()
        let cases: [([String], Int32, String, String)] = [
            (["labels", "yTvK"], 64, "give --base-url URL", "ange --base-url URL"),
            (
                ["labels", "yTvK", "--base-url", "javascript:alert(1)"], 64, "is not a web address",
                "är ingen webbadress"
            ),
            (
                ["labels", "yTvK", "--base-url", Self.base, "--layout", "a5"], 64, "use l7160, 3x8 or letter",
                "använd l7160, 3x8 eller letter"
            ),
            (
                ["labels", "yTvK", "--base-url", Self.base, "--skip", "21"], 64, "--skip takes 0 to 20",
                "--skip tar 0 till 20"
            ),
            (
                ["labels", "yTvK", "--base-url", Self.base, "--skip", "-1"], 64, "--skip takes 0 to 20",
                "--skip tar 0 till 20"
            ),
            (["labels", "--base-url", Self.base], 64, "no labels to make", "inga etiketter att göra"),
            (["labels", "nope", "--base-url", Self.base], 1, "'nope'", "'nope'"),
            (["labels", "ytvk", "--base-url", Self.base], 1, "'yTvK'", "'yTvK'"),
            (["labels", "--in", "nope", "--base-url", Self.base], 1, "'nope'", "'nope'"),
            (
                ["labels", "--in", "yTvK", "--base-url", Self.base], 1, "Plastlåda (yTvK) holds nothing now",
                "Plastlåda (yTvK) innehåller inget nu"
            ),
            (
                [
                    "labels", "yTvK", "--layout", "letter", "--base-url",
                    Self.base + "/" + String(repeating: "x", count: 60),
                ],
                1, "too dense for these labels", "för tät QR-kod"
            ),
        ]
        for (args, status, en, sv) in cases {
            let result = run(args, lang)
            #expect(result.status == status, "\(args)")
            #expect(result.out.isEmpty, "\(args)")
            #expect(
                result.err.hasPrefix("plings: ") && result.err.contains(lang == "en" ? en : sv),
                "\(args): \(result.err)")
        }
    }

    @Test("labels: more than a page makes (1,000) is refused with the count; the picture of the same room draws 120")
    func tooMany() throws {
        setUp()
        var lines = [#"{"command":"create","object":"lager","name":"Lager"}"#]
        for i in 0...1000 {
            lines.append(#"{"command":"create","object":"t\#(i)","name":"Sak \#(i)"}"#)
            lines.append(#"{"command":"place","object":"t\#(i)","relation":"in","target":"lager","axes":"both"}"#)
        }
        let file = dir.file("many.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(run(["apply", file]).status == 0)
        let labels = run(["labels", "--in", "lager", "--base-url", Self.base], "sv")
        #expect(labels.status == 1 && labels.out.isEmpty)
        #expect(
            labels.err
                == "plings: 1001 etiketter är fler än en sida gör (1000); ange sakerna, eller en mindre behållare\n")
        let picture = run(["picture", "lager"])
        #expect(picture.out.components(separatedBy: "class=\"thing\"").count == 121)
        #expect(picture.out.contains("+881 more not drawn"))
    }

    @Test("picture: an SVG of the room with the relations, World as a container, the home axis and a past point")
    func picture() {
        setUp()
        let now = run(["picture", "vardagsrummet"])
        #expect(now.status == 0 && now.out.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        for id in ["5GgB", "lampa", "stol", "yTvK"] { #expect(now.out.contains("data-id=\"\(id)\"")) }
        #expect(now.out.contains("Plastlåda (yTvK) — Under Bord") && !now.out.contains("<img"))
        let home = run(["picture", "vardagsrummet", "--axis", "hem"], "sv")
        #expect(home.out.contains("Där saker hör hemma") && !home.out.contains("data-id=\"yTvK\""))
        #expect(run(["picture", "world"], "sv").out.contains(">Världen</text>"))
        // Before the box and the lamp came: Bord alone.
        let past = run(["picture", "vardagsrummet", "--at", "11"])
        #expect(past.out.contains("data-id=\"5GgB\"") && !past.out.contains("data-id=\"lampa\""))
    }

    @Test("picture: errors in both languages", arguments: ["en", "sv"])
    func pictureErrors(_ lang: String) {
        setUp()
        let cases: [([String], Int32, String, String)] = [
            (["picture", "nope"], 1, "'nope'", "'nope'"),
            (["picture", "5GgB", "--axis", "sideways"], 64, "'sideways'", "'sideways'"),
            (["picture"], 64, "plings picture C", "plings picture C"),
            (["picture", "5GgB", "--at", "999"], 1, "999", "999"),
            (["picture", "-x"], 64, "'-x'", "'-x'"),
        ]
        for (args, status, en, sv) in cases {
            let result = run(args, lang)
            #expect(result.status == status, "\(args)")
            #expect(
                result.err.hasPrefix("plings: ") && result.err.contains(lang == "en" ? en : sv),
                "\(args): \(result.err)")
        }
        let missing = plings(["picture", "x"], log: dir.file("none.jsonl"), env: ["PLINGS_LANG": lang])
        #expect(missing.status == 1 && missing.err.contains(lang == "en" ? "no log" : "ingen logg"))
    }

    @Test("the same world gives the same bytes from separate processes (no hash-order in the output)")
    func sameBytes() throws {
        setUp()
        var outputs: Set<String> = []
        for _ in 0..<3 {
            let picture = try plingsProcess(["picture", "vardagsrummet", "--lang", "sv"], log: log)
            let labels = try plingsProcess(["labels", "--in", "vardagsrummet", "--base-url", Self.base], log: log)
            #expect(picture.status == 0 && labels.status == 0)
            outputs.insert(picture.out + labels.out)
        }
        #expect(outputs.count == 1)
    }
}

import Foundation
import PlingsServe
import PlingsTestSupport
import PlingsWeb
import Testing

/// The web pages through the router, as the CGI program answers them.
@Suite("Web pages: the card, find, tree, away, the move flow, CSRF, hostile names and points")
struct PageTests {
    let dir = TemporaryDirectory()
    var hubPath: String { dir.file("hub.jsonl") }
    static let xss = "<img src=x onerror=alert(1)>"
    static let token = String(repeating: "ab", count: 32)

    /// The seed's world, a thing with a hostile name on Bord, and Köksbordet's box.
    func makeHub(_ extra: [Command] = []) throws {
        let hub = try Store(path: hubPath)
        _ = try hub.executeBatch(Saltsjon.commands, actor: "hub", policy: .stop)
        try hub.execute(.create(oid("xss"), name: Self.xss), actor: "hub")
        try hub.execute(.place(Placement(object: oid("xss"), relation: .on, target: oid("5GgB"), axes: .both)))
        if !extra.isEmpty { _ = try hub.executeBatch(extra, actor: "hub", policy: .stop) }
    }

    var router: WebRouter {
        var router = WebRouter()
        PageRoutes.add(to: &router, hubPath: hubPath)
        return router
    }

    func get(_ path: String, _ query: String = "", language: Language = .sv) -> WebResponse {
        let parts = path.split(separator: "/").map(String.init)
        return router.respond(
            to: WebRequest(method: "GET", path: parts, query: query, user: "alice", base: "/plings", language: language)
        )
    }

    func post(
        _ path: String, _ body: String, cookie: String? = "plings_csrf=\(PageTests.token)",
        headers extra: [String: String] = [:]
    ) -> WebResponse {
        var headers = ["content-type": "application/x-www-form-urlencoded", "host": "example.org"]
        if let cookie { headers["cookie"] = cookie }
        headers.merge(extra) { _, new in new }
        return router.respond(
            to: WebRequest(
                method: "POST", path: path.split(separator: "/").map(String.init), headers: headers, user: "alice",
                base: "/plings", body: WebBody(bytes: Array(body.utf8))))
    }

    func html(_ response: WebResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test("the card shows both places, the positional relations both ways, contents, and the buttons")
    func card() throws {
        try makeHub([.place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both))])
        let box = get("/o/yTvK")
        #expect(box.status == 200)
        #expect(box.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        let page = html(box)
        #expect(
            page.contains(
                "<h2>Nuvarande plats</h2><p class=\"path\"><a href=\"/plings/o/saltsjon\">Saltsjön</a> › <a href=\"/plings/o/vardagsrummet\">Vardagsrummet</a></p><p class=\"detail\">Under <a href=\"/plings/o/5GgB\">Bord</a></p>"
            ))
        #expect(page.contains("id=\"move\">Flytta</a>"))
        let table = html(get("/o/5GgB", "lang=en"))
        #expect(table.contains("Under it: <a href=\"/plings/o/yTvK?lang=en\">Plastlåda</a>"))
        #expect(table.contains("<svg"))
        #expect(table.contains("lang=\"en\""))
        // A tap on a thing in the picture opens its card (at the point shown), on the picture's own page too.
        #expect(table.contains("<a href=\"/plings/o/xss?lang=en\"><g class=\"thing\" data-id=\"xss\""), "\(table)")
        #expect(html(get("/o/5GgB", "at=13")).contains("<a href=\"/plings/o/xss?at=13\"><g class=\"thing\""))
        #expect(html(get("/o/5GgB/picture")).contains("<a href=\"/plings/o/xss\"><g class=\"thing\" data-id=\"xss\""))
    }

    @Test("a lent thing's card says who has it, since when and when it is due, in both languages")
    func loan() throws {
        try makeHub([.lend(oid("yTvK"), to: "Anna", due: CalendarDay(year: 2027, month: 6, day: 1), note: nil)])
        let sv = html(get("/o/yTvK"))
        #expect(sv.contains("<p id=\"loan\">utlånad till Anna sedan "), "\(sv)")
        #expect(sv.contains(", åter 1 juni 2027</p>"), "\(sv)")
        let en = html(get("/o/yTvK", "lang=en"))
        #expect(en.contains("<p id=\"loan\">lent to Anna since ") && en.contains(", due 1 June 2027</p>"), "\(en)")
        #expect(!html(get("/o/5GgB")).contains("id=\"loan\""))
        // Lent to a person it is nowhere in the world: the loan is its current place, not "World".
        #expect(sv.contains("<h2>Nuvarande plats</h2><p id=\"loan\">utlånad till Anna"), "\(sv)")
        #expect(!sv.contains("<p class=\"path\">Världen</p>"), "\(sv)")
        #expect(en.contains("<h2>Current location</h2><p id=\"loan\">lent to Anna"), "\(en)")
        // The away list (its page and the start page's) says the loan instead of the place.
        for path in ["/away", "/"] {
            let awaySv = html(get(path))
            #expect(
                awaySv.contains("utlånad till Anna sedan ") && awaySv.contains(", åter 1 juni 2027; hemma i "),
                "\(awaySv)")
            let awayEn = html(get(path, "lang=en"))
            #expect(awayEn.contains("lent to Anna since ") && awayEn.contains(", due 1 June 2027; home "), "\(awayEn)")
        }
    }

    @Test("a hostile name is text on every page: card, tree, find, away, move, history, picture")
    func hostileNames() throws {
        try makeHub([.place(Placement(object: oid("xss"), relation: .in, target: oid("koksbordet"), axes: .current))])
        let pages = [
            get("/o/xss"), get("/o/5GgB"), get("/tree"), get("/find", "q=img"), get("/away"), get("/"),
            get("/o/xss/move", "q=img&rel=under&target=xss&axes=both"), get("/o/xss/history"),
            get("/o/5GgB/picture", "axis=normal"),
            get("/labels", "ids=xss"),
        ]
        for (n, response) in pages.enumerated() {
            #expect(response.status == 200, "page \(n)")
            let page = html(response)
            #expect(!page.contains("<img"), "page \(n)")
            #expect(page.contains("&lt;img src=x on"), "page \(n)")
        }
    }

    @Test("times show to the minute in UTC inside a <time> that keeps the instant (the script shows local time)")
    func times() throws {
        try makeHub()
        try Store(path: hubPath).execute(.seen(oid("yTvK")), actor: "hub")
        let card = html(get("/o/yTvK"))
        let history = html(get("/o/yTvK/history"))
        let home = html(get("/"))
        let instant = try #require(
            card.firstMatch(of: /<time datetime="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)">/)?.1)
        let shown = String(instant.prefix(10)) + " " + String(instant.dropFirst(11).prefix(5)) + " UTC"
        #expect(card.contains("<time datetime=\"\(instant)\">\(shown)</time>"))
        for page in [history, home] {
            #expect(page.contains("<time datetime=\""))
            #expect(page.firstMatch(of: />\d{4}-\d\d-\d\dT\d\d:/) == nil, "no raw RFC 3339 text left")
        }
        #expect(PageTime.text("2026-12-01T21:07:08.691Z") == "2026-12-01 21:07 UTC")
        #expect(PageTime.text("not a time") == "not a time")
    }

    @Test("a POST without the token, with another, or from another site is 403 and the log is unchanged")
    func csrf() throws {
        try makeHub()
        let before = fileBytes(hubPath)
        let move = "rel=under&target=5GgB&axes=both"
        let refused = [
            post("/o/yTvK/move", move),
            post("/o/yTvK/move", move + "&plings_csrf=\(Self.token)", cookie: nil),
            post("/o/yTvK/move", move + "&plings_csrf=\(String(repeating: "cd", count: 32))"),
            post("/o/yTvK/move", move + "&plings_csrf=\(Self.token)", headers: ["origin": "https://evil.example"]),
            post("/o/yTvK/move", move + "&plings_csrf=\(Self.token)", headers: ["sec-fetch-site": "cross-site"]),
            post("/o/yTvK/seen", "plings_csrf=x"),
        ]
        for response in refused { #expect(response.status == 403) }
        #expect(fileBytes(hubPath) == before)
        // No GET changes the log either.
        #expect(get("/o/yTvK/move", move).status == 200)
        #expect(fileBytes(hubPath) == before)
        let done = post(
            "/o/yTvK/move", move + "&plings_csrf=\(Self.token)", headers: ["origin": "http://example.org"])
        #expect(done.status == 303)
        #expect(done.header("Location") == "/plings/o/yTvK?done=%2314")
        let store = try Store(path: hubPath)
        #expect(store.state.lastSeq == 14)
        let lastLine = String(decoding: fileBytes(hubPath), as: UTF8.self).split(separator: "\n").last ?? ""
        #expect(lastLine.contains("\"actor\":\"alice\""))
        let card = html(get("/o/yTvK"))
        #expect(card.contains("Under <a href=\"/plings/o/5GgB\">Bord</a>"))
    }

    @Test("the move page predicts what the run appends, the relations that drop, and a refusal")
    func prediction() throws {
        try makeHub([.place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both))])
        let page = html(get("/o/5GgB/move", "rel=in&target=koksbordet&axes=both", language: .en))
        #expect(page.contains("Plastlåda would no longer be under Bord (current)"))
        #expect(page.contains("Plastlåda would no longer be under Bord (home)"))
        #expect(page.contains("name=\"expect\" value=\"14\""))
        let cycle = html(get("/o/saltsjon/move", "rel=in&target=koksbordet&axes=both", language: .en))
        #expect(cycle.contains("id=\"refused\""))
        #expect(!cycle.contains("id=\"confirm\""))
        // The log moved on since the page was shown: nothing is appended, the page says so.
        let stale = post("/o/5GgB/move", "rel=in&target=koksbordet&axes=both&expect=3&plings_csrf=\(Self.token)")
        #expect(stale.status == 409)
        #expect(try Store(path: hubPath).state.lastSeq == 14)
    }

    @Test("?at= shows the card at a point and says which; garbage is 400 with a reason")
    func points() throws {
        try makeHub([.place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both))])
        let past = html(get("/o/yTvK", "at=13", language: .en))
        #expect(past.contains("id=\"point\""))
        #expect(past.contains("Köksbordet"))
        #expect(past.contains("id=\"later\""))
        #expect(!past.contains("id=\"move\""))
        for garbage in ["yesterday", "%00", "99999999999999999999999", "<script>", String(repeating: "9", count: 200)] {
            let response = get("/o/yTvK", "at=" + garbage)
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Content-Security-Policy") == PageShell.policy)
            #expect(!html(response).contains("<script>"))
        }
        // A failure is a page a phone can read and go on from: the reason, the bar, the find box.
        let bad = html(get("/o/yTvK", "at=%3Cscript%3E"))
        #expect(
            bad.contains("<p class=\"error\" id=\"problem\">&#39;&lt;script&gt;&#39; är ingen punkt i loggen;"),
            "\(bad)")
        #expect(bad.contains("<meta name=\"viewport\"") && bad.contains("<nav class=\"bar\">"))
        #expect(
            bad.contains("<a href=\"/plings/o/yTvK?at=%3Cscript%3E&amp;lang=en\" lang=\"en\">English</a>"), "\(bad)")
        let missing = get("/o/nosuch", "lang=en")
        #expect(missing.status == 404)
        #expect(html(missing).contains("<h1>Cannot show this</h1>"))
        #expect(
            html(missing).contains("id=\"problem\">nothing here has the id &#39;nosuch&#39;</p>"), "\(html(missing))")
        #expect(html(missing).contains("<form action=\"/plings/find\" method=\"get\""))
        #expect(get("/o/yTvK/../x").status == 404)
    }

    @Test("a container of 10,000 things: its card stays under 50 KB")
    func bigContainer() throws {
        let things = (0..<10_000).flatMap { n -> [Command] in
            [
                .create(oid("t\(n)"), name: "Thing \(n)"),
                .place(Placement(object: oid("t\(n)"), relation: .in, target: oid("5GgB"), axes: .both)),
            ]
        }
        let state = try Replay.run(Saltsjon.commands + things)
        guard let x = state.registry.index(of: oid("5GgB")) else { throw WebServerError.notStarted("no Bord") }
        let request = WebRequest(method: "GET", path: ["o", "5GgB"], user: "alice", base: "/plings", language: .sv)
        let picture = PlaceContents(x, axis: .current, state: state, worldName: "Världen")
        let response = CardPage.render(
            PageContext(request), Card(x, state: state), picture: picture, live: true, stepper: [], undo: nil)
        #expect(response.status == 200)
        #expect(response.body.count <= 50_000, "\(response.body.count) bytes")
        #expect(html(response).contains("och 9\u{a0}900 till") || html(response).contains("och 9900 till"))
    }

    @Test("the undo button names the change it takes back, in both languages")
    func undoNamesTheChange() throws {
        try makeHub([
            .place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both)),
            .create(oid("ny"), name: "Ny"),
        ])
        try Store(path: hubPath).execute(.seen(oid("yTvK")), actor: "hub")
        let sv = html(get("/o/yTvK"))
        let en = html(get("/o/yTvK", "lang=en"))
        for (page, undo) in [(sv, "Ångra: "), (en, "Undo: ")] {
            let button = try #require(page.firstMatch(of: /id="undo">([^<]*)<\/button>/)?.1)
            #expect(button.hasPrefix(undo), "\(button)")
            #expect(button.contains("Plastlåda") && button.contains("Bord"), "\(button)")
            #expect(!button.contains("#"), "names the change, not a seq: \(button)")
            // It takes back the move (#14), not the later `seen`.
            #expect(page.contains("name=\"seq\" value=\"14\""))
        }
        // After a form, the card says what was done in words, not by a seq.
        let done = html(get("/o/yTvK", "done=%2314", language: .en))
        let note = try #require(done.firstMatch(of: /id="done">([^<]*)</)?.1)
        #expect(note.hasPrefix("Done: ") && note.contains("Plastlåda") && note.contains("Bord"), "\(note)")
        #expect(html(get("/o/yTvK", "done=%23999")).contains("id=\"done\">Klart (#999).</p>"))
        #expect(!note.contains("undid"), "\(note)")
        // After the undo button, the card says the change was an undo, not only a move.
        let undone = post("/o/yTvK/undo", "seq=14&plings_csrf=\(Self.token)")
        let location = try #require(undone.header("Location"))
        #expect(location == "/plings/o/yTvK?done=%2317", "\(location)")
        let after = html(get("/o/yTvK", "done=%2317"))
        let said = try #require(after.firstMatch(of: /id="done">([^<]*)</)?.1)
        #expect(said.hasPrefix("Klart: ") && said.hasSuffix(" (ångrade #14)."), "\(said)")
        // A thing never moved, returned or renamed has nothing to undo.
        #expect(!html(get("/o/ny")).contains("id=\"undo\""))
    }

    @Test("?done= says what a form did (#SEQ, or nothing changed), never a text that a link brings")
    func doneSaysOnlyWhatAFormDid() throws {
        try makeHub()
        let unchanged = post("/o/yTvK/return", "plings_csrf=\(Self.token)")
        #expect(unchanged.header("Location") == "/plings/o/yTvK?done=unchanged")
        #expect(html(get("/o/yTvK", "done=unchanged")).contains("id=\"done\">Klart (inget ändrades).</p>"))
        #expect(
            html(get("/o/yTvK", "done=unchanged", language: .en)).contains("id=\"done\">Done (nothing changed).</p>"))
        let forged = [
            "Your+session+expired.+Sign+in+at+evil.example", "%E2%80%AE1", "%2312abc", "%23", "%23-1", "%23+12",
            String(repeating: "A", count: 5000),
        ]
        for text in forged {
            #expect(!html(get("/o/yTvK", "done=\(text)")).contains("id=\"done\""), "\(text.prefix(50))")
        }
    }

    @Test("more labels than a sheet takes are refused before any thing is read, in both languages")
    func tooManyLabelsRefusedFirst() throws {
        try makeHub()
        // 1,001 ids that name nothing: the count is refused first (400), no card is looked up (404).
        let ids = (0...1000).map { "nope\($0)" }.joined(separator: ",")
        let sv = get("/labels", "ids=\(ids)")
        #expect(sv.status == 400)
        #expect(html(sv).contains("1001 etiketter"), "\(html(sv).suffix(400))")
        let en = get("/labels", "ids=\(ids)", language: .en)
        #expect(en.status == 400 && html(en).contains("1001 labels are more than one page makes (1000)"))
    }

    @Test("a thing deep in containers: card, move, find and start page show the top two and the nearest three")
    func deepPaths() throws {
        let names = ["Topp", "Andra", "Mitt-a", "Mitt-b", "Mitt-c", "Nära-1", "Nära-2", "Nära-3", "Djupast"]
        var commands: [Command] = names.enumerated().map { .create(oid("n\($0.offset)"), name: $0.element) }
        commands += (1..<names.count).map {
            .place(Placement(object: oid("n\($0)"), relation: .in, target: oid("n\($0 - 1)"), axes: .both))
        }
        try makeHub(commands)
        let short = "Topp › Andra › … › Nära-1 › Nära-2 › Nära-3"
        let card = html(get("/o/n8"))
        #expect(card.contains(">Andra</a> › … › <a") && !card.contains(">Mitt-b<"), "\(card)")
        for (path, query) in [("/o/n8/move", ""), ("/find", "q=djupast"), ("/", "")] {
            let page = html(get(path, query))
            #expect(page.contains(short), "\(path): \(page)")
            #expect(!page.contains("Mitt-a › Mitt-b › Mitt-c › Nära-1"), "\(path): a whole path")
        }
    }

    @Test("the move form is short: the diagonals and the choice of place fold, open when chosen")
    func moveFormFolds() throws {
        try makeHub()
        let plain = html(get("/o/yTvK/move"))
        #expect(plain.contains("<details id=\"more-relations\"><summary>"))
        #expect(plain.contains("<details id=\"axes\"><summary>Vilken plats: Både</summary>"))
        #expect(plain.contains("name=\"axes\" value=\"both\" checked=\"checked\""))
        let chosen = html(get("/o/yTvK/move", "rel=behind%2Cleft-of&axes=current", language: .en))
        #expect(chosen.contains("<details id=\"more-relations\" open=\"open\">"))
        #expect(chosen.contains("<details id=\"axes\" open=\"open\"><summary>Which place: Only current</summary>"))
    }

    @Test("the preview button opens its answer at what would happen; pressed too early, it says what is missing")
    func previewLandsOnThePrediction() throws {
        try makeHub()
        let form = html(get("/o/yTvK/move"))
        #expect(
            form.contains("name=\"preview\" value=\"1\" formaction=\"/plings/o/yTvK/move#would-happen\""), "\(form)")
        #expect(!form.contains("id=\"problem\""))
        let whole = html(get("/o/yTvK/move", "rel=under&target=5GgB&axes=both&preview=1"))
        #expect(whole.contains("<h2 id=\"would-happen\">Vad som skulle hända</h2>"), "\(whole)")
        #expect(!whole.contains("id=\"problem\""))
        for early in ["rel=under&q=bord&preview=1", "target=5GgB&axes=both&preview=1"] {
            let page = html(get("/o/yTvK/move", early, language: .en))
            #expect(
                page.contains("id=\"problem\">the form is not complete; choose how, relative to what and which place"),
                "\(early): \(page)")
        }
        // The search button alone is no preview: nothing is missing yet.
        #expect(!html(get("/o/yTvK/move", "rel=under&q=bord")).contains("id=\"problem\""))
    }

    /// A page without the per-browser token of its forms.
    func withoutToken(_ page: String) -> String {
        page.replacing(/name="plings_csrf" value="[0-9a-f]*"/, with: "")
    }

    @Test("every page reads the same through the cache (head snapshot, object timeline, a tail) as from the log")
    func cacheAgrees() throws {
        try makeHub([
            .place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both)),
            .place(Placement(object: oid("xss"), relation: .in, target: oid("koksbordet"), axes: .current)),
        ])
        _ = try Rebuild(path: hubPath).run(dryRun: false)
        // Events after the rebuild: a tail the head snapshot's card reads through.
        let store = try Store(path: hubPath)
        try store.execute(.place(Placement(object: oid("xss"), relation: .leftOf, target: oid("yTvK"), axes: .current)))
        try store.execute(.seen(oid("5GgB")), actor: "hub")
        let pages: [(String, String)] = [
            ("/o/yTvK", ""), ("/o/5GgB", ""), ("/o/vardagsrummet", "lang=en"), ("/o/yTvK", "at=12"),
            ("/o/5GgB", "at=15"), ("/o/yTvK", "at=999"), ("/o/yTvK/history", ""), ("/o/5GgB/picture", ""),
            ("/o/vardagsrummet/picture", "at=14"), ("/labels", "ids=yTvK,5GgB"), ("/labels", "in=vardagsrummet"),
            ("/o/yTvK/move", "q=bord&target=5GgB"), ("/find", "q=bord"), ("/tree", ""), ("/away", ""), ("/", ""),
        ]
        let cached = pages.map { withoutToken(html(get($0.0, $0.1))) }
        try FileManager.default.removeItem(atPath: hubPath + ".plings-cache")
        for ((path, query), page) in zip(pages, cached) {
            #expect(withoutToken(html(get(path, query))) == page, "\(path)?\(query)")
        }
        #expect(cached[0].contains("Under <a href=\"/plings/o/5GgB\">Bord</a>"))
        #expect(cached[2].contains("<svg"))
    }

    @Test("/away pages through a long list, the start page shows its first ten; the same with the cache as without")
    func awayPages() throws {
        try makeHub(
            (0..<250).flatMap { k -> [Command] in
                [
                    .create(oid("t\(k)"), name: "Sak \(k)"),
                    .place(Placement(object: oid("t\(k)"), relation: .in, target: oid("koksbordet"), axes: .current)),
                ]
            })
        _ = try Rebuild(path: hubPath).run(dryRun: false)
        let asked: [(String, String)] = [
            ("/away", ""), ("/away", "page=2"), ("/away", "page=3&lang=en"), ("/", ""), ("/away", "page=4"),
            ("/away", "page=0"), ("/away", "page=abc"), ("/away", "page=99999999999999"),
        ]
        let cached = asked.map { get($0.0, $0.1) }
        try FileManager.default.removeItem(atPath: hubPath + ".plings-cache")
        for ((path, query), page) in zip(asked, cached) {
            let replayed = get(path, query)
            #expect(replayed.status == page.status, "\(path)?\(query)")
            #expect(withoutToken(html(replayed)) == withoutToken(html(page)), "\(path)?\(query)")
            #expect(page.body.count <= 50_000, "\(path)?\(query)")
        }
        let (first, second, third, home) = (html(cached[0]), html(cached[1]), html(cached[2]), html(cached[3]))
        #expect(first.contains("<p id=\"away-range\">1–100 av 250</p>"), "\(first)")
        #expect(first.contains("/plings/away?page=2") && !first.contains("id=\"earlier\""))
        #expect(second.contains("101–200 av 250") && second.contains("id=\"earlier\"") && second.contains("page=3"))
        #expect(third.contains("201–250 of 250") && !third.contains("id=\"later\""), "\(third)")
        #expect(first.components(separatedBy: "<li>").count - 1 == 100)
        #expect(third.components(separatedBy: "<li>").count - 1 == 50)
        // Longest away first: t0 leads the first page, t249 ends the last.
        #expect(first.contains("/plings/o/t0\"") && third.contains("/plings/o/t249?lang=en\""))
        #expect(home.contains("och 240 till") && home.contains("/plings/o/t9\"") && !home.contains("/plings/o/t10\""))
        #expect(home.contains("id=\"latest\"") && home.contains("/plings/o/t249\""))
        for k in 4..<8 {
            #expect(cached[k].status == 400, "\(asked[k])")
            #expect(html(cached[k]).contains("från 1 till 3"), "\(html(cached[k]))")
        }
    }

    @Test("?lang= chooses the language over Accept-Language, and links keep it")
    func language() throws {
        try makeHub()
        let page = html(get("/tree", "lang=en", language: .sv))
        #expect(page.contains("<title>Tree · Plings</title>"))
        #expect(html(get("/")).contains("<title>Plings</title>"))
        #expect(page.contains("<html lang=\"en\">"))
        #expect(page.contains("/plings/o/yTvK?lang=en"))
        #expect(page.contains(">Svenska</a>"))
    }
}

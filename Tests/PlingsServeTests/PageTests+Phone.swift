import Foundation
import PlingsServe
import PlingsTestSupport
import PlingsWeb
import Testing

/// What a person on a phone found awkward: each place said once, the bar everywhere with a find
/// box, local times, names instead of ids, the preview in the conditional, plain prepositions, loans.
extension PageTests {
    /// How many times `part` occurs in `page`.
    func count(_ part: String, in page: String) -> Int { page.components(separatedBy: part).count - 1 }

    @Test("a card whose home is where it is says the place once; one away from home says both, in both languages")
    func homeTheSame() throws {
        try makeHub([.place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both))])
        let sv = html(get("/o/yTvK"))
        #expect(
            sv.contains(
                "<section id=\"normal\"><h2>Hemplats</h2><p class=\"path\" id=\"home-same\">Samma som nuvarande plats</p></section>"
            ), "\(sv)")
        #expect(count("Under <a href=\"/plings/o/5GgB\">Bord</a>", in: sv) == 1, "\(sv)")
        let en = html(get("/o/5GgB", "lang=en"))
        #expect(en.contains("<h2>Home</h2><p class=\"path\" id=\"home-same\">The same as the current location</p>"))
        #expect(count("Under it: <a href=\"/plings/o/yTvK?lang=en\">Plastlåda</a>", in: en) == 1, "\(en)")
        // Away from home on the current axis: both places, each with its own lines.
        try Store(path: hubPath).execute(
            .place(Placement(object: oid("yTvK"), relation: .in, target: oid("koksbordet"), axes: .current)))
        let away = html(get("/o/yTvK"))
        #expect(!away.contains("id=\"home-same\""))
        #expect(away.contains("<section id=\"normal\"><h2>Hemplats</h2><p class=\"path\">"), "\(away)")
        #expect(count("Under <a href=\"/plings/o/5GgB\">Bord</a>", in: away) == 1, "\(away)")
        // Lent, with its home where it was: the loan, then the home in full.
        try Store(path: hubPath).execute(.returnHome(oid("yTvK")))
        try Store(path: hubPath).execute(.lend(oid("yTvK"), to: "Anna", due: nil, note: nil))
        let lent = html(get("/o/yTvK"))
        #expect(!lent.contains("id=\"home-same\"") && lent.contains("<p id=\"loan\">"), "\(lent)")
    }

    @Test("the picture page and the label sheet have the bar (with its find box, 44 px high) and print without it")
    func barEverywhere() throws {
        try makeHub()
        let picture = get("/o/vardagsrummet/picture", "lang=en")
        #expect(picture.status == 200)
        #expect(picture.header("Content-Type") == "text/html; charset=utf-8")
        let page = html(picture)
        #expect(page.contains("<nav class=\"bar\">") && page.contains("<svg"), "\(page)")
        #expect(
            page.contains("<h1><a href=\"/plings/o/vardagsrummet?lang=en\">Vardagsrummet</a> — Picture of the place"))
        // A tap on a thing in the picture opens its card.
        #expect(page.contains("<a href=\"/plings/o/5GgB?lang=en\"><g class=\"thing\" data-id=\"5GgB\""), "\(page)")
        let labels = html(get("/labels", "ids=yTvK,5GgB"))
        #expect(labels.contains("<body><nav class=\"bar\">"), "\(labels)")
        #expect(
            labels.contains("<a href=\"/plings/labels?ids=yTvK%2C5GgB&amp;lang=en\" lang=\"en\">English</a>")
                || labels.contains("<a href=\"/plings/labels?ids=yTvK,5GgB&amp;lang=en\" lang=\"en\">English</a>"),
            "\(labels)")
        #expect(labels.contains("@media print{.bar{display:none}}"))
        // The find box in every bar: a plain GET form to /find, in the page's language.
        for (path, query, button) in [
            ("/", "", "Sök"), ("/tree", "lang=en", "Find"), ("/o/yTvK", "", "Sök"), ("/labels", "ids=yTvK", "Sök"),
        ] {
            let bar = try #require(html(get(path, query)).firstMatch(of: /<nav class="bar">.*?<\/nav>/)?.0)
            #expect(bar.contains("<form action=\"/plings/find\" method=\"get\" class=\"bar-find\" role=\"search\">"))
            #expect(bar.contains("name=\"q\"") && bar.contains(">\(button)</button>"), "\(path)?\(query): \(bar)")
        }
        #expect(PageAssets.style.contains(".bar-find input{") && PageAssets.style.contains("min-height:2.75rem"))
        // Searching from the bar keeps the page's language.
        #expect(html(get("/tree", "lang=en")).contains("<input type=\"hidden\" name=\"lang\" value=\"en\"/>"))
    }

    @Test("a past card and the away list show their times as <time> elements, no raw RFC 3339 text")
    func readableTimes() throws {
        try makeHub([.place(Placement(object: oid("yTvK"), relation: .in, target: oid("5GgB"), axes: .current))])
        for (path, query) in [("/o/yTvK", "at=12"), ("/o/yTvK", "at=2030-01-01"), ("/away", ""), ("/", "")] {
            let page = html(get(path, query))
            #expect(page.firstMatch(of: />[^<]*\d{4}-\d\d-\d\dT\d\d:/) == nil, "\(path)?\(query): \(page)")
        }
        let past = html(get("/o/yTvK", "at=12"))
        #expect(
            past.firstMatch(of: /<p class="point" id="point">[^<]*#12 \(<time datetime="[^"]+Z">/) != nil, "\(past)")
        let away = html(get("/away"))
        #expect(
            away.firstMatch(of: /sedan <time datetime="[^"]+Z">\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/time><\/span>/) != nil)
    }

    @Test("a history line names what caused it, with its id, in both languages")
    func causeByName() throws {
        try makeHub([
            .place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .both)),
            .place(Placement(object: oid("5GgB"), relation: .in, target: oid("lillstugan"), axes: .both)),
        ])
        let sv = html(get("/o/yTvK/history"))
        #expect(sv.contains("för att Bord (5GgB) flyttades"), "\(sv)")
        #expect(!sv.contains("för att 5GgB"))
        #expect(html(get("/o/yTvK/history", "lang=en")).contains("because Bord (5GgB) moved"))
    }

    @Test("the move preview says what would happen in the conditional, in both languages")
    func previewConditional() throws {
        try makeHub()
        let query = "rel=under&target=5GgB&axes=both"
        let en = html(get("/o/yTvK/move", query, language: .en))
        #expect(en.contains("<li>would place Plastlåda (yTvK) under Bord (5GgB), both current and home</li>"), "\(en)")
        let sv = html(get("/o/yTvK/move", query))
        #expect(sv.contains("<li>skulle placera Plastlåda (yTvK) under Bord (5GgB), "), "\(sv)")
        #expect(!sv.contains("<li>placerade ") && !en.contains("<li>placed "))
    }

    @Test("how a thing is held reads as words (— på Bord), not [på], on the card and the tree, in both languages")
    func plainPrepositions() throws {
        try makeHub()
        let card = html(get("/o/5GgB"))
        #expect(card.contains("&lt;img src=x onerror=alert(1)&gt;</a><span class=\"rel\"> — på Bord</span>"), "\(card)")
        let tree = html(get("/tree", "lang=en"))
        #expect(tree.contains("&lt;img src=x onerror=alert(1)&gt;</a><span class=\"rel\"> — on Bord</span>"), "\(tree)")
        for page in [card, tree, html(get("/tree"))] { #expect(!page.contains(" [på]") && !page.contains(" [on]")) }
    }

    @Test("a lent thing says its loan on /tree and among the latest changes; the away list says on, not in")
    func loansAndPrepositions() throws {
        try makeHub([
            .lend(oid("yTvK"), to: "Anna", due: nil, note: nil),
            .place(Placement(object: oid("lillstugan"), relation: .on, target: oid("5GgB"), axes: .current)),
        ])
        let tree = html(get("/tree"))
        #expect(tree.contains(">Plastlåda</a><span class=\"rel lent\"> — utlånad till Anna sedan "), "\(tree)")
        let home = html(get("/"))
        let latest = try #require(home.firstMatch(of: /<ul class="list" id="latest">.*?<\/ul>/)?.0)
        let box = try #require(latest.firstMatch(of: /Plastlåda<\/a><span class="sub">.*?<\/span>/)?.0)
        #expect(box.contains("· utlånad till Anna sedan ") && !box.contains("Världen"), "\(latest)")
        let away = try #require(home.firstMatch(of: /<ul class="list" id="away-list">.*?<\/ul>/)?.0)
        #expect(
            away.contains("på Saltsjön › Vardagsrummet › Bord, hemma i Saltsjön, sedan "), "\(away)")
        #expect(html(get("/away", "lang=en")).contains("on Saltsjön › Vardagsrummet › Bord, home in Saltsjön, since "))
    }

    @Test("the find page and an error page have one find box, the bar's; on the find page it holds what was searched")
    func oneFindBox() throws {
        try makeHub()
        for (path, query) in [("/find", "q=bord"), ("/find", ""), ("/o/nosuch", "lang=en"), ("/o/yTvK", "at=x")] {
            let page = html(get(path, query))
            #expect(count("action=\"/plings/find\"", in: page) == 1, "\(path)?\(query): \(page)")
            let bar = try #require(page.firstMatch(of: /<nav class="bar">.*?<\/nav>/)?.0)
            #expect(bar.contains("action=\"/plings/find\""), "\(path)?\(query): \(bar)")
        }
        let found = html(get("/find", "q=bord"))
        #expect(
            found.contains("<input type=\"search\" name=\"q\" value=\"bord\" placeholder=\"Namn eller id\""), "\(found)"
        )
        #expect(found.contains("<ul class=\"list\" id=\"hits\">"))
        // Only the find page's own text: the bar elsewhere starts empty.
        #expect(!html(get("/o/yTvK", "q=bord")).contains("value=\"bord\""))
    }

    @Test("the picture page switches to the other axis with the tree's control and words, keeping the point")
    func pictureAxisSwitch() throws {
        try makeHub([.place(Placement(object: oid("5GgB"), relation: .in, target: oid("lillstugan"), axes: .current))])
        for language in ["sv", "en"] {
            let tree = html(get("/tree", "lang=\(language)"))
            let treeSwitch = try #require(tree.firstMatch(of: /<p id="other-axis"><a href="[^"]*">([^<]*)<\/a><\/p>/))
            let picture = html(get("/o/vardagsrummet/picture", "lang=\(language)"))
            #expect(
                picture.contains(
                    "<p id=\"other-axis\"><a href=\"/plings/o/vardagsrummet/picture?axis=normal&amp;lang=\(language)\">"
                        + "\(treeSwitch.1)</a></p>"), "\(picture)")
            // On the home axis: back to the current one, in the tree's words for it.
            let home = html(get("/o/vardagsrummet/picture", "axis=normal&lang=\(language)"))
            let treeHome = html(get("/tree", "axis=normal&lang=\(language)"))
            let back = try #require(treeHome.firstMatch(of: /<p id="other-axis"><a href="[^"]*">([^<]*)<\/a><\/p>/))
            #expect(
                home.contains(
                    "<p id=\"other-axis\"><a href=\"/plings/o/vardagsrummet/picture?lang=\(language)\">\(back.1)</a></p>"
                ),
                "\(home)")
            // Bord is home in Vardagsrummet but now in Lillstugan: each axis draws its own.
            #expect(home.contains("data-id=\"5GgB\"") && !picture.contains("data-id=\"5GgB\""))
        }
        let past = html(get("/o/vardagsrummet/picture", "at=12"))
        #expect(
            past.contains(
                "<p id=\"other-axis\"><a href=\"/plings/o/vardagsrummet/picture?axis=normal&amp;at=12\">hem</a></p>"),
            "\(past)")
    }

    @Test("the move page says a thing is away from home as its card does, in both languages")
    func moveSaysAway() throws {
        try makeHub([.place(Placement(object: oid("yTvK"), relation: .in, target: oid("5GgB"), axes: .current))])
        for language in [Language.sv, .en] {
            let card = html(get("/o/yTvK", language: language))
            let badge = try #require(card.firstMatch(of: /<p><span class="badge" id="away">[^<]+<\/span><\/p>/)?.0)
            let move = html(get("/o/yTvK/move", language: language))
            #expect(move.contains(String(badge)), "\(move)")
            #expect(!html(get("/o/5GgB/move", language: language)).contains("id=\"away\""))
        }
        #expect(html(get("/o/yTvK/move", "rel=in&target=koksbordet&axes=current")).contains("Borta hemifrån</span>"))
        #expect(
            html(get("/o/yTvK/move", language: .en)).contains("<span class=\"badge\" id=\"away\">Away from home</span>")
        )
    }

    @Test(
        "a row on /tree that holds nothing listed is a box of boxes as a folded row is, so a long loan hangs under itself"
    )
    func treeRowsHang() throws {
        try makeHub([
            .lend(oid("yTvK"), to: "Annika Svensson-Lindqvist på Storgatan 12 i Västerås", due: nil, note: nil)
        ])
        let tree = html(get("/tree"))
        #expect(
            tree.contains(
                "<li class=\"leaf\"><a href=\"/plings/o/yTvK\">Plastlåda</a><span class=\"rel lent\"> — utlånad till Annika"
            ),
            "\(tree)")
        #expect(PageAssets.style.contains(".tree li.leaf{display:flex;align-items:center;gap:0 .4rem}"))
        #expect(!tree.contains("<li><a "), "\(tree)")
    }
}

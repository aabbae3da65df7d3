import PlingsCLI
import PlingsDomain
import PlingsText
import Testing

@Suite("Message catalogs and the choice of language")
struct CatalogTests {
    @Test("every key has an entry in both catalogs, with the same placeholders and the same plural shape")
    func complete() {
        let en = Catalog.entries(.en)
        let sv = Catalog.entries(.sv)
        for key in MessageKey.allCases {
            guard let e = en[key], let s = sv[key] else {
                Issue.record("\(key.rawValue) is missing in \(en[key] == nil ? "en" : "sv")")
                continue
            }
            switch (e, s) {
            case (.text(let a), .text(let b)):
                #expect(Catalog.placeholders(a) == Catalog.placeholders(b), "\(key.rawValue)")
            case (.plural(let a1, let a2), .plural(let b1, let b2)):
                #expect(Catalog.placeholders(a1 + a2) == Catalog.placeholders(b1 + b2), "\(key.rawValue)")
            default:
                Issue.record("\(key.rawValue): plural in one language only")
            }
        }
        #expect(en.count == MessageKey.allCases.count && sv.count == MessageKey.allCases.count)
    }

    @Test("plural forms: 1 batch, 2 batches; 1 ögonblicksbild, 3 ögonblicksbilder")
    func plurals() {
        #expect(Catalog(.en).count(.countBatches, 1) == "1 batch")
        #expect(Catalog(.en).count(.countBatches, 2) == "2 batches")
        #expect(Catalog(.en).count(.countSnapshots, 1) == "1 snapshot")
        #expect(Catalog(.sv).count(.countSnapshots, 3) == "3 ögonblicksbilder")
        #expect(Catalog(.sv).count(.countBatches, 0) == "0 satser")
    }

    static let locales: [([String: String], Language)] = [
        ([:], .en),
        (["LANG": "sv_SE.UTF-8"], .sv),
        (["LANG": "en_US.UTF-8"], .en),
        (["LANG": "C"], .en),
        (["LANG": "sv_SE.UTF-8", "LC_MESSAGES": "en_GB"], .en),
        (["LANG": "en_US", "LC_MESSAGES": "sv_FI"], .sv),
        (["LC_ALL": "sv_SE", "LC_MESSAGES": "en_GB", "LANG": "en_US"], .sv),
        (["LC_ALL": "", "LANG": "sv_SE"], .sv),
    ]

    @Test("LC_ALL, then LC_MESSAGES, then LANG decide; sv* is Swedish", arguments: 0..<8)
    func locale(_ index: Int) {
        let (environment, language) = Self.locales[index]
        #expect(LanguageChoice.fromLocale(environment) == language, "\(environment)")
    }

    @Test("PLINGS_LANG overrides the locale and --lang overrides both; a bad value is a usage error")
    func overrides() {
        func err(_ args: [String], _ env: [String: String]) -> (Int32, String) {
            let run = plings(args, log: "/nonexistent/x.jsonl", env: env)
            return (run.status, run.err)
        }
        #expect(err(["card", "x"], ["LANG": "sv_SE", "PLINGS_LANG": "en"]).1.hasPrefix("plings: no log at"))
        #expect(err(["card", "x", "--lang", "sv"], ["PLINGS_LANG": "en"]).1.hasPrefix("plings: ingen logg på"))
        #expect(
            err(["card", "x"], ["PLINGS_LANG": "fi"]) == (
                64, "plings: unknown language 'fi'; use --lang sv or --lang en (or PLINGS_LANG=sv|en)\n"
            ))
        #expect(err(["card", "x", "--lang", "fi"], ["LANG": "sv_SE"]).1.hasPrefix("plings: okänt språk 'fi'"))
    }

    @Test("did you mean: commands, options, relations and axes close to a known one")
    func suggestions() {
        #expect(EditDistance.suggestion(for: "plac", among: ["place", "card"]) == "place")
        #expect(EditDistance.suggestion(for: "histroy", among: ["history", "head"]) == "history")
        #expect(EditDistance.suggestion(for: "explode", among: ["place", "log"]) == nil)
        #expect(Catalog(.en).unknownRelation("undr") == "unknown relation 'undr'; did you mean 'under'?")
        #expect(Catalog(.sv).unknownRelation("bredvd") == "okänd relation 'bredvd'; menade du 'bredvid'?")
        #expect(Catalog(.en).unknownAxes("curent") == "unknown axis 'curent'; did you mean 'current'?")
        let run = plings(["tree", "--jsn"], log: "/nonexistent/x", env: ["PLINGS_LANG": "en"])
        #expect(run.status == 64 && run.err == "plings: unknown option '--jsn'; did you mean '--json'?\n")
    }
}

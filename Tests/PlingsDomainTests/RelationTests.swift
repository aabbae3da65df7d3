import PlingsDomain
import PlingsTestSupport
import Testing

@Suite("Relations and predicates")
struct RelationTests {
    static let table: [(Relation, Relation.Kind, String, String, String, String)] = [
        (.in, .parentCreating, "in", "IN", "I", "in"),
        (.on, .parentCreating, "on", "ON", "PÅ", "on"),
        (.attachedTo, .parentCreating, "attached-to", "ATTACHED_TO", "FASTSATT PÅ", "attached to"),
        (.under, .positional, "under", "UNDER", "UNDER", "under"),
        (.above, .positional, "above", "ABOVE", "OVANFÖR", "above"),
        (.leftOf, .positional, "left-of", "LEFT_OF", "VÄNSTER OM", "left of"),
        (.rightOf, .positional, "right-of", "RIGHT_OF", "HÖGER OM", "right of"),
        (.nextTo, .positional, "next-to", "NEXT_TO", "BREDVID", "next to"),
        (.inFrontOf, .positional, "in-front-of", "IN_FRONT_OF", "FRAMFÖR", "in front of"),
        (.behind, .positional, "behind", "BEHIND", "BAKOM", "behind"),
        (
            .underLeftOf, .positional, "under,left-of", "UNDER_LEFT_OF", "SNETT UNDER TILL VÄNSTER OM",
            "under and to the left of"
        ),
        (
            .underRightOf, .positional, "under,right-of", "UNDER_RIGHT_OF", "SNETT UNDER TILL HÖGER OM",
            "under and to the right of"
        ),
        (
            .aboveLeftOf, .positional, "above,left-of", "ABOVE_LEFT_OF", "SNETT OVANFÖR TILL VÄNSTER OM",
            "above and to the left of"
        ),
        (
            .aboveRightOf, .positional, "above,right-of", "ABOVE_RIGHT_OF", "SNETT OVANFÖR TILL HÖGER OM",
            "above and to the right of"
        ),
        (
            .inFrontOfLeftOf, .positional, "in-front-of,left-of", "IN_FRONT_OF_LEFT_OF",
            "SNETT FRAMFÖR TILL VÄNSTER OM",
            "in front of and to the left of"
        ),
        (
            .inFrontOfRightOf, .positional, "in-front-of,right-of", "IN_FRONT_OF_RIGHT_OF",
            "SNETT FRAMFÖR TILL HÖGER OM",
            "in front of and to the right of"
        ),
        (
            .behindLeftOf, .positional, "behind,left-of", "BEHIND_LEFT_OF", "SNETT BAKOM TILL VÄNSTER OM",
            "behind and to the left of"
        ),
        (
            .behindRightOf, .positional, "behind,right-of", "BEHIND_RIGHT_OF", "SNETT BAKOM TILL HÖGER OM",
            "behind and to the right of"
        ),
        (
            .underInFrontOf, .positional, "under,in-front-of", "UNDER_IN_FRONT_OF", "SNETT UNDER OCH FRAMFÖR",
            "under and in front of"
        ),
        (.underBehind, .positional, "under,behind", "UNDER_BEHIND", "SNETT UNDER OCH BAKOM", "under and behind"),
        (
            .aboveInFrontOf, .positional, "above,in-front-of", "ABOVE_IN_FRONT_OF", "SNETT OVANFÖR OCH FRAMFÖR",
            "above and in front of"
        ),
        (.aboveBehind, .positional, "above,behind", "ABOVE_BEHIND", "SNETT OVANFÖR OCH BAKOM", "above and behind"),
    ]

    @Test("every relation has the kind, token, wire suffix and labels of the design's table")
    func table() {
        #expect(Self.table.count == Relation.allCases.count)
        for (relation, kind, token, wire, sv, en) in Self.table {
            #expect(relation.kind == kind)
            #expect(relation.isParentCreating == (kind == .parentCreating))
            #expect(relation.isPositional == (kind == .positional))
            #expect(relation.token == token)
            #expect(relation.wireSuffix == wire)
            #expect(relation.label(.sv) == sv)
            #expect(relation.label(.en) == en)
            #expect(Relation(token: token) == relation)
        }
    }

    @Test("every predicate has a wire key that parses back, and a counterpart on the other axis")
    func predicates() {
        #expect(Predicate.all.count == 44)
        #expect(Set(Predicate.all.map(\.wireKey)).count == 44)
        for predicate in Predicate.all {
            #expect(Predicate(wireKey: predicate.wireKey) == predicate)
            #expect(predicate.counterpart.axis != predicate.axis)
            #expect(predicate.counterpart.relation == predicate.relation)
            #expect(predicate.counterpart.counterpart == predicate)
            #expect(predicate.wireKey.hasPrefix(predicate.axis == .current ? "CURRENT_" : "NORMAL_"))
        }
        #expect(Predicate(.current, .under).wireKey == "CURRENT_UNDER")
        #expect(Predicate(.normal, .attachedTo).wireKey == "NORMAL_ATTACHED_TO")
        #expect(Predicate(wireKey: "CURRENT_BEHIND") == Predicate(.current, .behind))
        #expect(Predicate(wireKey: "NORMAL_IN_FRONT_OF") == Predicate(.normal, .inFrontOf))
        #expect(Predicate(wireKey: "CURRENT_DEPTH") == nil)
        #expect(Predicate(wireKey: "NORMAL_BEHIND_LEFT_OF") == Predicate(.normal, .behindLeftOf))
    }

    @Test(
        "CLI and Swedish tokens parse",
        arguments: [
            ("attached_to", Relation.attachedTo), ("attachedTo", .attachedTo), ("fastsatt-på", .attachedTo),
            ("på", .on), ("I", .in), ("höger-om", .rightOf), ("vänster om", .leftOf), ("bredvid", .nextTo),
            ("ovanför", .above), ("NEXT_TO", .nextTo), ("framför", .inFrontOf), ("Bakom", .behind),
            ("in_front_of", .inFrontOf), ("IN-FRONT-OF", .inFrontOf), ("framfor", .inFrontOf),
        ])
    func tokens(_ token: String, _ relation: Relation) {
        #expect(Relation(token: token) == relation)
    }

    @Test("the raw values of the v1 relations never change; depth comes after them, then the diagonals")
    func rawValues() {
        #expect(Relation.allCases.map(\.rawValue) == Array(0...21))
        #expect(Relation.diagonals.map(\.rawValue) == Array(10...21))
        #expect(Relation.inFrontOf.isPositional && Relation.behind.isPositional)
        #expect(Relation.allCases.filter(\.isParentCreating) == [.in, .on, .attachedTo])
    }

    @Test(
        "unknown relation tokens are refused",
        arguments: [
            "", "inside", "front", "in-front", "bakåt", "left-of,right-of", "under,above", "behind,behind",
            "next-to,under", "in,left-of", "under,left-of,behind", "behind,", ",left-of", "snett-bakom",
            "behind-and-to-the-left", "under,left-of,",
        ])
    func unknownTokens(_ token: String) {
        #expect(Relation(token: token) == nil)
    }

    @Test(
        "a diagonal parses in either order, in Swedish, with spaces, and as the phrase the card shows",
        arguments: [
            ("behind,left-of", Relation.behindLeftOf), ("left-of,behind", .behindLeftOf),
            ("LEFT_OF,BEHIND", .behindLeftOf),
            ("behind, left-of", .behindLeftOf), ("behind+left-of", .behindLeftOf), ("bakom,vänster-om", .behindLeftOf),
            ("snett-bakom-till-vänster-om", .behindLeftOf), ("snett bakom till vänster om", .behindLeftOf),
            ("behind and to the left of", .behindLeftOf), ("under,behind", .underBehind),
            ("behind,under", .underBehind),
            ("snett ovanför och framför", .aboveInFrontOf), ("above and in front of", .aboveInFrontOf),
            ("höger-om,under", .underRightOf), ("framför,höger-om", .inFrontOfRightOf),
        ])
    func diagonalTokens(_ token: String, _ relation: Relation) {
        #expect(Relation(token: token) == relation)
    }

    @Test("the twelve diagonals: two directions of different dimensions, each pair once, and their inverses")
    func diagonals() throws {
        #expect(Relation.diagonals.count == 12)
        let directed: [Relation] = [.under, .above, .inFrontOf, .behind, .leftOf, .rightOf]
        var pairs = Set<[UInt8]>()
        for a in directed {
            for b in directed {
                let combined = Relation(combining: a, b)
                #expect((combined != nil) == (a.dimension != b.dimension), "\(a.token) \(b.token)")
                if combined != nil { pairs.insert([a.rawValue, b.rawValue].sorted()) }
                if let combined { #expect(Set(combined.directions) == Set([a, b])) }
            }
        }
        #expect(pairs.count == 12)
        for d in Relation.diagonals {
            let (a, b) = try #require(d.diagonalParts)
            #expect(d.isPositional && d.isDiagonal && d.lineVersion == 3)
            #expect(d.token == a.token + "," + b.token)
            #expect(Relation(token: d.token) == d)
            #expect(d.inverse.isDiagonal && d.inverse != d && d.inverse.inverse == d)
            #expect(Set(d.inverse.directions) == Set([a.inverse, b.inverse]))
        }
        #expect(Relation.behindLeftOf.inverse == .inFrontOfRightOf)
        #expect(Relation.underBehind.inverse == .aboveInFrontOf)
        #expect(Relation.nextTo.inverse == .nextTo && Relation.in.inverse == .in)
        #expect(Relation.allCases.filter { !$0.isDiagonal }.map(\.lineVersion) == [1, 1, 1, 1, 1, 1, 1, 1, 2, 2])
    }

    @Test("axis choices map to the move flow's Både, Ny hemplats and Bara nuvarande")
    func axisChoices() {
        #expect(AxisSet(choice: "both") == .both)
        #expect(AxisSet(choice: "Både") == .both)
        #expect(AxisSet(choice: "current") == .current)
        #expect(AxisSet(choice: "nuvarande") == .current)
        #expect(AxisSet(choice: "normal") == .normal)
        #expect(AxisSet(choice: "hem") == .normal)
        #expect(AxisSet(choice: "sideways") == nil)
        #expect(AxisSet.both.axes == [.current, .normal])
    }

    @Test("sentence labels read as a card shows them")
    func sentenceLabels() {
        #expect(Relation.under.sentenceLabel(.sv) == "Under")
        #expect(Relation.rightOf.sentenceLabel(.sv) == "Höger om")
        #expect(Relation.attachedTo.sentenceLabel(.en) == "Attached to")
    }
}

@Suite("Ids, names and times")
struct ValueTests {
    @Test("valid ids are accepted", arguments: ["yTvK", "5GgB", "a", "box_1.2-x", String(repeating: "z", count: 64)])
    func validIDs(_ text: String) throws {
        #expect(try ObjectID.validated(text).rawValue == text)
    }

    @Test(
        "invalid ids are refused with a reason",
        arguments: ["", "-x", "a b", "å", "world", "World", String(repeating: "z", count: 65), "a\u{1B}[2J"])
    func invalidIDs(_ text: String) {
        #expect(ObjectID.problem(with: text) != nil)
        #expect(throws: DomainError.self) { try ObjectID.validated(text) }
    }

    @Test("names: blank, too long and control characters are refused")
    func names() throws {
        try ObjectName.validate("Plastlåda")
        try ObjectName.validate("Box \"A\" / 日本 📦")
        for bad in ["", "   ", "a\nb", "tab\there", "esc\u{1B}[31m", String(repeating: "x", count: 201), "rtl\u{202E}"]
        {
            #expect(throws: DomainError.self) { try ObjectName.validate(bad) }
        }
    }

    @Test("timestamps format as RFC 3339 and parse back")
    func timestamps() {
        let t = Timestamp(milliseconds: 1_782_660_997_123)
        #expect(t.rfc3339 == "2026-06-28T15:36:37.123Z")
        #expect(Timestamp(parsing: t.rfc3339) == t)
        #expect(Timestamp(parsing: "2026-06-28T17:36:37.123+02:00") == t)
        #expect(Timestamp(parsing: "2026-06-28T15:36:37Z")?.milliseconds == 1_782_660_997_000)
        #expect(Timestamp(parsing: "2026-06-28")?.milliseconds == 1_782_604_800_000)
        #expect(Timestamp(parsing: "2026-06-28", dateMeansEndOfDay: true)?.milliseconds == 1_782_691_199_999)
        #expect(Timestamp(milliseconds: 0).rfc3339 == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp(parsing: "2024-02-29T00:00:00Z") != nil)
        for bad in [
            "2026-02-30", "2025-02-29T00:00:00Z", "2026-13-01", "yesterday", "2026-06-28T25:00:00Z",
            "2026-06-28T10:00:00",
        ] {
            #expect(Timestamp(parsing: bad) == nil, "\(bad)")
        }
        let seed: UInt64 = 7
        var rng = SplitMix64(seed: seed)
        for _ in 0..<2000 {
            let ms = Int64.random(in: -10_000_000_000_000...10_000_000_000_000, using: &rng)
            let stamp = Timestamp(milliseconds: ms)
            #expect(Timestamp(parsing: stamp.rfc3339) == stamp, "seed \(seed): \(ms) ms")
        }
    }

    @Test("untrusted text is quoted without control characters")
    func printable() {
        #expect(Printable.quote("a\u{1B}[2Jb") == "a\\u{1b}[2Jb")
        #expect(!Printable.quote("x\u{7}\u{9B}y").unicodeScalars.contains { TextRules.isControl($0) })
        #expect(Printable.quote(String(repeating: "x", count: 300)).count == 121)
    }
}

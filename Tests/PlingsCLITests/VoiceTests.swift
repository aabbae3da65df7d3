import Foundation
import PlingsKit
import PlingsSync
import PlingsTestSupport
import PlingsText
import Testing

/// One voice: every error the domain, the log and the store report (each
/// case, each problem and fault) and every note of the decider, worded by
/// the one catalog in both languages: a sentence in each, no key or
/// placeholder left, no word of the other language. The exhaustive switches
/// below stop the build when a case is added without a sample here.
@Suite("Every error and note, worded by the catalog in both languages")
struct VoiceTests {
    static let box = ObjectID(unchecked: "box")
    static let shelf = ObjectID(unchecked: "shelf")

    /// One value of every case of `DomainError`, with every id and text problem and undo refusal.
    static let domainErrors: [DomainError] =
        IDProblem.allCases.map { .invalidID("bad id", $0) }
        + textProblems.map { .invalidName("Namn", $0) } + textProblems.map { .invalidActor("anna", $0) }
        + IDProblem.allCases.map { .invalidCommandID("c 1", $0) } + textProblems.map { .invalidNote("note", $0) }
        + UndoRefusal.allCases.map { .cannotUndo(seq: 14, $0) }
        + [
            .unknownObject(box), .duplicateID(box), .selfPlacement(box),
            .cycle(object: box, target: shelf, axis: .current), .cycle(object: box, target: shelf, axis: .normal),
            .relationAgainstWorld(.under), .emptyAxes, .unknownRelation("beside"), .unknownRelation("undr"),
            .unknownAxis("sideways"), .unknownAxis("bth"), .archived(box), .archivedID(box), .notArchived(box),
            .notEmpty(box, count: 1), .notEmpty(box, count: 3), .restoreNeedsBothAxes(box),
            .commandIDReused("move-1", seq: 12), .belongsInsideElsewhere(box, thing: shelf, count: 1),
            .belongsInsideElsewhere(box, thing: shelf, count: 2), .selfLoan(box),
        ]
    static let textProblems: [TextProblem] = [.empty, .tooLong, .control(0x1B)]

    /// The case's name; exhaustive, so a new case fails to build until it has a sample.
    static func name(_ e: DomainError) -> String {
        switch e {
        case .invalidID: "invalidID"
        case .invalidName: "invalidName"
        case .invalidActor: "invalidActor"
        case .invalidCommandID: "invalidCommandID"
        case .unknownObject: "unknownObject"
        case .duplicateID: "duplicateID"
        case .selfPlacement: "selfPlacement"
        case .cycle: "cycle"
        case .relationAgainstWorld: "relationAgainstWorld"
        case .emptyAxes: "emptyAxes"
        case .unknownRelation: "unknownRelation"
        case .unknownAxis: "unknownAxis"
        case .archived: "archived"
        case .archivedID: "archivedID"
        case .notArchived: "notArchived"
        case .notEmpty: "notEmpty"
        case .invalidNote: "invalidNote"
        case .restoreNeedsBothAxes: "restoreNeedsBothAxes"
        case .cannotUndo: "cannotUndo"
        case .commandIDReused: "commandIDReused"
        case .selfLoan: "selfLoan"
        case .belongsInsideElsewhere: "belongsInsideElsewhere"
        }
    }

    static let fieldFaults: [FieldFault] = [
        .appearsTwice, .versionTooLowForMembers, .versionHigherThanNeeded, .badVersion, .originIncomplete,
        .tooSmall(minimum: 2), .undoesNotEarlier, .clockNotBehind, .empty, .notWholeNumber, .notTime, .notHash,
        .notAxes, .notString,
        .notRelation("beside"), .notID(.startsWithDash), .notID(nil), .notCommandID(.tooLong),
        .notActor(.control(7)), .nestedBatch, .notCode("made-up"), .notCommandKind("teleport"), .notText(.control(27)),
    ]

    static func name(_ f: FieldFault) -> String {
        switch f {
        case .appearsTwice, .versionTooLowForMembers, .versionHigherThanNeeded, .badVersion, .originIncomplete,
            .tooSmall, .undoesNotEarlier, .clockNotBehind, .empty, .notWholeNumber, .notTime, .notHash, .notAxes,
            .notString,
            .notRelation, .notID, .notCommandID, .notActor, .nestedBatch, .notCode, .notCommandKind, .notText:
            "\(f)".prefix { $0 != "(" }.description
        }
    }

    static let jsonFaults: [JSONFault] = [
        .notSeparated, .keyNotPlain, .outOfOrder("seq"), .rawControl, .escape, .unclosed,
    ]

    static let lineProblems: [LineProblem] =
        [
            .tooLong(20_000), .byteOrderMark, .carriageReturn, .nul, .invalidUTF8, .notAnObject, .missingHash,
            .newerVersion(3), .unknownType("moved"), .missingField("seq"), .unexpectedField("zz"), .ownHash(seq: 4),
        ] + jsonFaults.map { .badJSON($0) } + fieldFaults.map { .badField("seq", $0) }

    static let logErrors: [LogError] =
        FileOperation.allCases.map { .io(path: "/tmp/x.jsonl", operation: $0, errno: 13) }
        + lineProblems.map { .damaged(path: "x.jsonl", line: 3, offset: 512, problem: $0) }
        + [
            .io(path: "x", operation: .writing, errno: 28), .io(path: "x", operation: .reading, errno: 9999),
            .seqOutOfOrder(path: "x.jsonl", line: 3, offset: 512, expected: 3, found: 5),
            .chainBroken(path: "x.jsonl", line: 3, offset: 512, seq: 3),
            .hashMismatch(path: "x.jsonl", line: 3, offset: 512, seq: 3),
            .timeWentBack(path: "x.jsonl", line: 3, offset: 512, seq: 3), .conflict(expected: 3, actual: 5),
            .shrunk(path: "x.jsonl", size: 10, read: 20), .readOnly(path: "x.jsonl"), .notALog(path: "x.jsonl"),
            .replaced(path: "x.jsonl"),
        ]

    static let notes: [DecisionNote] = [
        .positionDropped(box, .current, .under, reference: shelf),
        .edgeNotRestored(box, .normal, .rightOf, reference: shelf),
        .notReturned(box, .cycle(object: box, target: shelf, axis: .current)),
        .archivedWith(box, container: shelf),
    ]

    /// Words that betray the other language (outside quotes, options and placeholders' values).
    static let stopWords: [Language: Set<String>] = [
        .sv: [
            "the", "is", "not", "unknown", "use", "run", "give", "missing", "cannot", "and", "with", "was", "did",
            "invalid", "it", "must", "has", "are", "of", "an", "from", "failed", "line", "field", "exists",
        ],
        .en: [
            "och", "inte", "okänt", "okänd", "använd", "kör", "ange", "saknas", "finns", "eller", "är", "det", "med",
            "ogiltigt", "ogiltig", "raden", "fältet", "måste", "som",
        ],
    ]

    /// The words of `text` outside '…' and "…" quotes, and not options (`--x`) or `#seq`s.
    static func words(_ text: String) -> [String] {
        var plain = ""
        var quote: Character?
        for c in text {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
            } else {
                plain.append(c)
            }
        }
        return plain.split { !$0.isLetter && $0 != "-" }.map { $0.lowercased() }.filter { !$0.hasPrefix("-") }
    }

    /// Checks one value's sentences: present in each language, different, whole, and of one language.
    static func check(_ what: String, _ render: (Catalog) -> String) {
        let en = render(Catalog(.en))
        let sv = render(Catalog(.sv))
        for (language, text) in [(Language.en, en), (.sv, sv)] {
            #expect(!text.isEmpty, "\(what) in \(language)")
            #expect(!text.contains("\n"), "\(what) in \(language): \(text)")
            #expect(Catalog.placeholders(text).isEmpty, "\(what) in \(language) left a placeholder: \(text)")
            #expect(!MessageKey.allCases.contains { $0.rawValue == text }, "\(what) in \(language): a bare key")
            let leaks = Set(words(text)).intersection(stopWords[language] ?? [])
            #expect(leaks.isEmpty, "\(what) in \(language) has words of the other language \(leaks): \(text)")
        }
        #expect(en != sv, "\(what) reads the same in both languages: \(en)")
    }

    @Test("every domain error, with every problem, in both languages")
    func domainErrors() {
        #expect(Set(Self.domainErrors.map(Self.name)).count == 22)
        for error in Self.domainErrors { Self.check("\(error)") { $0.message(error) } }
        // The library's own API says the same.
        for error in Self.domainErrors {
            #expect(error.message(.sv) == Catalog(.sv).message(error))
            #expect(StoreError.domain(error).message(.en) == Catalog(.en).message(error))
        }
    }

    @Test("every log error and line problem, with every fault and file operation, in both languages")
    func logErrors() {
        // Every case (notID twice: with a problem, and escaped).
        #expect(Set(Self.fieldFaults.map(Self.name)).count == 22)
        for error in Self.logErrors { Self.check("\(error)") { $0.message(error) } }
        for error in Self.logErrors {
            #expect(StoreError.log(error).message(.sv) == Catalog(.sv).message(error))
            #expect(error.message(.sv) == Catalog(.sv).message(error))
        }
    }

    @Test("every note of the decider, in both languages")
    func decisionNotes() {
        for note in Self.notes {
            Self.check("\(note)") { $0.message(note) }
            #expect(note.message(.sv) == Catalog(.sv).message(note))
        }
    }

    @Test("a refusal on the hub's log keeps its code and members; each reader reads why in their own language")
    func refusalInTheReadersLanguage() throws {
        let dir = TemporaryDirectory()
        let (hub, anna, bo) = (dir.file("hub.jsonl"), dir.file("anna.jsonl"), dir.file("bo.jsonl"))
        for a in [["create", "box", "Box"], ["create", "shelf", "Shelf"]] { #expect(plings(a, log: hub).status == 0) }
        #expect(plings(["clone", hub, "--device", "anna"], log: anna).status == 0)
        #expect(plings(["clone", hub, "--device", "bo"], log: bo).status == 0)
        #expect(plings(["place", "box", "in", "shelf"], log: anna).status == 0)
        #expect(plings(["place", "shelf", "in", "box"], log: bo).status == 0)
        #expect(plings(["sync"], log: anna).status == 0)
        let sv = plings(["sync", "--lang", "sv"], log: bo)
        #expect(sv.status == 3)
        #expect(sv.out.contains("'shelf' kan inte placeras"), "\(sv.out)")
        #expect(plings(["sync"], log: anna).status == 0)
        // The line keeps the code and the command's members; its reason is the English catalog's, for the raw log.
        let refused = try #require(
            String(decoding: fileBytes(hub), as: UTF8.self).split(separator: "\n").last.map(String.init))
        for member in ["\"code\":\"cycle\"", "\"command\":\"place\"", "\"object\":\"shelf\"", "\"target\":\"box\""] {
            #expect(refused.contains(member), "\(refused)")
        }
        let english = Catalog(.en).message(.cycle(object: oid("shelf"), target: oid("box"), axis: .current))
        #expect(refused.contains(english), "\(refused)")
        // A Swedish and an English reader of either log read the catalog's words, not the stored copy.
        for log in [hub, anna] {
            let svenska = plings(["history", "shelf", "--lang", "sv"], log: log).out
            #expect(
                svenska.contains("vägrad: place i box (både nuvarande och hem) ('shelf' kan inte placeras"),
                "\(svenska)")
            #expect(!svenska.contains(english), "\(svenska)")
            let inEnglish = plings(["history", "shelf", "--lang", "en"], log: log).out
            #expect(inEnglish.contains("refused: place in box (both current and home) (\(english))"), "\(inEnglish)")
        }
    }

    @Test("errors the library throws carry their members, and read in the language asked for")
    func provokedThroughTheLibrary() throws {
        let dir = TemporaryDirectory()
        let store = try Store(path: dir.file("things.jsonl"))
        try store.execute(.create(Self.box, name: "Box"))
        var thrown: [StoreError] = []
        func attempt(_ command: Command, actor: String? = nil, cid: String? = nil) {
            do { try store.execute(command, actor: actor, commandID: cid) } catch { thrown.append(error) }
        }
        attempt(.create(Self.box, name: "Again"))
        attempt(.place(Placement(object: Self.box, relation: .under, target: nil, axes: .both)))
        attempt(.create(Self.shelf, name: "Shelf"), actor: "bad\u{7}actor")
        attempt(.create(Self.shelf, name: "Shelf"), cid: "has space")
        attempt(.archive(Self.box, note: String(repeating: "x", count: 201), withContents: false))
        #expect(
            thrown == [
                .domain(.duplicateID(Self.box)), .domain(.relationAgainstWorld(.under)),
                .domain(.invalidActor("bad\u{7}actor", .control(7))),
                .domain(.invalidCommandID("has space", .badCharacter)),
                .domain(.invalidNote(String(repeating: "x", count: 201), .tooLong)),
            ])
        #expect(
            thrown[2].message(.sv).hasPrefix(
                "ogiltig aktör 'bad\\u{7}actor': det innehåller ett kontrolltecken (U+0007)"))
        #expect(
            thrown[2].message(.en).hasPrefix("invalid actor 'bad\\u{7}actor': it contains a control character (U+0007)")
        )
        for error in thrown { Self.check("\(error)") { $0.message(error) } }
    }
}

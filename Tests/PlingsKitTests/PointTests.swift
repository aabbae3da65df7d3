import Foundation
import PlingsTestSupport
import PlingsText
import Testing

@testable import PlingsKit

/// A zone of the system's database, as the command line makes one from TZ.
func zone(_ name: String) -> LocalZone {
    let tz = TimeZone(identifier: name) ?? TimeZone(secondsFromGMT: 0) ?? .current
    return LocalZone(name: name) {
        Int64(tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0) / 1000))) * 1000
    }
}

@Suite("Points of the log: one rule to read them, one to say where they fall")
struct PointTests {
    static let stockholm = zone("Europe/Stockholm")

    func instant(_ text: String, _ zone: LocalZone = stockholm) -> String? {
        AskedPoint.parse(text, zone: zone)?.instant?.rfc3339
    }

    @Test("a seq, a time with its zone, a time without one and a date, read in the person's zone")
    func parse() {
        #expect(AskedPoint.parse("57", zone: .utc)?.limit == .seq(57))
        #expect(AskedPoint.parse("#57", zone: .utc)?.limit == .seq(57))
        #expect(instant("2026-12-01T04:02:20Z") == "2026-12-01T04:02:20.000Z")
        #expect(AskedPoint.parse("2026-12-01T04:02:20Z", zone: Self.stockholm)?.zone == nil)
        #expect(instant("2026-12-01T04:02:20+01:00") == "2026-12-01T03:02:20.000Z")
        // Winter (+01:00) and summer (+02:00) in Stockholm.
        #expect(instant("2026-12-01T04:02:20") == "2026-12-01T03:02:20.000Z")
        #expect(instant("2026-07-01 04:02") == "2026-07-01T02:02:00.000Z")
        #expect(instant("2026-07-01T04:02:20.5") == "2026-07-01T02:02:20.500Z")
        #expect(AskedPoint.parse("2026-12-01T04:02:20", zone: Self.stockholm)?.zone == "Europe/Stockholm")
        // A date is the end of that day where the person is.
        #expect(instant("2026-12-01") == "2026-12-01T22:59:59.999Z")
        #expect(instant("2026-12-01", .utc) == "2026-12-01T23:59:59.999Z")
        for bad in [
            "", "-1", "#", "2026-13-01", "2026-12-01T25:00", "2026-12-01T04:02:20+1", "yesterday", "2026-12-01T04",
        ] {
            #expect(AskedPoint.parse(bad, zone: Self.stockholm) == nil, "\(bad)")
        }
    }

    @Test("across a change of offset: a time the clocks skip is read with the offset before the change")
    func daylightSaving() {
        // 2026-03-29: 02:00 becomes 03:00 in Stockholm; 02:30 never shows.
        #expect(instant("2026-03-29T02:30") == "2026-03-29T01:30:00.000Z")
        #expect(instant("2026-03-29T03:30") == "2026-03-29T01:30:00.000Z")
        #expect(instant("2026-03-29T01:30") == "2026-03-29T00:30:00.000Z")
        // 2026-10-25: 03:00 becomes 02:00 again; 02:30 shows twice, and one of them is taken.
        let twice = instant("2026-10-25T02:30")
        #expect(twice == "2026-10-25T00:30:00.000Z" || twice == "2026-10-25T01:30:00.000Z")
    }

    @Test("a point falls before the first event, within the log, or after the last event; a seq past it is an error")
    func places() throws {
        let at = Timestamp(milliseconds: 1_800_000_000_000)
        let later = Timestamp(milliseconds: 1_800_000_060_000)
        func answer(_ limit: ReplayLimit, _ seq: Int64, head: Int64) throws -> PointAnswer.Place {
            try PointAnswer(AskedPoint(limit, text: "x"), reached: seq, at: at, head: head).place
        }
        #expect(try answer(.seq(0), 0, head: 46) == .beforeFirstEvent)
        #expect(try answer(.seq(12), 12, head: 46) == .within)
        #expect(try answer(.seq(46), 46, head: 46) == .within)
        // A seq names an event: one past the last is no point, wherever the answer is made.
        #expect(throws: QueryError.pastHead(asked: 999, head: 46)) { try answer(.seq(999), 46, head: 46) }
        #expect(throws: QueryError.pastHead(asked: 47, head: 46)) { try answer(.seq(47), 0, head: 46) }
        #expect(try answer(.time(later), 12, head: 46) == .within)
        #expect(try answer(.time(at), 46, head: 46) == .within)
        #expect(try answer(.time(later), 46, head: 46) == .afterLastEvent)
        #expect(try answer(.time(later), 0, head: 0) == .beforeFirstEvent)
    }

    @Test("the line a view at a point begins with, in both languages, with the instant used")
    func headers() throws {
        let at = Timestamp(milliseconds: 1_796_097_740_000)  // 2026-12-01T04:02:20Z
        let local = AskedPoint.parse("2026-12-01T05:10", zone: Self.stockholm)
        guard let local else { return #expect(Bool(false)) }
        let cases: [(PointAnswer, String, String)] = [
            (
                try PointAnswer(AskedPoint(.seq(46), text: "46"), reached: 46, at: at, head: 50),
                "As of #46 (2026-12-01T04:02:20.000Z)", "Per #46 (2026-12-01T04:02:20.000Z)"
            ),
            (
                try PointAnswer(local, reached: 46, at: at, head: 50),
                "As of #46 (2026-12-01T04:02:20.000Z), the last event by 2026-12-01T04:10:00.000Z "
                    + "(2026-12-01T05:10 in Europe/Stockholm)",
                "Per #46 (2026-12-01T04:02:20.000Z), den sista händelsen till och med 2026-12-01T04:10:00.000Z "
                    + "(2026-12-01T05:10 i Europe/Stockholm)"
            ),
            (
                try PointAnswer(local, reached: 46, at: at, head: 46),
                "After the last event (#46, 2026-12-01T04:02:20.000Z): nothing was recorded after it by "
                    + "2026-12-01T04:10:00.000Z (2026-12-01T05:10 in Europe/Stockholm)",
                "Efter den sista händelsen (#46, 2026-12-01T04:02:20.000Z): ingenting registrerades efter den till "
                    + "och med 2026-12-01T04:10:00.000Z (2026-12-01T05:10 i Europe/Stockholm)"
            ),
            (
                try PointAnswer(AskedPoint(.seq(0), text: "0"), reached: 0, at: at, head: 46),
                "Before the first event: nothing existed yet at #0",
                "Före den första händelsen: ingenting fanns ännu vid #0"
            ),
        ]
        for (answer, en, sv) in cases {
            #expect(answer.header(.en) == en)
            #expect(answer.header(.sv) == sv)
        }
        var json = ""
        var writer = JSONWriter(sink: { json += $0 })
        cases[1].0.write(to: &writer)
        writer.finish()
        #expect(
            json.trimmingCharacters(in: .newlines)
                == "{\"asked\":\"2026-12-01T05:10\",\"seq\":46,\"at\":\"2026-12-01T04:02:20.000Z\","
                + "\"instant\":\"2026-12-01T04:10:00.000Z\",\"zone\":\"Europe/Stockholm\",\"place\":\"within\"}")
    }
}

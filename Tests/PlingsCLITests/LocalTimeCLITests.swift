import Foundation
import PlingsTestSupport
import Testing

/// `--at` reads a time without a zone (and a date) in the zone of TZ.
@Suite("A time without a zone is read in TZ")
struct LocalTimeCLITests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("log.jsonl") }

    /// The time of event `seq`, as the log's line has it.
    func time(of seq: Int) throws -> Date {
        let lines = plings(["log", "--json"], log: log).out.split(separator: "\n")
        let line = try cardJSON(String(lines[seq - 1]))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: line["at"] as? String ?? "") ?? Date()
    }

    /// `date` as a clock in `zone` shows it, without the zone, to the millisecond.
    func local(_ date: Date, _ zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
        return formatter.string(from: date)
    }

    func asOfSeq(_ args: [String], tz: String) throws -> Int? {
        try cardJSON(plings(args + ["--json"], log: log, env: ["TZ": tz]).out)["asOfSeq"] as? Int
    }

    @Test("the same instant written in UTC and as a local time without a zone gives the same point")
    func localTime() throws {
        for args in Saltsjon.cliArguments { _ = plings(args, log: log) }
        let third = try time(of: 3)
        let utc = try asOfSeq(["tree", "--at", local(third, "UTC") + "Z"], tz: "UTC")
        #expect(utc != nil && utc ?? 0 >= 3)
        for tz in ["Europe/Stockholm", "America/New_York", "Asia/Kolkata", ":Europe/Stockholm"] {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            #expect(try asOfSeq(["tree", "--at", local(third, name)], tz: tz) == utc, "\(tz)")
        }
        // Read in the wrong zone, the same text is another instant.
        let wrong = try asOfSeq(["tree", "--at", local(third.addingTimeInterval(-7200), "UTC")], tz: "Asia/Kolkata")
        #expect(wrong == 0)
    }

    @Test("a TZ that names no zone is a usage error that says so")
    func badZone() {
        _ = plings(["create", "a", "A"], log: log)
        let run = plings(
            ["tree", "--at", "2026-12-01T04:02:20", "--lang", "en"], log: log, env: ["TZ": "Mars/Olympus"])
        #expect(run.status == 64)
        #expect(run.err.contains("TZ names no time zone this system knows ('Mars/Olympus')"), "\(run.err)")
    }
}

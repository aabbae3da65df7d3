import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// `Query.point`: where an asked point falls, read from the object timeline's times or from the
/// world at the point, the same either way.
@Suite("Where a point falls")
struct QueryPointTests {
    let dir = TemporaryDirectory()

    @Test("at every seq and at times around each event: the timeline's answer is the replayed one")
    func cachedAgreesWithReplayed() throws {
        let path = dir.file("gen.jsonl")
        _ = try SyntheticLog(events: 600, objects: 60, seed: 7).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        var times: [Int64: Timestamp] = [:]
        _ = try Timeline(path: path, useSnapshots: false).events { event, _, _ in times[event.seq] = event.at }
        let cached = Query(path: path)
        let replayed = Query(path: path, useCache: false)
        var fromTimeline = 0
        for seq in stride(from: Int64(1), through: 600, by: 41) + [600] {
            let asked = AskedPoint(.seq(seq), text: String(seq))
            let a = try cached.point(asked)
            #expect(a == (try replayed.point(asked)), "#\(seq)")
            #expect(a.seq == seq && a.at == times[seq] && a.place == .within)
            if PastCard.point(asked, logPath: path) != nil { fromTimeline += 1 }
            let t = try #require(times[seq])
            for ms in [t.milliseconds - 1, t.milliseconds, t.milliseconds + 1] {
                let at = AskedPoint(.time(Timestamp(milliseconds: ms)), text: "t")
                #expect(try cached.point(at) == (try replayed.point(at)), "#\(seq) \(ms)")
            }
        }
        #expect(fromTimeline > 12)
        let after = AskedPoint(.time(Timestamp(milliseconds: times[600]!.milliseconds + 1)), text: "later")
        #expect(try cached.point(after).place == .afterLastEvent)
        #expect(try replayed.point(after).place == .afterLastEvent)
        #expect(throws: QueryError.self) { try cached.point(AskedPoint(.seq(601), text: "601")) }
        #expect(throws: QueryError.self) { try replayed.point(AskedPoint(.seq(601), text: "601")) }
    }
}

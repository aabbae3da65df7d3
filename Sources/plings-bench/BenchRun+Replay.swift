import Foundation
import PlingsKit

extension BenchRun {
    /// 1. The floor: read the file and count lines.
    mutating func measureFloor() {
        var times: [Double] = []
        var count = 0
        for _ in 0..<runs {
            count = 0
            times.append(timed { try? file.readLines(from: 0) { _, _ in count += 1 } })
        }
        lineCount = count
        let floor = Statistics.median(times)
        report("lines", Double(lineCount))
        report("floorLinesPerSecond", Double(lineCount) / floor)
        report("floorMBPerSecond", Double(bytes) / 1e6 / floor)
    }

    /// 2. Full replay with all projections on the fast path (the median of the runs).
    mutating func measureFastReplay() -> (seconds: Double, state: WorldState) {
        let (seconds, state) = replayTime(fast: true)
        report("replayEventsPerSecond", Double(lineCount) / seconds)
        report("replayMBPerSecond", Double(bytes) / 1e6 / seconds)
        report("replaySeconds", seconds)
        return (seconds, state)
    }

    /// The general path is slow; one run of it is enough for a ratio. It must reach the fast path's state.
    mutating func measureGeneralReplay(against fastState: WorldState) {
        let (seconds, state) = replayTime(fast: false)
        report("generalPathEventsPerSecond", Double(lineCount) / seconds)
        report("fastEqualsGeneral", Fingerprint(fastState) == Fingerprint(state) ? 1 : 0)
    }

    func replayTime(fast: Bool) -> (Double, WorldState) {
        var times: [Double] = []
        var state = WorldState()
        for _ in 0..<(fast ? runs : 1) {
            var replayer = Replayer(path: log)
            replayer.fastPath = fast
            let t0 = Monotonic.seconds()
            do { try replayer.run(file) } catch { fail(error.message(.en)) }
            times.append(Monotonic.seconds() - t0)
            state = replayer.state
        }
        return (Statistics.median(times), state)
    }

    /// 3. The naive baseline: Foundation's JSONDecoder into a Codable struct per line,
    ///    then the same projections, over the first `--baseline-lines` lines.
    mutating func measureJSONDecoder(replayTime fastTime: Double) {
        let limit = options.int("--baseline-lines", 500_000)
        let decoder = JSONDecoder()
        var times: [Double] = []
        var count = 0
        for _ in 0..<max(1, min(runs, 3)) {
            var state = WorldState()
            count = 0
            times.append(
                timed {
                    try? file.readLines(from: 0) { line, _ in
                        guard count < limit else { return }
                        count += 1
                        if let event = try? decoder.decode(CodableLine.self, from: Data(line)).event {
                            state.apply(event)
                        }
                    }
                })
        }
        let rate = Double(count) / Statistics.median(times)
        report("jsonDecoderEventsPerSecond", rate)
        report("jsonDecoderLines", Double(count))
        report("fastOverJSONDecoder", (Double(lineCount) / fastTime) / rate)
    }
}

/// A log line as a naive app would decode it: a Codable struct.
struct CodableLine: Decodable {
    var seq: Int64
    var at: String
    var type: String
    var object: String
    var name: String?
    var relation: String?
    var target: String?
    var axes: [String]?
    var actor: String?
    var prev: String
    var hash: String
    var v: Int

    /// The event the line records; nil when its time does not parse.
    var event: Event? {
        guard let at = Timestamp(parsing: at) else { return nil }
        let object = ObjectID(unchecked: object)
        let payload: EventPayload
        switch type {
        case "created": payload = .created(object, name: name ?? "")
        case "renamed": payload = .renamed(object, name: name ?? "")
        default:
            var set: AxisSet = []
            for a in axes ?? [] { if let axis = Axis(token: a) { set.insert(AxisSet(axis)) } }
            payload = .placed(
                Placement(
                    object: object, relation: Relation(token: relation ?? "") ?? .in,
                    target: target == "world" ? nil : target.map { ObjectID(unchecked: $0) }, axes: set))
        }
        return Event(seq: seq, at: at, actor: actor, payload: payload)
    }
}

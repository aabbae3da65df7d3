import Foundation
import PlingsKit
import PlingsPlatform

/// `plings-bench run`: every measurement over one log, collected as named figures.
struct BenchRun {
    let options: BenchOptions
    let log: String
    let file: LogFile
    let runs: Int
    let bytes: Int64
    /// The figures so far, by name (the keys of `--json`).
    var figures: [String: Double]
    /// Lines in the log, counted by the floor measurement.
    var lineCount = 0
    /// Rows skipped and why, printed under the table.
    var notes: [String] = []

    init(_ options: BenchOptions) {
        self.options = options
        log = options.string("--log")
        runs = max(1, options.int("--runs", 3))
        bytes = Statistics.fileSize(log)
        figures = ["logMB": Double(bytes) / 1e6]
        guard let opened = try? LogFile.open(log, create: false) else { fail("no log at '\(log)'") }
        file = opened
    }

    mutating func report(_ name: String, _ value: Double) { figures[name] = value }

    mutating func run() {
        if let only = options.values["--only"] { return runOnly(only) }
        measureFloor()
        let fast = measureFastReplay()
        measureJSONDecoder(replayTime: fast.seconds)
        measureGeneralReplay(against: fast.state)
        measurePeers()
        measureTimeTravel()
        measureCardAtHead()
        let dir = "/tmp/plings-bench-\(Platform.processID)"
        try? Platform.makeDirectory(dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        measureAppend(in: dir)
        measureBulkApply(in: dir)
        measurePeakMemory()
        if options.flags.contains("--json") { printJSON() } else { printTable() }
    }

    /// Runs `body` and returns the seconds it took.
    func timed(_ body: () -> Void) -> Double {
        let t0 = Monotonic.seconds()
        body()
        return Monotonic.seconds() - t0
    }
}

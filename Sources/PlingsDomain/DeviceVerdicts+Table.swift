extension DeviceVerdicts {
    /// One device's verdicts by device seq. A hub takes a device's commands only with gapless
    /// device seqs, so they are kept in an array from the first one (found by a subtraction,
    /// grown at its end, where a dictionary hashed every seq and grew by rehashing); a seq that
    /// does not go on from the run (a log merged or edited by hand) is kept in a dictionary
    /// beside it. Two tables are equal when they hold the same verdicts, however kept.
    package struct Table: Sendable, Equatable {
        /// The device seq of `run[0]`.
        private var first: Int64 = 0
        /// The verdicts of `first`, `first + 1`, … without a gap.
        private var run: [Verdict] = []
        /// The verdicts whose device seqs are not in the run.
        private var others: [Int64: Verdict] = [:]
        /// The highest device seq with a verdict, 0 when none.
        package private(set) var highest: Int64 = 0

        /// An empty table.
        package init() {}

        /// How many verdicts it holds.
        package var count: Int { run.count + others.count }

        /// The position of `dseq` in the run, or nil when it is not there (or just after it, with
        /// `end: true`).
        private func index(_ dseq: Int64, end: Bool = false) -> Int? {
            let (k, overflow) = dseq.subtractingReportingOverflow(first)
            guard !overflow, k >= 0, k < Int64(run.count) + (end ? 1 : 0) else { return nil }
            return Int(k)
        }

        /// The verdict recorded for `dseq`, if any.
        package subscript(dseq: Int64) -> Verdict? {
            if let k = index(dseq) { return run[k] }
            return others.isEmpty ? nil : others[dseq]
        }

        /// Adds the verdict `make` gives for `dseq` unless one is recorded (the first one wins).
        package mutating func add(_ dseq: Int64, _ make: () -> Verdict) {
            guard self[dseq] == nil else { return }
            if run.isEmpty {
                first = dseq
                run.append(make())
            } else if index(dseq, end: true) == run.count {
                run.append(make())
            } else {
                others[dseq] = make()
            }
            highest = max(highest, dseq)
        }

        /// Calls `body` with each device seq and its verdict, in the order of the seqs.
        package func forEach(_ body: (Int64, Verdict) -> Void) {
            var rest = others.keys.sorted()[...]
            for (k, verdict) in run.enumerated() {
                let dseq = first + Int64(k)
                while let next = rest.first, next < dseq, let other = others[next] {
                    body(next, other)
                    rest = rest.dropFirst()
                }
                body(dseq, verdict)
            }
            for dseq in rest { if let other = others[dseq] { body(dseq, other) } }
        }

        package static func == (a: Table, b: Table) -> Bool {
            guard a.count == b.count, a.highest == b.highest else { return false }
            var same = true
            a.forEach { dseq, verdict in if same && b[dseq] != verdict { same = false } }
            return same
        }
    }
}

/// Where batches end: the one reading of which lines open a batch and how
/// many lines it has, for readers that cut a run of a log's checked lines at
/// the end of a whole batch (a page of a hub's log, a pull's answer). The
/// chain's own batch rule (a batch is folded only when all its lines are on
/// disk, none opens inside another) is `ChainChecker.admit`; the lines are
/// counted by `LineSplit`.
package enum LineBatches {
    /// The end of the last whole batch in `chunk` (a line outside a batch is a
    /// batch of one); with `stoppingAfter`, at most that many batches.
    package static func wholeBatchesEnd(_ chunk: [UInt8], stoppingAfter limit: Int = .max) -> Int {
        if limit == .max { return lastWholeBatchEnd(chunk) }
        var end = 0
        var start = 0
        var remaining = 0
        var batches = 0
        while batches < limit, let newline = LineSplit.firstEnd(in: chunk[start...]) {
            if remaining == 0 { remaining = batchLength(chunk[start..<newline]) ?? 1 }
            remaining -= 1
            start = newline + 1
            if remaining == 0 {
                end = start
                batches += 1
            }
        }
        return end
    }

    /// The end of the last whole batch in `chunk`, found from its end: the
    /// nearest line before it that opens a batch decides (the lines after that
    /// batch are batches of one). A page holds a hub's checked lines, which
    /// open no batch inside another, and it starts where a batch starts.
    package static func lastWholeBatchEnd(_ chunk: [UInt8]) -> Int {
        guard let last = LineSplit.lastEnd(in: chunk) else { return 0 }
        var lineEnd = last
        var lines = 0
        while true {
            let lineStart = LineSplit.lastEnd(in: chunk[..<lineEnd]).map { $0 + 1 } ?? 0
            lines += 1
            let line = chunk[lineStart..<lineEnd]
            if mentionsBatch(line), let batch = batchLength(line) { return batch <= lines ? last + 1 : lineStart }
            if lineStart == 0 { return last + 1 }
            lineEnd = lineStart - 1
        }
    }

    /// Whether `line` may open a batch, from its first members: a line's
    /// members are in key order, so `batch` comes right after `at` (and
    /// `axes`, when there), after an `actor`. False only when those members
    /// are there and `batch` does not follow; a line of another shape is read
    /// whole by `batchLength`.
    package static func mentionsBatch(_ line: ArraySlice<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { p in
            var i = 0
            func skip(_ text: StaticString) -> Bool {
                let n = text.utf8CodeUnitCount
                guard i + n <= p.count else { return false }
                for k in 0..<n where p[i + k] != text.utf8Start[k] { return false }
                i += n
                return true
            }
            /// Past the rest of a string whose opening quote was read.
            func skipString() -> Bool {
                while i < p.count, p[i] != 0x22 { i += p[i] == 0x5C ? 2 : 1 }
                i += 1
                return i <= p.count
            }
            guard skip("{") else { return true }
            if skip(#""actor":""#) { guard skipString(), skip(",") else { return true } }
            guard skip(#""at":""#), skipString() else { return true }
            if skip(#","axes":["#) {
                while i < p.count, p[i] != 0x5D { i += 1 }
                i += 1
            }
            return skip(#","batch":"#) || i > p.count
        }
    }

    /// The length a line announces when it opens a batch, read by the one line
    /// reader (`LineCodec.members`: every rule but the own hash, which the device checks).
    package static func batchLength(_ line: ArraySlice<UInt8>) -> Int? {
        line.withUnsafeBufferPointer { p in
            var fields = LineFields()
            guard LineCodec.members(p, into: &fields) == nil, let batch = fields.batch else { return nil }
            return Int(batch)
        }
    }
}

/// The penalty score that chooses a mask (ISO/IEC 18004, 7.8.3): the lowest total wins,
/// the lower pattern number on a tie.
///
/// - N1: each run of five or more modules of one colour in a row or column scores 3, plus 1 for
///   each module past five.
/// - N2: each 2×2 block of one colour scores 3 (an m×n block scores 3·(m−1)·(n−1)).
/// - N3: each dark–light–dark–light–dark run of ratio 1:1:3:1:1 in a row or column with a light
///   area four times the unit wide before or after it scores 40; outside the symbol counts as
///   light (the quiet zone).
/// - N4: the proportion of dark modules, as a whole percentage, scores 10 for each full 5 %
///   it is away from 50 %.
///
/// The standard leaves two readings open: whether the ratio scales (a 2:2:6:2:2 run) and how
/// the proportion is rounded. This follows libqrencode (and so `qrencode`) on both: the ratio
/// scales with its light areas, and the percentage is rounded to the nearest whole number first.
enum QRPenalty {
    /// The total penalty of a finished matrix (masked, format information drawn).
    static func score(_ m: QRMatrix) -> Int {
        m.dark.withUnsafeBufferPointer { cells in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: m.size + 1) { runs in
                var total = blocks(cells, m.size) + balance(cells, m.size)
                for line in 0..<m.size {
                    total += runScore(runs, lengths(cells, from: line * m.size, step: 1, count: m.size, into: runs))
                    total += runScore(runs, lengths(cells, from: line, step: m.size, count: m.size, into: runs))
                }
                return total
            }
        }
    }

    /// Writes the run lengths of one line (`count` cells from `from`, `step` apart) into `runs`,
    /// light first: a line that starts dark gets a light run of length 0 in front, so dark runs
    /// are always at odd indices. Returns the number of runs.
    static func lengths(
        _ cells: UnsafeBufferPointer<Bool>, from: Int, step: Int, count: Int, into runs: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        var colour = false
        var length = 0
        var n = 0
        var index = from
        for _ in 0..<count {
            if cells[index] == colour {
                length += 1
            } else {
                runs[n] = length
                n += 1
                colour.toggle()
                length = 1
            }
            index += step
        }
        runs[n] = length
        return n + 1
    }

    /// N1 and N3 for one line's `count` runs.
    static func runScore(_ runs: UnsafeMutableBufferPointer<Int>, _ count: Int) -> Int {
        var score = 0
        for i in 0..<count {
            let run = runs[i]
            if run >= 5 { score += 3 + run - 5 }
            guard i & 1 == 1, i >= 3, i + 2 < count, run % 3 == 0 else { continue }
            let unit = run / 3
            guard runs[i - 2] == unit, runs[i - 1] == unit, runs[i + 1] == unit, runs[i + 2] == unit else { continue }
            // The light run before reaches the edge (index 0), or is wide enough; likewise after.
            let lightBefore = i == 3 || runs[i - 3] >= 4 * unit
            let lightAfter = i + 3 >= count - 1 || runs[i + 3] >= 4 * unit
            if lightBefore || lightAfter { score += 40 }
        }
        return score
    }

    /// N2: 3 for every 2×2 square of one colour.
    static func blocks(_ cells: UnsafeBufferPointer<Bool>, _ size: Int) -> Int {
        var score = 0
        for y in 1..<size {
            var above = (y - 1) * size
            var here = y * size
            for _ in 1..<size {
                let c = cells[here + 1]
                if c == cells[here] && c == cells[above] && c == cells[above + 1] { score += 3 }
                above += 1
                here += 1
            }
        }
        return score
    }

    /// N4: 10 for each full 5 % the dark proportion (rounded to a whole percentage) is from 50 %.
    static func balance(_ cells: UnsafeBufferPointer<Bool>, _ size: Int) -> Int {
        var darkCount = 0
        for cell in cells where cell { darkCount += 1 }
        let total = size * size
        let percent = (200 * darkCount + total) / total / 2
        return abs(percent - 50) / 5 * 10
    }
}

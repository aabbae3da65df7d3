import PlingsKit

/// The width of the seq column of `plings log`, so the times line up (`#9   …` above `#10  …`)
/// although the sentences stream out as the log is read: it is the width of the log's last seq,
/// known before the first line from the file's last bytes.
enum SeqColumn {
    /// How far back from the end of the file the last line is looked for: room for a torn tail
    /// shorter than a line, the longest line the log allows (newline included) and the newline
    /// before it.
    static let tailBytes = 2 * LineFormat.maxLineBytes + 1

    /// The digits of the last seq `plings log` can show: of the log's last whole line, or of the
    /// seq `--to` names when that is smaller. 0 (the column is not padded) when the last line
    /// cannot be read: no log, a torn tail as long as a line, a line that does not decode.
    /// The last line goes through the one decoder (`LineDecoder`: the strict scan with the line's
    /// own hash) but not the chain check: only the width comes from it; every line shown is read
    /// and checked as always, and a wrong width would only misalign the column.
    /// - Complexity: one read of at most `tailBytes` at the end of the file and one line decoded.
    static func width(logPath: String, to limit: ReplayLimit?) -> Int {
        guard let last = lastSeq(logPath: logPath) else { return 0 }
        if case .seq(let seq) = limit { return String(min(seq, last)).count }
        return String(last).count
    }

    /// The seq of the last whole line of the log at `logPath`, if it can be read.
    static func lastSeq(logPath: String) -> Int64? {
        guard let file = try? LogFile.open(logPath, create: false), let size = try? file.size(), size > 0 else {
            return nil
        }
        let start = max(0, size - Int64(tailBytes))
        guard let bytes = try? file.bytes(at: start, length: Int(size - start)),
            let end = bytes.lastIndex(of: 0x0A)
        else { return nil }
        // The line before the last newline begins after the newline before it, or at the start of the file.
        let lineStart: Int
        if let newline = bytes[..<end].lastIndex(of: 0x0A) {
            lineStart = newline + 1
        } else if start == 0 {
            lineStart = 0
        } else {
            return nil
        }
        let decoded = bytes[lineStart..<end].withUnsafeBufferPointer { LineDecoder.decode($0) }
        return try? decoded.get().event.seq
    }
}

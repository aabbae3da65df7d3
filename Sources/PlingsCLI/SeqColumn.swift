import PlingsKit

/// The width of the seq column of `plings log`, so the times line up (`#9   …` above `#10  …`)
/// although the sentences stream out as the log is read: it is the width of the log's last seq,
/// known before the first line from the file's last bytes.
enum SeqColumn {
    /// The digits of the last seq `plings log` can show: of the log's last whole line, or of the
    /// seq `--to` names when that is smaller. 0 (the column is not padded) when the last line
    /// cannot be read: no log, a torn tail as long as a line, a line that does not decode.
    /// The last line goes through the one decoder (`LineDecoder`: the strict scan with the line's
    /// own hash) but not the chain check: only the width comes from it; every line shown is read
    /// and checked as always, and a wrong width would only misalign the column.
    /// - Complexity: one read at the end of the file and one line decoded (`Query.lastLineSeq`).
    static func width(logPath: String, to limit: ReplayLimit?) -> Int {
        guard let last = Query(path: logPath).lastLineSeq() else { return 0 }
        if case .seq(let seq) = limit { return String(min(seq, last)).count }
        return String(last).count
    }
}

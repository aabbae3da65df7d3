/// Writes RFC 4180 CSV: cells separated by commas, records ended by CRLF, a
/// cell in double quotes (with each quote written twice) when it holds a
/// comma, a quote, a line end, or spaces or tabs at either end (which a
/// reader would otherwise trim), so `CSVReader` reads back exactly the cells
/// written.
package enum CSVWriter {
    /// One record, ended by CRLF, appended to `out`.
    package static func record(_ cells: [String], to out: inout String) {
        for (i, cell) in cells.enumerated() {
            if i > 0 { out += "," }
            append(cell, to: &out)
        }
        out += "\r\n"
    }

    /// One cell, quoted when it must be.
    package static func append(_ cell: String, to out: inout String) {
        guard needsQuotes(cell) else {
            out += cell
            return
        }
        out += "\""
        for scalar in cell.unicodeScalars {
            if scalar == "\"" { out += "\"" }
            out.unicodeScalars.append(scalar)
        }
        out += "\""
    }

    /// Whether `cell` must be quoted to be read back as it is.
    package static func needsQuotes(_ cell: String) -> Bool {
        let bytes = cell.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return true }
        return bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
    }
}

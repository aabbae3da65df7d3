/// Reads RFC 4180 CSV from a byte source, one record at a time, with bounded
/// memory: cells separated by a comma (or the separator the header line
/// shows: a semicolon, as a spreadsheet in a Swedish locale writes, or a tab,
/// when that line has no comma; or the one an Excel `sep=;` first line
/// names), records ended by CRLF or LF, a cell in double quotes may hold the
/// separator, line ends and quotes written twice (`""`). A UTF-8 byte-order
/// mark at the start is skipped; a UTF-16 one is refused. Records with every
/// cell empty (blank lines, `,,,,`) are passed over. An unquoted cell loses
/// the spaces and tabs around it; a quoted one is kept as it is.
///
/// Whatever is wrong stops the reading with a `CSVProblem` naming the line
/// (and the cell): a quote inside an unquoted cell, text after a closing
/// quote, a quote that is never closed, a carriage return without a line
/// feed, a record longer than `recordLimit`. Cells are bytes; `string(_:)`
/// checks that they are UTF-8.
package struct CSVReader {
    /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end of the input.
    package typealias Source = (UnsafeMutableRawBufferPointer) throws(CSVProblem) -> Int

    /// The longest record read, in bytes (a file that is not CSV stops there, not at memory's end).
    package static let recordLimit = 1 << 20
    /// How much is read at a time.
    static let chunk = 1 << 18

    private let source: Source
    private var buffer: [UInt8] = []
    /// The unread bytes are `buffer[position..<end]`.
    private var position = 0
    private var end = 0
    private var endOfInput = false
    private var started = false
    /// The line the next record starts on (1-based).
    private var nextLine = 1
    /// The separator: `,`, `;` or a tab.
    package private(set) var separator = UInt8(ascii: ",")
    /// The current record: its cells' bytes, one after another, with their ranges and whether each was quoted.
    private var storage: [UInt8] = []
    private var ranges: [Range<Int>] = []
    private var quotedCells: [Bool] = []
    /// The line the current record starts on.
    package private(set) var line = 0

    /// A reader of `source`.
    package init(source: @escaping Source) { self.source = source }

    /// A reader of bytes in memory.
    package init(bytes: [UInt8]) {
        var offset = 0
        let all = bytes
        self.init { (raw: UnsafeMutableRawBufferPointer) throws(CSVProblem) -> Int in
            let n = min(raw.count, all.count - offset)
            if n > 0 {
                all.withUnsafeBytes { src in
                    raw.baseAddress?.copyMemory(from: src.baseAddress.unsafelyUnwrapped + offset, byteCount: n)
                }
            }
            offset += n
            return n
        }
    }

    /// How many cells the current record has.
    package var count: Int { ranges.count }

    /// The bytes of cell `i` of the current record.
    package func bytes(_ i: Int) -> ArraySlice<UInt8> { storage[ranges[i]] }

    /// Whether cell `i` of the current record was in quotes.
    package func isQuoted(_ i: Int) -> Bool { quotedCells[i] }

    /// Cell `i` as text.
    /// - Throws: `CSVProblem.invalidUTF8` naming the line and the cell when it is not UTF-8.
    package func string(_ i: Int) throws(CSVProblem) -> String {
        guard let text = String(validating: storage[ranges[i]], as: UTF8.self) else {
            throw .invalidUTF8(line: line, cell: i + 1)
        }
        return text
    }

    /// Reads the next record that has a non-empty cell.
    /// - Returns: false at the end of the input.
    /// - Throws: `CSVProblem` for input that is not CSV, or that cannot be read.
    package mutating func next() throws(CSVProblem) -> Bool {
        if !started { try start() }
        while true {
            switch try parseRecord() {
            case .endOfInput:
                return false
            case .needMore:
                if end - position >= Self.recordLimit { throw .recordTooLong(line: nextLine, limit: Self.recordLimit) }
                try fill()
            case .record(let consumed, let lines):
                position = consumed
                line = nextLine
                nextLine += lines
                let blank = zip(ranges, quotedCells).allSatisfy { $0.isEmpty && !$1 }
                if !blank { return true }
            }
        }
    }

    // MARK: - Input

    /// Reads more input after what is unread, moving the unread bytes to the front first.
    private mutating func fill() throws(CSVProblem) {
        if endOfInput { return }
        if position > 0 {
            let (from, count) = (position, end - position)
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress, count > 0 else { return }
                base.copyMemory(from: base + from, byteCount: count)
            }
            end = count
            position = 0
        }
        let chunk = Self.chunk
        if buffer.count < end + chunk {
            // A new buffer (zeroed by `memset`, not element by element) with the unread bytes copied over.
            var grown = [UInt8](repeating: 0, count: max(end + chunk, 2 * buffer.count))
            grown.withUnsafeMutableBytes { to in
                buffer.withUnsafeBytes { from in
                    guard let base = to.baseAddress, let source = from.baseAddress, end > 0 else { return }
                    base.copyMemory(from: source, byteCount: end)
                }
            }
            buffer = grown
        }
        let got = try buffer.withUnsafeMutableBytes { raw in
            Result { () throws(CSVProblem) in
                try source(UnsafeMutableRawBufferPointer(rebasing: raw[end..<(end + chunk)]))
            }
        }.get()
        if got == 0 { endOfInput = true }
        end += got
    }

    /// The byte-order mark, and the separator from an Excel `sep=` line or the first line.
    private mutating func start() throws(CSVProblem) {
        started = true
        while end - position < 3 && !endOfInput { try fill() }
        let head = buffer[position..<end]
        if head.starts(with: [0xEF, 0xBB, 0xBF]) {
            position += 3
        } else if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            throw .utf16
        }
        var lineEnd: Int?
        while true {
            lineEnd = LineSplit.firstEnd(in: buffer[position..<end])
            if lineEnd != nil || endOfInput || end - position >= Self.recordLimit { break }
            try fill()
        }
        var first = Array(buffer[position..<(lineEnd ?? end)])
        if first.last == 0x0D { first.removeLast() }
        if first.count == 5, first.starts(with: Array("sep=".utf8)), let end = lineEnd {
            separator = first[4]
            position = end + 1
            nextLine += 1
            return
        }
        separator = Self.separator(ofHeader: first)
    }

    /// The separator a header line shows: a comma, unless the line has none outside quotes and
    /// has a semicolon (or else a tab).
    static func separator(ofHeader line: [UInt8]) -> UInt8 {
        var quoted = false
        var seen: Set<UInt8> = []
        for byte in line {
            if byte == UInt8(ascii: "\"") { quoted.toggle() } else if !quoted { seen.insert(byte) }
        }
        if seen.contains(UInt8(ascii: ",")) { return UInt8(ascii: ",") }
        if seen.contains(UInt8(ascii: ";")) { return UInt8(ascii: ";") }
        if seen.contains(0x09) { return 0x09 }
        return UInt8(ascii: ",")
    }

    // MARK: - Records

    private enum Parsed {
        case record(consumed: Int, lines: Int)
        case needMore
        case endOfInput
    }

    /// Parses one record from `position`, into `storage`.
    private mutating func parseRecord() throws(CSVProblem) -> Parsed {
        storage.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        quotedCells.removeAll(keepingCapacity: true)
        var cursor = Cursor(p: position, end: end, endOfInput: endOfInput, line: nextLine, separator: separator)
        if cursor.p == cursor.end && endOfInput { return .endOfInput }
        return try buffer.withUnsafeBufferPointer { all in
            Result { () throws(CSVProblem) -> Parsed in
                while true {
                    let cellStart = storage.count
                    let step: Cursor.Step
                    if cursor.p < cursor.end && all[cursor.p] == UInt8(ascii: "\"") {
                        step = try cursor.quotedCell(all, into: &storage, cell: ranges.count + 1)
                        quotedCells.append(true)
                    } else {
                        step = try cursor.plainCell(all, into: &storage, cell: ranges.count + 1)
                        quotedCells.append(false)
                    }
                    ranges.append(cellStart..<storage.count)
                    switch step {
                    case .needMore: return .needMore
                    case .nextCell: continue
                    case .endOfRecord: return .record(consumed: cursor.p, lines: cursor.line - nextLine)
                    }
                }
            }
        }.get()
    }
}

/// Where the parse of one record stands.
private struct Cursor {
    var p: Int
    let end: Int
    let endOfInput: Bool
    /// The line `p` is on.
    var line: Int
    let separator: UInt8

    enum Step {
        case nextCell
        case endOfRecord
        case needMore
    }

    /// An unquoted cell from `p`, without the spaces and tabs around it.
    mutating func plainCell(
        _ all: UnsafeBufferPointer<UInt8>, into storage: inout [UInt8], cell: Int
    ) throws(CSVProblem) -> Step {
        let start = p
        while p < end {
            let byte = all[p]
            if byte == separator || byte == 0x0A || byte == 0x0D { break }
            if byte == UInt8(ascii: "\"") { throw .quoteInPlainCell(line: line, cell: cell) }
            p += 1
        }
        if p == end && !endOfInput { return .needMore }
        var first = start
        var last = p
        while first < last && (all[first] == 0x20 || all[first] == 0x09) { first += 1 }
        while last > first && (all[last - 1] == 0x20 || all[last - 1] == 0x09) { last -= 1 }
        storage.append(contentsOf: UnsafeBufferPointer(rebasing: all[first..<last]))
        return try terminator(all, cell: cell)
    }

    /// A quoted cell from `p` (at its opening quote), with `""` read as one quote.
    mutating func quotedCell(
        _ all: UnsafeBufferPointer<UInt8>, into storage: inout [UInt8], cell: Int
    ) throws(CSVProblem) -> Step {
        let opened = line
        p += 1
        while true {
            guard p < end else {
                if endOfInput { throw .unclosedQuote(line: opened, cell: cell) }
                return .needMore
            }
            let byte = all[p]
            if byte == UInt8(ascii: "\"") {
                if p + 1 == end && !endOfInput { return .needMore }
                if p + 1 < end && all[p + 1] == UInt8(ascii: "\"") {
                    storage.append(byte)
                    p += 2
                    continue
                }
                p += 1
                break
            }
            if byte == 0x0A { line += 1 }
            storage.append(byte)
            p += 1
        }
        if p < end {
            let byte = all[p]
            if byte != separator && byte != 0x0A && byte != 0x0D { throw .textAfterQuote(line: line, cell: cell) }
        }
        return try terminator(all, cell: cell)
    }

    /// What ends a cell at `p`: the separator, a line end, or the end of the input.
    mutating func terminator(_ all: UnsafeBufferPointer<UInt8>, cell: Int) throws(CSVProblem) -> Step {
        guard p < end else { return endOfInput ? .endOfRecord : .needMore }
        switch all[p] {
        case separator:
            p += 1
            return .nextCell
        case 0x0A:
            p += 1
            line += 1
            return .endOfRecord
        default:  // a carriage return
            if p + 1 == end && !endOfInput { return .needMore }
            guard p + 1 < end, all[p + 1] == 0x0A else { throw .loneCarriageReturn(line: line) }
            p += 2
            line += 1
            return .endOfRecord
        }
    }
}

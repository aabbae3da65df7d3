import PlingsDomain

/// Checks lines one after another: each must decode, carry the next seq,
/// chain to the line before it, not go back in time, and (optionally) match
/// its own hash. The file reader and the in-memory verifier share it.
public struct ChainChecker: Sendable {
    public let path: String
    public let verifyHashes: Bool
    /// The position after the last line that passed.
    public private(set) var cursor: LogCursor

    public init(path: String, cursor: LogCursor = LogCursor(), verifyHashes: Bool) {
        self.path = path
        self.cursor = cursor
        self.verifyHashes = verifyHashes
    }

    /// Checks one line (without its `\n`) that starts at byte `offset`.
    /// - Throws: `LogError` naming the line and offset.
    public mutating func check(_ line: UnsafeBufferPointer<UInt8>, at offset: Int64) throws(LogError) -> DecodedLine {
        let lineNumber = cursor.lines + 1
        let decoded: DecodedLine
        switch LineDecoder.decode(line) {
        case .success(let d): decoded = d
        case .failure(let problem): throw .damaged(path: path, line: lineNumber, offset: offset, problem: problem)
        }
        let seq = decoded.event.seq
        if seq != cursor.lastSeq + 1 {
            throw .seqOutOfOrder(path: path, line: lineNumber, offset: offset, expected: cursor.lastSeq + 1, found: seq)
        }
        if decoded.prev != cursor.lastHash {
            throw .chainBroken(path: path, line: lineNumber, offset: offset, seq: seq)
        }
        if verifyHashes {
            let body = UnsafeRawBufferPointer(start: line.baseAddress, count: line.count - LineFormat.hashSuffixLength)
            if SHA256.hash(body) != decoded.hash {
                throw .hashMismatch(path: path, line: lineNumber, offset: offset, seq: seq)
            }
        }
        if decoded.event.at < cursor.lastAt {
            throw .timeWentBack(path: path, line: lineNumber, offset: offset, seq: seq)
        }
        cursor.lines = lineNumber
        cursor.offset = offset + Int64(line.count) + 1
        cursor.lastSeq = seq
        cursor.lastAt = decoded.event.at
        cursor.lastHash = decoded.hash
        return decoded
    }

    /// Checks a whole log held in memory.
    /// - Returns: every decoded line, the cursor after the last complete line
    ///   and the torn tail, if the bytes do not end in `\n`.
    public static func checkAll(
        _ bytes: [UInt8], path: String = "<memory>", verifyHashes: Bool = true
    ) throws(LogError) -> (lines: [DecodedLine], cursor: LogCursor, torn: TornTail?) {
        var checker = ChainChecker(path: path, verifyHashes: verifyHashes)
        var lines: [DecodedLine] = []
        var start = 0
        let result: Result<Void, LogError> = bytes.withUnsafeBufferPointer { all in
            for (index, byte) in all.enumerated() where byte == 0x0A {
                do throws(LogError) {
                    lines.append(
                        try checker.check(UnsafeBufferPointer(rebasing: all[start..<index]), at: Int64(start)))
                } catch {
                    return .failure(error)
                }
                start = index + 1
            }
            return .success(())
        }
        if case .failure(let error) = result { throw error }
        let torn = start < bytes.count ? TornTail(offset: Int64(start), length: Int64(bytes.count - start)) : nil
        return (lines, checker.cursor, torn)
    }
}

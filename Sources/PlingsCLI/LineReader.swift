import PlingsKit
import PlingsPlatform

/// Reads `\n`-separated lines from a file descriptor with bounded memory: a
/// line longer than `limit` bytes ends the reading (so endless input without
/// newlines, like `/dev/zero`, stops after `limit` bytes, not at memory's end).
struct LineReader {
    /// How reading ended.
    enum End: Equatable {
        /// The input ended.
        case endOfInput
        /// The body asked to stop.
        case stopped
        /// This line (1-based) was longer than the limit.
        case tooLong(line: Int)
        /// `read` failed with this errno.
        case failed(Int32)
    }

    let fd: FileDescriptor
    let limit: Int
    var chunkSize = 1 << 20

    /// Calls `body` with each non-blank line's number and bytes (without `\n` or a final `\r`) until it returns false.
    /// A blank line (empty, or only spaces, tabs and carriage returns) is counted but not passed on.
    func forEachLine(_ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool) rethrows -> End {
        try forEachLine(afterRead: { true }, body)
    }

    /// Like `forEachLine(_:)`; `afterRead` is called once the lines of each `read` have been seen (before the next `read`,
    /// which may wait for input); reading stops when it returns false.
    func forEachLine(
        afterRead: () throws -> Bool, _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Bool
    ) rethrows -> End {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var lineNumber = 0
        var done = false
        while !done {
            let got: Int
            do throws(SystemErrno) {
                // One `read`, retried on EINTR.
                got = try chunk.withUnsafeMutableBytes { raw in
                    Result { () throws(SystemErrno) in try fd.read(into: raw) }
                }.get()
            } catch {
                return .failed(error.code)
            }
            if got == 0 {
                done = true
                if pending.isEmpty { break }
                pending.append(0x0A)
            } else {
                pending.append(contentsOf: chunk[0..<got])
            }
            var start = 0
            var stopped: End?
            try pending.withUnsafeBufferPointer { all in
                // Each newline found with `memchr` over what is left of the buffer.
                while let found = LineSplit.firstEnd(
                    in: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: all[start...])))
                {
                    let newline = start + found
                    lineNumber += 1
                    if newline - start > limit {
                        stopped = .tooLong(line: lineNumber)
                        return
                    }
                    var end = newline
                    if end > start && all[end - 1] == 0x0D { end -= 1 }
                    let line = UnsafeBufferPointer(rebasing: all[start..<end])
                    if !Self.isBlank(line), !(try body(lineNumber, line)) {
                        stopped = .stopped
                        return
                    }
                    start = newline + 1
                }
            }
            if let stopped { return stopped }
            if !done, !(try afterRead()) { return .stopped }
            pending.removeFirst(start)
            if pending.count > limit { return .tooLong(line: lineNumber + 1) }
        }
        return .endOfInput
    }

    /// Whether a line holds nothing but spaces, tabs and carriage returns (JSON's insignificant
    /// whitespace, without the newline), so it carries no command.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}

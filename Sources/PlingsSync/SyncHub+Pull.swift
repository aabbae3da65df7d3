import PlingsKit
import PlingsPlatform

extension SyncHub {
    /// A pull: the hub's complete lines after the device's head, as raw
    /// bytes, about `SyncProtocol.pullPageBytes` at a time. The device's head
    /// must be a line boundary of the hub's log with the same hash.
    func pull(_ header: SyncProtocol.Header) throws(SyncError) -> SyncMessage {
        guard let after = header.after else { throw .protocolViolation("a pull without 'after'") }
        try refresh()
        let end = store.cursor.offset
        let opened: LogFile?
        do { opened = try LogFile.open(path, create: false) } catch { throw .store(.log(error)) }
        guard let file = opened else { throw .store(.log(.io(path: path, operation: .opening, .noSuchFile))) }
        try checkBoundary(after, file: file, end: end)
        var body: [[UInt8]] = []
        var offset = after.offset
        let budget = SyncProtocol.pullPageBytes
        if offset < end {
            let length = Int(min(Int64(budget), end - offset))
            var chunk: [UInt8]
            do { chunk = try file.bytes(at: offset, length: length) } catch { throw .store(.log(error)) }
            var lines = Self.wholeBatches(chunk)
            if lines.isEmpty, let first = Self.lines(chunk).first, let batch = Self.batchLength(first) {
                // One batch larger than a page: send it whole, in one (larger) answer.
                guard batch <= SyncProtocol.maxCount - 1 else {
                    throw .protocolViolation("a batch of \(batch) lines is more than one sync answer carries")
                }
                do { chunk = try file.bytes(at: offset, length: Int(end - offset)) } catch { throw .store(.log(error)) }
                lines = Array(Self.lines(chunk).prefix(batch))
            }
            body = lines
            offset += Int64(lines.reduce(0) { $0 + $1.count + 1 })
        }
        return SyncMessage(
            SyncProtocol.Header(op: "lines", protocol: SyncProtocol.version, head: SyncProtocol.Head(store.cursor)),
            body: body)
    }

    /// Checks that a device's mirror, whose head is `mirror`, is a prefix of this log.
    /// - Throws: `SyncError.diverged` when it is not.
    func checkMirror(_ mirror: SyncProtocol.Head) throws(SyncError) {
        let opened: LogFile?
        do { opened = try LogFile.open(path, create: false) } catch { throw .store(.log(error)) }
        guard let file = opened else {
            throw .store(.log(.io(path: path, operation: .opening, errno: SystemErrno.noSuchFile.code)))
        }
        try checkBoundary(mirror, file: file, end: store.cursor.offset)
        if mirror.seq > store.cursor.lastSeq { throw .diverged("the mirror is longer than the hub's log") }
    }

    /// Checks that `after` names the end of a line of the hub's log whose hash it gives.
    private func checkBoundary(_ after: SyncProtocol.Head, file: LogFile, end: Int64) throws(SyncError) {
        if after.offset == 0 {
            guard after.seq == 0, after.hash == Digest.zero.hex else { throw .diverged("an empty mirror with a head") }
            return
        }
        guard after.offset <= end, after.offset >= Int64(LineFormat.hashSuffixLength) else {
            throw .diverged("the mirror is longer than the hub's log")
        }
        let tail: [UInt8]
        do {
            tail = try file.bytes(
                at: after.offset - Int64(LineFormat.hashSuffixLength) - 1, length: LineFormat.hashSuffixLength + 1)
        } catch {
            throw .store(.log(error))
        }
        let expected = Array(",\"hash\":\"\(after.hash)\"}\n".utf8)
        guard tail == expected else {
            throw .diverged("the hub has no line ending at byte \(after.offset) with hash \(after.hash.prefix(12))…")
        }
    }

    /// The whole lines of `chunk`.
    static func lines(_ chunk: [UInt8]) -> [[UInt8]] {
        guard let last = chunk.lastIndex(of: 0x0A) else { return [] }
        return chunk[0..<last].split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    /// The whole lines of `chunk` up to the end of its last whole batch (the hub's lines are
    /// checked already; a batch's first line carries `"batch":N`).
    static func wholeBatches(_ chunk: [UInt8]) -> [[UInt8]] {
        let all = lines(chunk)
        var end = 0
        var index = 0
        while index < all.count {
            let length = batchLength(all[index]) ?? 1
            guard index + length <= all.count else { break }
            index += length
            end = index
        }
        return Array(all[0..<end])
    }

    /// The length a line announces when it opens a batch, read by the one line
    /// reader (`LineCodec.scan`), never by a second parser of the format.
    static func batchLength(_ line: [UInt8]) -> Int? {
        line.withUnsafeBufferPointer { p in
            guard case .success(let fields) = LineCodec.scan(p), let batch = fields.batch else { return nil }
            return Int(batch)
        }
    }
}

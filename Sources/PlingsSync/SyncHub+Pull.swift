import PlingsKit
import PlingsPlatform

extension SyncHub {
    /// A pull: the hub's complete lines after the device's head, as raw
    /// bytes, about `SyncProtocol.pullPageBytes` at a time. The device's head
    /// must be a line boundary of the hub's log with the same hash.
    func pull(_ header: SyncProtocol.Header) throws(SyncError) -> SyncMessage {
        let (answer, lines) = try pullPage(header)
        return SyncMessage(answer, body: LineSplit.wholeLines(lines).map(Array.init))
    }

    /// `pull(_:)`'s answer as its bytes, in the protocol `version`: the header line, then the
    /// page's lines as the log holds them, copied once (not made into an array of lines and
    /// joined again: a device pulls every line a push wrote).
    func pullBytes(_ header: SyncProtocol.Header, protocol version: Int) throws(SyncError) -> [UInt8] {
        var (answer, lines) = try pullPage(header)
        answer.count = Self.lineCount(lines)
        answer.protocol = version
        var bytes = SyncProtocol.encodeLine(answer)
        bytes.append(contentsOf: lines)
        return bytes
    }

    /// The header of a pull's answer, and the whole lines it carries, each with its `\n`.
    private func pullPage(
        _ header: SyncProtocol.Header
    ) throws(SyncError) -> (SyncProtocol.Header, ArraySlice<UInt8>) {
        guard let after = header.after else { throw .protocolViolation(.missingMember(op: "pull", member: "after")) }
        try refresh()
        let end = store.cursor.offset
        let opened: LogFile?
        do { opened = try LogFile.open(path, create: false) } catch { throw .store(.log(error)) }
        guard let file = opened else { throw .store(.log(.io(path: path, operation: .opening, .noSuchFile))) }
        try checkBoundary(after, file: file, end: end)
        var lines: ArraySlice<UInt8> = []
        let offset = after.offset
        let budget = SyncProtocol.pullPageBytes
        if offset < end {
            let length = Int(min(Int64(budget), end - offset))
            var chunk: [UInt8]
            do { chunk = try file.bytes(at: offset, length: length) } catch { throw .store(.log(error)) }
            lines = chunk[..<LineBatches.wholeBatchesEnd(chunk)]
            if lines.isEmpty {
                // One batch larger than a page: sent whole, in one (larger) answer that a device
                // takes: read up to the end of that batch only, and no further than one message holds.
                let found: (bytes: [UInt8], end: Int)
                do {
                    found = try LogPage.firstBatch(
                        file, from: offset, size: end, read: chunk, limit: SyncProtocol.maxMessageBytes - 4096)
                } catch {
                    throw .store(.log(error))
                }
                guard found.end > 0 else { throw .messageTooLarge(limit: SyncProtocol.maxMessageBytes) }
                chunk = found.bytes
                lines = chunk[..<found.end]
                let count = Self.lineCount(lines)
                guard count <= SyncProtocol.maxCount - 1 else {
                    throw .protocolViolation(.batchTooLarge(lines: count))
                }
            }
        }
        let answer = SyncProtocol.Header(
            op: "lines", protocol: SyncProtocol.version, head: SyncProtocol.Head(store.cursor))
        return (answer, lines)
    }

    /// How many lines `bytes` holds (each ends in `\n`).
    private static func lineCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBytes { LineSplit.countLines(in: $0, upTo: .max).lines }
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
        if mirror.seq > store.cursor.lastSeq { throw .diverged(.mirrorLonger) }
    }

    /// Checks that `after` names the end of a line of the hub's log whose hash it gives.
    private func checkBoundary(_ after: SyncProtocol.Head, file: LogFile, end: Int64) throws(SyncError) {
        if after.offset == 0 {
            guard after.seq == 0, after.hash == Digest.zero.hex else { throw .diverged(.emptyMirrorWithHead) }
            return
        }
        guard after.offset <= end, after.offset >= Int64(LineFormat.hashSuffixLength) else {
            throw .diverged(.mirrorLonger)
        }
        guard let hash = Digest(hex: after.hash), LineFormat.endsLine(in: file, at: after.offset, hash: hash) else {
            throw .diverged(.noLineWithHash(offset: after.offset, hash: String(after.hash.prefix(12))))
        }
    }
}

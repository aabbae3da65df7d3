import PlingsKit

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
        guard let file = opened else { throw .store(.log(.io(path: path, operation: "opening", errno: 2))) }
        try checkBoundary(after, file: file, end: end)
        var body: [[UInt8]] = []
        var offset = after.offset
        let budget = SyncProtocol.pullPageBytes
        while offset < end && body.count < SyncProtocol.maxCount / 2 {
            let length = Int(min(Int64(budget), end - offset))
            let chunk: [UInt8]
            do { chunk = try file.bytes(at: offset, length: length) } catch { throw .store(.log(error)) }
            guard let last = chunk.lastIndex(of: 0x0A) else {
                throw .store(.log(.io(path: path, operation: "reading", errno: 5)))
            }
            for line in chunk[0..<last].split(separator: 0x0A, omittingEmptySubsequences: false) {
                body.append(Array(line))
            }
            offset += Int64(last + 1)
            if !body.isEmpty { break }
        }
        return SyncMessage(
            SyncProtocol.Header(op: "lines", protocol: SyncProtocol.version, head: SyncProtocol.Head(store.cursor)),
            body: body)
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
}

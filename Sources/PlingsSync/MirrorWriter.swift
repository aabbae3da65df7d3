import PlingsKit
import PlingsPlatform

/// Appends lines pulled from the hub to the mirror: every line is checked
/// (strict decoding, seq, chain, hash, time) against the mirror's head
/// before any byte is written, and the whole page goes in one durable write.
struct MirrorWriter {
    let device: Device

    func append(_ lines: [[UInt8]]) throws(SyncError) {
        let mirror = device.mirror
        var checker = ChainChecker(path: device.logPath + " (from the hub)", cursor: mirror.cursor)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 })
        // A batch cut by the end of the page stays for the next pull.
        for (index, line) in lines.enumerated() {
            let offset = mirror.cursor.offset + Int64(bytes.count)
            let admitted: LineFields?
            do {
                admitted = try line.withUnsafeBufferPointer { (p) throws(LogError) in
                    try checker.admit(p, at: offset) { (_, n) throws(LogError) in index + n <= lines.count }
                }
            } catch {
                throw .store(.log(error))
            }
            if admitted == nil { break }
            bytes.append(contentsOf: line)
            bytes.append(0x0A)
        }
        if bytes.isEmpty { throw .protocolViolation("a pulled page holds no whole batch") }
        do {
            guard let file = try LogFile.open(device.logPath, create: true) else {
                throw LogError.io(path: device.logPath, operation: .opening, .noSuchFile)
            }
            try file.withLock(exclusive: true) { () throws(LogError) in
                let size = try file.size()
                if size > mirror.cursor.offset, let torn = mirror.tornTail, torn.offset == mirror.cursor.offset {
                    try file.quarantine(torn, now: mirror.cursor.lastAt)
                } else if size < mirror.cursor.offset {
                    throw LogError.shrunk(path: device.logPath, size: size, read: mirror.cursor.offset)
                } else if size != mirror.cursor.offset {
                    // Another sync of this device wrote first: say how far the mirror now reaches.
                    let actual = try file.checkChain(from: mirror.cursor).lastSeq
                    throw LogError.conflict(expected: mirror.cursor.lastSeq, actual: actual)
                }
                try file.append(bytes)
            }
            try mirror.refresh()
        } catch let error as LogError {
            throw .store(.log(error))
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .transport("\(error)")
        }
    }
}

import PlingsKit
import PlingsPlatform

/// Appends lines pulled from the hub to the mirror: every line is checked
/// (strict decoding, seq, chain, hash, time) against the mirror's head
/// before any byte is written, in chunks on every core as `plings verify`
/// checks a log, and the whole page goes in one durable write. The lines
/// are not folded here (see `Device.mirror`): the verdicts for the device
/// among them are recorded as they are written (`verdicts`).
struct MirrorWriter {
    let device: Device
    /// The device seqs whose verdicts the lines written so far record.
    private(set) var verdicts: PulledVerdicts

    /// A writer for `device`'s mirror; `recordingVerdicts`: whether the verdicts for the device are read
    /// from the lines (only a sync that started with pending commands needs them: a clone does not).
    init(device: Device, recordingVerdicts: Bool = true) {
        self.device = device
        verdicts = PulledVerdicts(device: device.config.device, recording: recordingVerdicts)
    }

    /// Appends the lines of a pull answer (each without its `\n`).
    /// - Returns: how many lines were written.
    @discardableResult
    mutating func append(_ lines: [[UInt8]]) throws(SyncError) -> Int {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 })
        for line in lines {
            bytes.append(contentsOf: line)
            bytes.append(0x0A)
        }
        return try append(page: bytes)
    }

    /// Appends the whole batches at the start of `page`, raw lines of the hub's
    /// log that follow the mirror's head; a batch cut by the end of the page
    /// stays for the next pull.
    /// - Returns: how many lines were written.
    @discardableResult
    mutating func append(page: [UInt8]) throws(SyncError) -> Int {
        let head = device.head
        var checker = ChainChecker(path: device.logPath + " (from the hub)", cursor: head)
        // The standard library's `withUnsafeBytes` rethrows untyped errors: the typed one travels in a `Result`.
        let checked = page.withUnsafeBytes { p in Result { () throws(LogError) in try checker.checkPage(p) } }
        // Lines that do not check out are the hub's (or the web's between): said so, naming the hub.
        do { try checked.get() } catch {
            guard let (line, offset, problem) = PageProblem.of(error) else { throw .store(.log(error)) }
            throw .badPage(hub: device.config.hubName, line: line, offset: offset, problem: problem)
        }
        let end = Int(checker.cursor.offset - head.offset)
        if end == 0 {
            let hub = device.config.hubName
            throw .badPage(hub: hub, line: head.lines + 1, offset: head.offset, problem: .noWholeBatch)
        }
        // Under the device's lock, which local commands take: checked first, written in one go.
        try device.withLock { () throws(SyncError) in
            try write(end == page.count ? page : Array(page[..<end]), after: head)
        }
        device.head = checker.cursor
        device.tornTail = nil
        try verdicts.record(page, end: end)
        return checker.cursor.lines - head.lines
    }

    /// Appends `bytes` to the mirror, which must end at `head` (a torn tail there is quarantined first).
    private func write(_ bytes: [UInt8], after head: LogCursor) throws(SyncError) {
        do throws(LogError) {
            guard let file = try LogFile.open(device.logPath, create: true) else {
                throw LogError.io(path: device.logPath, operation: .opening, .noSuchFile)
            }
            try file.withLock(exclusive: true) { () throws(LogError) in
                let size = try file.size()
                if size > head.offset, let torn = device.tornTail, torn.offset == head.offset {
                    _ = try file.quarantine(torn, now: head.lastAt)
                } else if size < head.offset {
                    throw LogError.shrunk(path: device.logPath, size: size, read: head.offset)
                } else if size != head.offset {
                    // Another sync of this device wrote first: say how far the mirror now reaches.
                    let actual = try file.checkChain(from: head).lastSeq
                    throw LogError.conflict(expected: head.lastSeq, actual: actual)
                }
                try file.append(bytes, size: head.offset)
            }
        } catch {
            throw .store(.log(error))
        }
    }
}

/// The device seqs whose verdicts the lines a sync pulled record for one device: what the sync
/// needs to drop settled commands from the queue, read from the pulled lines themselves with the
/// line format's one reader (`LineCodec.members`), so the mirror's world is not folded during the
/// sync (it catches up when it is next read). Only lines already checked whole (hashes included)
/// and written to the mirror are recorded: a verdict counts only once the mirror holds it.
struct PulledVerdicts {
    /// The device's name as its lines carry it (a device name needs no escape in a line).
    let device: [UInt8]
    /// The device seqs recorded.
    private(set) var dseqs = Set<Int64>()
    /// Whether lines are read for verdicts at all: a sync with nothing pending has no command a
    /// verdict could settle (a command queued while it runs was not pushed by it).
    let recording: Bool

    /// No verdicts yet, for the device named `device`; none are read unless `recording`.
    init(device: String, recording: Bool = true) {
        self.device = Array(device.utf8)
        self.recording = recording
    }

    /// Whether the pulled lines record a verdict for `dseq`.
    func contains(_ dseq: Int64) -> Bool { dseqs.contains(dseq) }

    /// Records the verdicts for the device among the whole lines of `page` before `end` (each
    /// ending in `\n`), which were checked as the mirror checks every line.
    /// - Throws: `SyncError.protocolViolation` for a line the reader refuses (it cannot be one
    ///   that was checked: the two readers are one).
    mutating func record(_ page: [UInt8], end: Int) throws(SyncError) {
        guard recording else { return }
        var found: [Int64] = []
        let failed = page.withUnsafeBufferPointer { p -> Bool in
            guard let base = p.baseAddress else { return false }
            var start = 0
            var fields = LineFields()
            while start < end {
                guard let length = LineSplit.firstEnd(at: base + start, count: end - start) else { return true }
                let line = UnsafeBufferPointer(start: base + start, count: length)
                fields = LineFields()
                if LineCodec.members(line, into: &fields) != nil { return true }
                if let span = fields.device, let dseq = fields.dseq, !span.escaped,
                    span.range.count == device.count,
                    UnsafeBufferPointer(rebasing: line[span.range]).elementsEqual(device)
                {
                    found.append(dseq)
                }
                start += length + 1
            }
            return false
        }
        if failed { throw .protocolViolation(.pulledLineUnread) }
        dseqs.formUnion(found)
    }
}

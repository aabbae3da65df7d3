import PlingsKit

/// The device side of sync: push the pending queue, pull the hub's new lines
/// into the mirror, drop the commands whose verdicts arrived.
public struct SyncClient {
    /// The device that syncs.
    public let device: Device
    /// How its messages reach the hub.
    public let transport: SyncTransport

    /// A client that syncs `device` with the hub behind `transport`.
    public init(device: Device, transport: SyncTransport) {
        self.device = device
        self.transport = transport
    }

    /// Runs one sync. One sync of a device runs at a time; the device's lock,
    /// which local commands take, is held only while the queue is read, a page
    /// is written to the mirror and settled commands are dropped, never while
    /// the hub is waited on: a `create` on the device goes on while a sync waits.
    /// - Throws: `SyncError` on a transport or integrity failure; what was
    ///   appended to the mirror before it stays (it is a verified hub prefix),
    ///   and the pending queue keeps every command without a verdict.
    public func sync() throws(SyncError) -> SyncReport {
        try device.withSyncLock { () throws(SyncError) in
            // Only syncs write the mirror, and this one holds the sync lock: it is read without the device's lock.
            try device.refreshMirror()
            let entries = try device.withLock { () throws(SyncError) in
                device.pending = try PendingQueue.load(forLog: device.logPath, after: device.pending)
                return device.pending.entries
            }
            // A queue edited by hand is said to be so here, before the hub is asked anything.
            try device.pending.checkCommands()
            var report = SyncReport()
            let hello = try hello()
            var hubHead = hello.head
            var verdicts: [SyncProtocol.Verdict] = []
            if !entries.isEmpty {
                (verdicts, hubHead) = try push(entries, hubHead, compact: hello.speaks >= 4)
                report.pushed = entries.count
            }
            // Verdicts settle only commands pending when the sync started.
            var writer = MirrorWriter(device: device, recordingVerdicts: !entries.isEmpty)
            report.pulled = try pullAll(upTo: hubHead, into: &writer)
            for (entry, verdict) in zip(entries, verdicts) {
                if verdict.isAccepted {
                    report.accepted += 1
                } else {
                    report.refused.append(
                        SyncReport.Refused(
                            dseq: entry.dseq, command: entry.command, code: verdict.code ?? "",
                            reason: verdict.reason ?? ""))
                }
            }
            try dropSettled(answered: verdicts, pulled: writer.verdicts)
            report.head = SyncProtocol.Head(device.hubHead)
            report.bytesOnWire = transport.bytesOnWire
            return report
        }
    }

    /// Drops the pending commands whose verdicts the pulled mirror holds, oldest first, and only
    /// those: the hub's answer alone is not enough (a hub that answered "accepted" without appending
    /// would make them vanish). The mirror holds a verdict when the lines this sync pulled record it
    /// (`pulled`, read from the lines as they were written) or its world as folded before them does
    /// (the mirror is not folded again here).
    /// - Throws: `SyncError.unrecordedVerdict` when the hub answered a command that its log, pulled
    ///   to its head, does not hold; that command and the ones after it stay pending.
    private func dropSettled(answered verdicts: [SyncProtocol.Verdict], pulled: PulledVerdicts) throws(SyncError) {
        // Nothing was pushed: nothing to drop.
        guard !verdicts.isEmpty || !device.pending.entries.isEmpty else { return }
        // The queue is read again under the device's lock, as local commands may have added to it
        // while the hub was waited on.
        let folded = device.foldedVerdicts
        let name = device.config.device
        let through = try device.withLock { () throws(SyncError) -> Int64? in
            device.pending = try PendingQueue.load(forLog: device.logPath, after: device.pending)
            var through: Int64?
            for entry in device.pending.entries {
                guard pulled.contains(entry.dseq) || folded.verdict(device: name, deviceSeq: entry.dseq) != nil
                else { break }
                through = entry.dseq
            }
            if let through { try device.pending.drop(through: through) }
            return through
        }
        if let missing = verdicts.first(where: { $0.dseq > (through ?? 0) }) {
            throw .unrecordedVerdict(dseq: missing.dseq)
        }
    }

    func exchange(_ request: SyncMessage, expecting op: String) throws(SyncError) -> SyncMessage {
        try Self.exchange(transport, request, expecting: op)
    }

    static func exchange(
        _ transport: SyncTransport, _ request: SyncMessage, expecting op: String
    ) throws(SyncError) -> SyncMessage {
        var request = request
        // The lowest version that carries the message: a hub of version 1 still serves hello, pull and
        // pushes of create, rename and place, and refuses a push of a newer kind with "upgrade Plings".
        if request.header.protocol == nil { request.header.protocol = 1 }
        let answer = try transport.exchange(request)
        if let version = answer.header.protocol, version > SyncProtocol.version { throw .newerProtocol(version) }
        if answer.header.op == "error" {
            throw .hub(code: answer.header.code ?? "", message: answer.header.message ?? "")
        }
        guard answer.header.op == op else {
            throw .protocolViolation(.unexpectedAnswer(expected: op, got: answer.header.op))
        }
        return answer
    }

    /// Says hello with the mirror's head, so a hub that is not this mirror's (an unrelated log, a
    /// mistyped SOURCE) is found out before anything is pushed to it.
    func hello() throws(SyncError) -> (next: Int64, head: SyncProtocol.Head?, speaks: Int) {
        try Self.hello(transport, device: device.config.device, mirror: SyncProtocol.Head(device.hubHead))
    }

    /// Says hello; returns the device seq the hub expects next, the hub's head and the newest
    /// protocol it speaks.
    /// - Parameter mirror: the mirror's head, which the hub checks is the end of one of its lines
    ///   with the same hash (a hub of an earlier build ignores it; the head it answers is then
    ///   compared here).
    /// - Throws: `SyncError.diverged` when the mirror is not a prefix of the hub's log.
    static func hello(
        _ transport: SyncTransport, device: String, mirror: SyncProtocol.Head? = nil
    ) throws(SyncError) -> (next: Int64, head: SyncProtocol.Head?, speaks: Int) {
        let answer = try exchange(
            transport, SyncMessage(SyncProtocol.Header(op: "hello", device: device, after: mirror)),
            expecting: "hello")
        guard let next = answer.header.next, next >= 1 else {
            throw .protocolViolation(.missingMember(op: "hello", member: "next"))
        }
        guard next <= LineFormat.maxInteger else { throw .deviceSeqOutOfRange(next) }
        if let mirror, let head = answer.header.head {
            if mirror.offset > head.offset || mirror.seq > head.seq {
                throw .diverged(.mirrorLonger)
            }
            if mirror.offset == head.offset && (mirror.seq != head.seq || mirror.hash != head.hash) {
                throw .diverged(.headDiffers)
            }
        }
        return (next, answer.header.head, answer.header.speaks ?? 1)
    }

    /// Pushes the queue in messages of at most `SyncProtocol.pushChunk` commands, so any queue fits
    /// the protocol's limits and the hub writes batches a pull can carry.
    /// - Returns: the verdicts, and the hub's head after the last push (else `head`).
    private func push(
        _ entries: [SyncProtocol.Pushed], _ head: SyncProtocol.Head?, compact: Bool
    ) throws(SyncError) -> ([SyncProtocol.Verdict], SyncProtocol.Head?) {
        var verdicts: [SyncProtocol.Verdict] = []
        var head = head
        var start = 0
        while start < entries.count {
            let end = min(start + SyncProtocol.pushChunk, entries.count)
            let (some, after) = try pushChunk(Array(entries[start..<end]), compact: compact)
            verdicts += some
            head = after ?? head
            start = end
        }
        return (verdicts, head)
    }

    /// One push message: in the compact form (version 4, or 5 when it carries a
    /// lend) when the hub speaks it and every command can be written so, else one
    /// JSON object a command. A lend travels only in the compact form: a hub that
    /// does not speak 5 answers it with the protocol error ("upgrade Plings").
    private func pushChunk(
        _ entries: [SyncProtocol.Pushed], compact: Bool
    ) throws(SyncError) -> ([SyncProtocol.Verdict], SyncProtocol.Head?) {
        var lines: [[UInt8]] = []
        let needs = entries.map(\.command.protocolVersion).max() ?? 1
        var version = max(4, needs)
        if compact || needs >= 5 {
            lines.reserveCapacity(entries.count)
            // The commands queued together share their time on the device: read once.
            var time: (text: String, dat: Timestamp)?
            for entry in entries {
                if time?.text != entry.dat {
                    guard let dat = Timestamp(parsing: entry.dat), dat.isCanonical(entry.dat) else { break }
                    time = (entry.dat, dat)
                }
                guard let dat = time?.dat, let line = SyncLines.compact(entry, dat: dat) else { break }
                lines.append(line)
            }
        }
        if lines.count < entries.count {
            lines = entries.map(SyncLines.line)
            version = needs
        }
        let answer = try exchange(
            SyncMessage(SyncProtocol.Header(op: "push", protocol: version, device: device.config.device), body: lines),
            expecting: "verdicts")
        var verdicts: [SyncProtocol.Verdict]
        if version >= 4 {
            verdicts = try SyncLines.verdicts(compact: answer.body, limit: entries.count)
        } else {
            verdicts = []
            verdicts.reserveCapacity(answer.body.count)
            for line in answer.body { verdicts.append(try SyncLines.verdict(line[...])) }
        }
        guard verdicts.count == entries.count else {
            throw .protocolViolation(.verdictCount(verdicts: verdicts.count, commands: entries.count))
        }
        for (verdict, entry) in zip(verdicts, entries) {
            guard verdict.dseq == entry.dseq, verdict.isAccepted || verdict.verdict == "refused" else {
                throw .protocolViolation(.verdictOutOfOrder(dseq: verdict.dseq, due: entry.dseq))
            }
        }
        return (verdicts, answer.header.head)
    }

    /// Pulls until the mirror reaches the hub's head: raw pages of the hub's
    /// log up to `hubHead` (the head the hub last named) where the transport
    /// reads them, else `pull` messages until the hub says the mirror is there;
    /// `writer` writes them and records the device's verdicts among them.
    private func pullAll(upTo hubHead: SyncProtocol.Head?, into writer: inout MirrorWriter) throws(SyncError) -> Int {
        var pulled = 0
        if let hubHead {
            if device.hubHead.offset == hubHead.offset && device.hubHead.lastHash.hex == hubHead.hash { return 0 }
            if device.hubHead.offset < hubHead.offset, let first = try transport.logPage(from: device.hubHead.offset) {
                var page = first
                while true {
                    try checkFollows(page)
                    pulled += try writer.append(page: page.bytes)
                    if device.hubHead.offset >= hubHead.offset
                        || (page.reachesHead && device.hubHead.offset >= page.end)
                    {
                        return pulled
                    }
                    guard let next = try transport.logPage(from: device.hubHead.offset) else { return pulled }
                    page = next
                }
            }
        }
        while true {
            let after = SyncProtocol.Head(device.hubHead)
            let answer = try exchange(SyncMessage(SyncProtocol.Header(op: "pull", after: after)), expecting: "lines")
            if answer.body.isEmpty { return pulled }
            pulled += try writer.append(answer.body)
            if let head = answer.header.head, head.offset <= device.hubHead.offset { return pulled }
        }
    }

    /// Checks that a page's first line goes on from the mirror's head (its `prev`
    /// is the head's hash): a hub whose log is not the one this device mirrors.
    private func checkFollows(_ page: LogPage) throws(SyncError) {
        guard page.start == device.hubHead.offset, let prev = page.firstPrev, prev != device.hubHead.lastHash else {
            return
        }
        throw .diverged(
            .notFollowing(
                offset: page.start, seq: device.hubHead.lastSeq, hash: String(device.hubHead.lastHash.hex.prefix(12))))
    }
}

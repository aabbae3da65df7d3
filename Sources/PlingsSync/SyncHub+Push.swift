import PlingsKit

extension SyncHub {
    /// A push: decides each new command in order under the log's exclusive
    /// lock and answers one verdict per pushed command (recorded ones for retries).
    func push(_ request: SyncMessage, user: String?) throws(SyncError) -> SyncMessage {
        guard let device = request.header.device else {
            throw .protocolViolation(.missingMember(op: "push", member: "device"))
        }
        try Self.check(device)
        if let user, Actor.problem(with: user) != nil {
            throw .protocolViolation(.userNotActor(user))
        }
        // Version 4: each command as one array of its values, the verdicts as runs (5: lends too).
        let version = request.header.protocol ?? 1
        let compact = version >= 4
        var pushed: [Arrival] = []
        pushed.reserveCapacity(request.body.count)
        for line in request.body {
            if compact {
                let p = try SyncLines.compactParts(line[...], version: version)
                pushed.append(Arrival(dseq: p.dseq, command: p.command, dat: p.dat))
            } else {
                let p = try SyncLines.pushed(line[...])
                pushed.append(Arrival(dseq: p.dseq, command: p.command, dat: Timestamp(parsing: p.dat)))
            }
        }
        let verdicts = try decide(pushed, device: device, user: user)
        let body = compact ? SyncLines.compactVerdicts(verdicts) : verdicts.map(SyncLines.line)
        return SyncMessage(
            SyncProtocol.Header(op: "verdicts", protocol: SyncProtocol.version, head: SyncProtocol.Head(store.cursor)),
            body: body)
    }

    /// Checks that device seqs have no gap, appends every new command with
    /// its origin (accepted, or as a `refused` event), and answers each
    /// pushed command with the verdict the log records for it. Retries and
    /// a push racing another one for the same device are settled by the
    /// log's verdict projection, read under the exclusive lock.
    private func decide(
        _ pushed: [Arrival], device: String, user: String?
    ) throws(SyncError) -> [SyncProtocol.Verdict] {
        try refresh()
        try Self.checkOwner(device, user: user, store.state)
        var expected = store.state.devices.highest(device: device) + 1
        var items: [Store.Item] = []
        for p in pushed where !(1...LineFormat.maxInteger).contains(p.dseq) {
            // A line holds at most 18 digits: a larger device seq would be a line no reader takes.
            throw .deviceSeqOutOfRange(p.dseq)
        }
        // A command the hub has settled must be the one pushed again, before anything new is
        // written: a device that reuses a settled seq (a twin with its name, or one restored from a
        // backup) gets nothing appended in that name, so the name's other commands stay its own.
        for arrival in pushed where arrival.dseq < expected {
            _ = try settled(arrival, device: device)
        }
        for p in pushed where p.dseq >= expected {
            guard p.dseq == expected else {
                throw .protocolViolation(.seqGap(dseq: p.dseq, device: device, after: expected - 1))
            }
            items.append(try Self.item(p, device: device, actor: user))
            expected += 1
        }
        var start = 0
        while start < items.count {
            let end = min(start + SyncProtocol.pushChunk, items.count)
            // Under the log's lock: a device name claimed meanwhile by another user is not written to.
            var taken = false
            let admit = { (state: WorldState) -> Bool in
                taken = user != nil && state.devices.owner(of: device).map { $0 != user } ?? false
                return !taken
            }
            do {
                _ = try store.executeItems(Array(items[start..<end]), policy: .skip, recordEffects: false, admit: admit)
            } catch { throw .store(error) }
            if taken { throw .deviceTaken(device) }
            start = end
        }
        var verdicts: [SyncProtocol.Verdict] = []
        verdicts.reserveCapacity(pushed.count)
        for arrival in pushed { verdicts.append(try settled(arrival, device: device)) }
        return verdicts
    }

    /// The verdict the log records for a pushed command, when the command it was recorded for is
    /// this one.
    /// - Throws: `.diverged` when another command holds the device seq at the hub.
    private func settled(_ arrival: Arrival, device: String) throws(SyncError) -> SyncProtocol.Verdict {
        let p = arrival
        guard let recorded = store.state.devices.verdict(device: device, deviceSeq: p.dseq) else {
            throw .protocolViolation(.noRecordedVerdict(dseq: p.dseq, device: device))
        }
        let command = try? arrival.command.get()
        let object = command.map { Self.object(of: $0) } ?? ""
        // The command as the verdict's line records it: an accepted one's event, a refused one's refusal.
        let digest =
            recorded.isAccepted
            ? command.map { DeviceVerdicts.digest(of: $0) } ?? 0
            : DeviceVerdicts.digest(of: .refused(p.wire.refusal(code: "", reason: "")))
        guard let dat = arrival.dat, recorded.isSameCommand(deviceAt: dat, object: object, command: digest) else {
            // Another command with a device seq the hub has already settled: two devices share
            // the name, or this one was restored from a backup. Its verdict is not this command's.
            throw .diverged(.seqTaken(dseq: p.dseq, device: device))
        }
        return SyncProtocol.Verdict(p.dseq, recorded)
    }

    /// The object a command is about.
    static func object(of command: Command) -> String {
        switch command {
        case .create(let id, _), .rename(let id, _): return id.rawValue
        case .place(let p): return p.object.rawValue
        case .returnHome(let id), .seen(let id), .archive(let id, _, _), .restore(let id, _, _), .lend(let id, _, _, _):
            return id.rawValue
        case .undo(let basis): return basis.object.rawValue
        case .returnAll: return ""
        }
    }

    /// A pushed command as the hub reads it: its device seq, its members as they came, its time on
    /// the device and its command, each read once (`seen` is not needed to decide it).
    struct Arrival {
        let dseq: Int64
        /// The command's members as pushed (what a refusal records of it).
        let wire: WireCommand
        /// Nil when `dat` is not an RFC 3339 time.
        let dat: Timestamp?
        let command: Result<Command, SyncError>

        init(dseq: Int64, command wire: WireCommand, dat: Timestamp?) {
            self.dseq = dseq
            self.wire = wire
            self.dat = dat
            command = Result { () throws(SyncError) -> Command in try wire.command() }
        }
    }

    /// The store item for a pushed command: its origin, and how its refusal reads.
    static func item(_ arrival: Arrival, device: String, actor: String?) throws(SyncError) -> Store.Item {
        let p = arrival
        guard let dat = arrival.dat else {
            throw .protocolViolation(.badDeviceTime(dseq: p.dseq))
        }
        let command = try arrival.command.get()
        let wire = p.wire
        return Store.Item(
            command: command, actor: actor, commandID: nil,
            origin: Origin(device: device, deviceSeq: p.dseq, deviceAt: dat),
            refusal: { error in wire.refusal(code: error.code, reason: error.message(.en)) })
    }
}

extension SyncProtocol.Verdict {
    /// The answer for `dseq` from the verdict the log records.
    init(_ dseq: Int64, _ recorded: DeviceVerdicts.Verdict) {
        if recorded.isAccepted {
            self.init(dseq: dseq, verdict: "accepted", seq: recorded.seq)
        } else {
            self.init(dseq: dseq, verdict: "refused", seq: recorded.seq, code: recorded.code, reason: recorded.reason)
        }
    }
}

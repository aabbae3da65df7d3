import PlingsKit

extension SyncHub {
    /// A push: decides each new command in order under the log's exclusive
    /// lock and answers one verdict per pushed command (recorded ones for retries).
    func push(_ request: SyncMessage, user: String?) throws(SyncError) -> SyncMessage {
        guard let device = request.header.device else { throw .protocolViolation("a push without 'device'") }
        try Self.check(device)
        if let user, let problem = Actor.problem(with: user) {
            throw .protocolViolation("the signed-in user cannot be an actor: it \(problem)")
        }
        // Version 4: each command as one array of its values, the verdicts as runs (5: lends too).
        let version = request.header.protocol ?? 1
        let compact = version >= 4
        var pushed: [SyncProtocol.Pushed] = []
        pushed.reserveCapacity(request.body.count)
        for line in request.body {
            pushed.append(
                compact ? try SyncLines.compactPushed(line[...], version: version).0 : try SyncLines.pushed(line[...]))
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
        _ pushed: [SyncProtocol.Pushed], device: String, user: String?
    ) throws(SyncError) -> [SyncProtocol.Verdict] {
        try refresh()
        try Self.checkOwner(device, user: user, store.state)
        var expected = store.state.devices.highest(device: device) + 1
        var items: [Store.Item] = []
        for p in pushed where !(1...LineFormat.maxInteger).contains(p.dseq) {
            // A line holds at most 18 digits: a larger device seq would be a line no reader takes.
            throw .deviceSeqOutOfRange(p.dseq)
        }
        for p in pushed where p.dseq >= expected {
            guard p.dseq == expected else {
                throw .protocolViolation("device seq \(p.dseq) of '\(device)' leaves a gap after \(expected - 1)")
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
        for p in pushed {
            guard let recorded = store.state.devices.verdict(device: device, deviceSeq: p.dseq) else {
                throw .protocolViolation("device seq \(p.dseq) of '\(device)' has no recorded verdict")
            }
            let command = try? p.command.command()
            let object = command.map { Self.object(of: $0) } ?? ""
            // The command as the verdict's line records it: an accepted one's event, a refused one's refusal.
            let digest =
                recorded.isAccepted
                ? command.map { DeviceVerdicts.digest(of: $0) } ?? 0
                : DeviceVerdicts.digest(of: .refused(p.command.refusal(code: "", reason: "")))
            guard let dat = Timestamp(parsing: p.dat),
                recorded.isSameCommand(deviceAt: dat, object: object, command: digest)
            else {
                // Another command with a device seq the hub has already settled: two devices share
                // the name, or this one was restored from a backup. Its verdict is not this command's.
                throw .diverged(
                    "device seq \(p.dseq) of '\(device)' already holds another command at the hub: two devices "
                        + "share this name, or this device was restored from a backup; use another --device name")
            }
            verdicts.append(SyncProtocol.Verdict(p.dseq, recorded))
        }
        return verdicts
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

    /// The store item for a pushed command: its origin, and how its refusal reads.
    static func item(_ p: SyncProtocol.Pushed, device: String, actor: String?) throws(SyncError) -> Store.Item {
        guard let dat = Timestamp(parsing: p.dat) else {
            throw .protocolViolation("'dat' of device seq \(p.dseq) is not an RFC 3339 time")
        }
        let command = try p.command.command()
        let wire = p.command
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

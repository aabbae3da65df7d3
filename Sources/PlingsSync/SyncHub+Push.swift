import PlingsKit

extension SyncHub {
    /// A push: decides each new command in order under the exclusive lock and
    /// answers one verdict per pushed command (recorded ones for retries).
    func push(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
        guard let device = request.header.device else { throw .protocolViolation("a push without 'device'") }
        try Self.check(device)
        var pushed: [SyncProtocol.Pushed] = []
        pushed.reserveCapacity(request.body.count)
        for index in request.body.indices {
            pushed.append(try request.decodeBody(SyncProtocol.Pushed.self, index))
        }
        let verdicts = try SyncFiles.withLock(ledger.refusalsPath + ".lock") { () throws(SyncError) in
            try decide(pushed, device: device)
        }
        let body = verdicts.map { Array(SyncProtocol.encodeLine($0).dropLast()) }
        return SyncMessage(
            SyncProtocol.Header(op: "verdicts", protocol: SyncProtocol.version, head: SyncProtocol.Head(store.cursor)),
            body: body)
    }

    /// Splits the push into retries (answered from the record) and new
    /// commands (decided now), checks that device seqs have no gap, and
    /// records every new verdict.
    private func decide(_ pushed: [SyncProtocol.Pushed], device: String) throws(SyncError) -> [SyncProtocol.Verdict] {
        try refresh()
        try ledger.load()
        let highest = ledger.highest(device: device, in: store.state)
        var verdicts: [SyncProtocol.Verdict?] = Array(repeating: nil, count: pushed.count)
        var items: [Store.Item] = []
        var positions: [Int] = []
        var expected = highest + 1
        for (i, p) in pushed.enumerated() {
            if p.dseq <= highest {
                guard let recorded = ledger.verdict(device: device, dseq: p.dseq, in: store.state) else {
                    throw .protocolViolation("device seq \(p.dseq) of '\(device)' has no recorded verdict")
                }
                verdicts[i] = recorded
            } else if p.dseq == expected {
                let cid = HubLedger.commandID(device: device, dseq: p.dseq)
                items.append(Store.Item(command: try p.command.command(), actor: device, commandID: cid))
                positions.append(i)
                expected += 1
            } else {
                throw .protocolViolation("device seq \(p.dseq) of '\(device)' leaves a gap after \(expected - 1)")
            }
        }
        guard !items.isEmpty else { return verdicts.compactMap { $0 } }
        let head = store.cursor.lastSeq
        var failure: SyncError?
        let result: Store.BatchResult
        do {
            result = try store.executeItems(items, policy: .skip, recordEffects: false) { (result) throws(StoreError) in
                let refusals = result.rejected.map { rejected in
                    let p = pushed[positions[rejected.index]]
                    return HubLedger.Refusal(
                        device: device, dseq: p.dseq, dat: p.dat, seen: p.seen, head: head,
                        code: rejected.error.code, reason: rejected.error.message(.en), command: p.command)
                }
                do throws(SyncError) { try ledger.record(refusals) } catch { failure = error }
            }
        } catch {
            throw .store(error)
        }
        if let failure { throw failure }
        var accepted: [String: Int64] = [:]
        for event in result.outcome.events { if let cid = event.commandID { accepted[cid] = event.seq } }
        for (k, i) in positions.enumerated() {
            let p = pushed[i]
            if let seq = accepted[items[k].commandID ?? ""] {
                verdicts[i] = SyncProtocol.Verdict(dseq: p.dseq, verdict: "accepted", seq: seq)
            } else {
                verdicts[i] = ledger.verdict(device: device, dseq: p.dseq, in: store.state)
            }
        }
        return verdicts.compactMap { $0 }
    }
}

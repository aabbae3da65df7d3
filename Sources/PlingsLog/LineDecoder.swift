import PlingsDomain

/// A line read back from the log: the event and its chain links.
package struct DecodedLine: Sendable, Hashable {
    package var event: Event
    /// The `prev` member: the hash the line claims for the line before it.
    package var prev: Digest
    /// The `hash` member, checked against the line's bytes.
    package var hash: Digest
    /// The number of lines of the batch this line opens, when it opens one.
    package var batch: Int?
}

/// Reads one line: the strict scan (structure, UTF-8, own hash) and then the
/// event it holds. The same `LineCodec.scan` serves every reader.
package enum LineDecoder {
    /// Decodes one line, without its `\n`.
    package static func decode(_ line: UnsafeBufferPointer<UInt8>) -> Result<DecodedLine, LineProblem> {
        LineCodec.scan(line).map { LineCodec.interpret($0, line) }
    }
}

extension LineCodec {
    /// The event a scanned line holds, with its chain links.
    static func interpret(_ f: LineFields, _ p: UnsafeBufferPointer<UInt8>) -> DecodedLine {
        let object = ObjectID(unchecked: JSONText.string(p, f.object))
        let payload: EventPayload
        switch f.type {
        case .created: payload = .created(object, name: f.name.map { JSONText.string(p, $0) } ?? "")
        case .renamed: payload = .renamed(object, name: f.name.map { JSONText.string(p, $0) } ?? "")
        case .placed, .restored:
            let target = f.target.map { ObjectID(unchecked: JSONText.string(p, $0)) }
            let placement = Placement(
                object: object, relation: f.relation ?? .in, target: target, axes: f.axes ?? .both)
            payload = f.type == .placed ? .placed(placement) : .restored(placement)
        case .returned: payload = .returned(object)
        case .seen: payload = .seen(object)
        case .archived: payload = .archived(object, note: f.note.map { JSONText.string(p, $0) })
        case .refused:
            payload = .refused(refusal(f, p, object: object))
        case .lent:
            let borrower: Borrower =
                f.target.map { .thing(ObjectID(unchecked: JSONText.string(p, $0))) }
                ?? .name(f.name.map { JSONText.string(p, $0) } ?? "")
            payload = .lent(
                Loan(
                    object: object, borrower: borrower,
                    due: f.due.flatMap { CalendarDay(parsing: JSONText.string(p, $0)) },
                    note: f.note.map { JSONText.string(p, $0) }))
        }
        var origin: Origin?
        if let device = f.device, let dseq = f.dseq, let dat = f.dat {
            origin = Origin(device: JSONText.string(p, device), deviceSeq: dseq, deviceAt: dat)
        }
        let event = Event(
            seq: f.seq, at: f.at, actor: f.actor.map { JSONText.string(p, $0) },
            commandID: f.cid.map { JSONText.string(p, $0) }, origin: origin, undoes: f.undoes, clock: f.clock(in: p),
            payload: payload)
        return DecodedLine(event: event, prev: f.prev, hash: f.hash, batch: f.batch.map { Int($0) })
    }
}

extension LineCodec {
    /// The refusal a scanned `refused` line holds.
    static func refusal(_ f: LineFields, _ p: UnsafeBufferPointer<UInt8>, object: ObjectID) -> Refusal {
        func text(_ span: StringSpan?) -> String? { span.map { JSONText.string(p, $0) } }
        return Refusal(
            command: text(f.command) ?? "", object: object, name: text(f.name), relation: f.relation,
            target: f.targetIsWorld ? ObjectID.worldToken : text(f.target), axes: f.axes, code: text(f.code) ?? "",
            reason: text(f.reason) ?? "")
    }
}

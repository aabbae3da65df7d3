import PlingsKit
import PlingsSync
import PlingsText

/// The JSON of `plings sync --json` and `plings pending --json`, in the
/// one JSON vocabulary (docs/json.md).
extension SyncReport: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("pushed", pushed)
            $0.field("accepted", accepted)
            $0.field("refused", array: refused) { w, r in
                w.object {
                    $0.field("dseq", r.dseq)
                    $0.field("command", object: { r.command.write(fields: &$0) })
                    $0.field("code", r.code)
                    $0.field("reason", r.reason)
                }
            }
            $0.field("pulled", pulled)
            $0.field(
                "head",
                object: { h in
                    h.field("seq", head.seq)
                    h.field("hash", head.hash)
                })
        }
    }
}

extension SyncProtocol.Pushed: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("dseq", dseq)
            $0.field("dat", dat)
            $0.field("seen", seen)
            $0.field("command", object: { command.write(fields: &$0) })
        }
    }
}

extension WireCommand {
    /// The command's members, the absent ones left out.
    func write(fields w: inout JSONWriter) {
        w.field("kind", kind)
        w.field("object", object)
        if let name { w.field("name", name) }
        if let relation { w.field("relation", relation) }
        if let target { w.field("target", target) }
        if let axes { w.field("axes", strings: axes) }
        if let note { w.field("note", note) }
        if let contents { w.field("contents", contents) }
    }
}

/// Human text for sync.
enum SyncText {
    /// A queued command as a line of text; its members come from a file beside the log, so each
    /// goes through the one quoting function.
    static func command(_ c: WireCommand) -> String {
        let q = { (text: String?) in Printable.quote(text ?? "") }
        switch c.kind {
        case "place":
            let axes = c.axes ?? []
            let choice = axes.count == 2 ? "both" : axes.first ?? ""
            return "place \(q(c.object)) \(q(c.relation)) \(q(c.target)) --axes \(q(choice))"
        case "return", "seen":
            return "\(c.kind) \(q(c.object))"
        case "archive":
            let note = c.note.map { " --note '\(Printable.quote($0))'" } ?? ""
            return "archive \(q(c.object))\(note)" + (c.contents == true ? " --with-contents" : "")
        case "restore":
            return "restore \(q(c.object)) --to \(q(c.target)) --relation \(q(c.relation))"
        case "lend":
            let due = c.due.map { " --due \(q($0))" } ?? ""
            let note = c.note.map { " --note '\(Printable.quote($0))'" } ?? ""
            return "lend \(q(c.object)) --to '\(q(c.target))'\(due)\(note)"
        default:
            return "\(q(c.kind)) \(q(c.object)) '\(q(c.name))'"
        }
    }

    static func report(_ r: SyncReport, device: Device, _ text: Catalog) -> String {
        var out =
            text(
                .syncSummary,
                [
                    "pushed": String(r.pushed), "accepted": String(r.accepted), "refused": String(r.refused.count),
                    "pulled": String(r.pulled), "seq": String(r.head.seq),
                ]) + "\n"
        let reasons = self.reasons(r.refused, device: device, text)
        for refused in r.refused {
            let values = [
                "device": device.config.device, "dseq": String(refused.dseq), "command": command(refused.command),
                "reason": reasons[refused.dseq] ?? text(.refusedUnknownCode, ["code": Printable.quote(refused.code)]),
            ]
            out += text(.syncRefused, values) + "\n"
        }
        return out
    }

    /// Why the hub refused each command, in the user's language, by device seq: the error found
    /// again from the `refused` line the mirror now holds, decided against the state the hub
    /// decided it in (one replay of the mirror up to the last refusal; see `Refusal.error(against:)`).
    static func reasons(_ refused: [SyncReport.Refused], device: Device, _ text: Catalog) -> [Int64: String] {
        guard !refused.isEmpty, let verdicts = try? device.mirror.state.devices else { return [:] }
        var wanted: [Int64: Int64] = [:]
        for r in refused {
            if let seq = verdicts.verdict(device: device.config.device, deviceSeq: r.dseq)?.seq { wanted[seq] = r.dseq }
        }
        guard let last = wanted.keys.max() else { return [:] }
        var reasons: [Int64: String] = [:]
        _ = try? Timeline(path: device.logPath).events(until: .seq(last)) { event, _, state in
            guard let dseq = wanted[event.seq], let refusal = event.payload.refusal else { return }
            if let error = refusal.error(against: state) { reasons[dseq] = text.message(error) }
        }
        return reasons
    }
}

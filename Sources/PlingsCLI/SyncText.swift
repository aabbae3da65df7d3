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
    static func command(_ c: WireCommand) -> String {
        switch c.kind {
        case "place":
            let axes = c.axes ?? []
            let choice = axes.count == 2 ? "both" : axes.first ?? ""
            return "place \(c.object) \(c.relation ?? "") \(c.target ?? "") --axes \(choice)"
        case "return", "seen":
            return "\(c.kind) \(c.object)"
        case "archive":
            let note = c.note.map { " --note '\(Printable.quote($0))'" } ?? ""
            return "archive \(c.object)\(note)" + (c.contents == true ? " --with-contents" : "")
        case "restore":
            return "restore \(c.object) --to \(c.target ?? "") --relation \(c.relation ?? "")"
        default:
            return "\(c.kind) \(c.object) '\(Printable.quote(c.name ?? ""))'"
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
        for refused in r.refused {
            let values = [
                "device": device.config.device, "dseq": String(refused.dseq), "command": command(refused.command),
                "reason": reason(refused, device: device, text),
            ]
            out += text(.syncRefused, values) + "\n"
        }
        return out
    }

    /// The reason in the user's language: the hub records it in English; the
    /// device re-decides the command against its mirror to word it, and
    /// falls back to the hub's words when that gives another code.
    static func reason(_ r: SyncReport.Refused, device: Device, _ text: Catalog) -> String {
        guard text.language != .en, let command = try? r.command.command() else { return r.reason }
        do throws(DomainError) {
            _ = try Decider.decision(command, state: device.mirror.state)
        } catch {
            if error.code == r.code { return text.message(error) }
        }
        return r.reason
    }
}

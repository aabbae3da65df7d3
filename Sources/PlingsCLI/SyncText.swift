import PlingsKit
import PlingsSync
import PlingsText

/// The JSON `plings sync --json` writes.
struct SyncJSON: Encodable {
    struct Refused: Encodable {
        var command: WireCommand
        var reason: String
        var code: String
        var dseq: Int64
    }
    struct Head: Encodable {
        var seq: Int64
        var hash: String
    }
    var pushed: Int
    var accepted: Int
    var refused: [Refused]
    var pulled: Int
    var head: Head

    init(_ report: SyncReport) {
        pushed = report.pushed
        accepted = report.accepted
        refused = report.refused.map { Refused(command: $0.command, reason: $0.reason, code: $0.code, dseq: $0.dseq) }
        pulled = report.pulled
        head = Head(seq: report.head.seq, hash: report.head.hash)
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

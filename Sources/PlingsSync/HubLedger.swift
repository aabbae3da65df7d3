import Foundation
import PlingsKit

/// The hub's record of every pushed command's verdict, keyed by (device,
/// device seq): what makes a retried push exactly-once.
///
/// Until the log's v2 line format lands, an accepted command is recorded on
/// its event as `actor` = device and `cid` = `sync.<device>.<dseq>` (so the
/// log's command-id projection finds it), and a refusal as a line in
/// `<hub>.refusals`, appended under the same lock. With v2 both become
/// members of the log line (`device`, `dseq`, `dat`, and the `refused`
/// type); this type is the one place that changes then.
struct HubLedger {
    let hubPath: String
    var refusalsPath: String { hubPath + ".refusals" }

    /// One recorded refusal.
    struct Refusal: Codable {
        var device: String
        var dseq: Int64
        var dat: String
        var seen: Int64
        /// The hub's last seq when it refused.
        var head: Int64
        var code: String
        var reason: String
        var command: WireCommand
    }

    /// Refusals by device and dseq, read from the side file.
    private(set) var refusals: [String: [Int64: Refusal]] = [:]
    /// How many bytes of the side file `refusals` holds (it only grows).
    var loadedBytes = 0

    /// The command id that records an accepted command's origin.
    static func commandID(device: String, dseq: Int64) -> String { "sync.\(device).\(dseq)" }

    /// Reads what was added to the side file since the last load. Call holding the sync lock.
    mutating func load() throws(SyncError) {
        guard let bytes = try SyncFiles.read(refusalsPath) else {
            refusals = [:]
            loadedBytes = 0
            return
        }
        if bytes.count < loadedBytes {
            refusals = [:]
            loadedBytes = 0
        }
        let end = (bytes.lastIndex(of: 0x0A) ?? -1) + 1
        guard end > loadedBytes else { return }
        for line in bytes[loadedBytes..<end].split(separator: 0x0A) {
            let refusal = try SyncProtocol.decodeLine(Refusal.self, line)
            refusals[refusal.device, default: [:]][refusal.dseq] = refusal
        }
        loadedBytes = end
    }

    /// The highest dseq with a verdict for `device`, 0 when none.
    func highest(device: String, in state: WorldState) -> Int64 {
        var top = refusals[device]?.keys.max() ?? 0
        let prefix = "sync.\(device)."
        for key in state.commandIDs.keys where key.hasPrefix(prefix) {
            if let n = Int64(key.dropFirst(prefix.count)), n > top { top = n }
        }
        return top
    }

    /// The recorded verdict for (device, dseq), if any.
    func verdict(device: String, dseq: Int64, in state: WorldState) -> SyncProtocol.Verdict? {
        if let seq = state.commandIDs[Self.commandID(device: device, dseq: dseq)] {
            return SyncProtocol.Verdict(dseq: dseq, verdict: "accepted", seq: seq)
        }
        if let r = refusals[device]?[dseq] {
            return SyncProtocol.Verdict(dseq: dseq, verdict: "refused", code: r.code, reason: r.reason)
        }
        return nil
    }

    /// Appends refusals durably. Call holding the hub's exclusive lock.
    mutating func record(_ new: [Refusal]) throws(SyncError) {
        guard !new.isEmpty else { return }
        var bytes: [UInt8] = []
        for r in new { bytes += SyncProtocol.encodeLine(r) }
        let existing = try SyncFiles.read(refusalsPath) ?? []
        let end = (existing.lastIndex(of: 0x0A) ?? -1) + 1
        try SyncFiles.append(bytes, to: refusalsPath, keep: end < existing.count ? end : nil)
        try load()
    }
}

import PlingsDomain

extension Snapshot {
    /// The device-verdict projector: per device, its verdicts by device seq;
    /// then the devices' owners (format version 7); each verdict's command digest (format 9).
    static func writeDevices(_ devices: DeviceVerdicts, _ w: inout ByteWriter) {
        let names = devices.tables.keys.sorted()
        w.i64(Int64(names.count))
        for name in names {
            let verdicts = devices.tables[name] ?? DeviceVerdicts.Table()
            w.string(name)
            w.i64(Int64(verdicts.count))
            verdicts.forEach { dseq, verdict in
                w.i64(dseq)
                w.i64(verdict.seq)
                w.i64(verdict.deviceAt.milliseconds)
                w.string(verdict.object)
                w.u64(verdict.command)
                w.i64(verdict.code == nil ? 0 : 1)
                if let code = verdict.code {
                    w.string(code)
                    w.string(verdict.reason ?? "")
                }
            }
        }
        let owners = devices.owners.sorted { $0.key < $1.key }
        w.i64(Int64(owners.count))
        for (device, user) in owners {
            w.string(device)
            w.string(user)
        }
    }

    static func readDevices(_ r: inout ByteReader) -> DeviceVerdicts? {
        guard let deviceCount = r.i64(), deviceCount >= 0, deviceCount < 1 << 32 else { return nil }
        var tables: [String: DeviceVerdicts.Table] = [:]
        for _ in 0..<deviceCount {
            guard let name = r.string(), let count = r.i64(), count >= 0, count < 1 << 40 else { return nil }
            // Written in the order of the device seqs: a device's gapless seqs make one run again.
            var verdicts = DeviceVerdicts.Table()
            for _ in 0..<count {
                guard let dseq = r.i64(), let seq = r.i64(), let at = r.i64(), let object = r.string(),
                    let command = r.i64(), let refused = r.i64()
                else { return nil }
                var verdict = DeviceVerdicts.Verdict(
                    seq: seq, deviceAt: Timestamp(milliseconds: at), object: object,
                    command: UInt64(bitPattern: command))
                if refused != 0 {
                    guard let code = r.string(), let reason = r.string() else { return nil }
                    verdict.code = code
                    verdict.reason = reason
                }
                verdicts.add(dseq) { verdict }
            }
            tables[name] = verdicts
        }
        guard let ownerCount = r.i64(), ownerCount >= 0, ownerCount < 1 << 32 else { return nil }
        var owners: [String: String] = [:]
        for _ in 0..<ownerCount {
            guard let device = r.string(), let user = r.string() else { return nil }
            owners[device] = user
        }
        return DeviceVerdicts(tables: tables, owners: owners)
    }
}

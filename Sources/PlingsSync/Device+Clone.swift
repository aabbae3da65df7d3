import PlingsKit

extension Device {
    /// Makes the log at `logPath` (which must not exist yet) a device of the
    /// hub behind `transport`, and pulls the hub's log into it.
    /// - Parameters:
    ///   - config: the source and the device name to store beside the log.
    /// - Returns: the device and the first sync's report.
    public static func clone(
        logPath: String, config: DeviceConfig, transport: SyncTransport
    ) throws(SyncError) -> (Device, SyncReport) {
        try SyncHub.check(config.device)
        // Under the device's lock, so that of two clones into one path one makes the device and the
        // other finds the path taken (the first sync below takes the lock again itself).
        try SyncFiles.withLock(logPath + ".lock", log: logPath) { () throws(SyncError) in
            if SyncFiles.exists(logPath) || SyncFiles.exists(DeviceConfig.path(forLog: logPath)) {
                throw .alreadyADevice(logPath)
            }
            // Ask first, so a wrong source leaves nothing behind.
            let next = try SyncClient.hello(transport, device: config.device).next
            // The device's files first, the mirror last: a clone killed half-way leaves a device that
            // `plings sync` finishes, never a plain log that would take local writes.
            let header = SyncProtocol.encodeLine(PendingQueue.FileHeader(next: next, pending: 1))
            try SyncFiles.replace(PendingQueue.path(forLog: logPath), log: logPath, with: header)
            try config.save(forLog: logPath)
            do throws(LogError) {
                _ = try LogFile.open(logPath, create: true)
            } catch {
                throw .store(.log(error))
            }
        }
        let device = try Device(logPath: logPath)
        let report = try SyncClient(device: device, transport: transport).sync()
        return (device, report)
    }
}

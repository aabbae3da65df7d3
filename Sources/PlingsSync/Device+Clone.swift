import PlingsKit

extension Device {
    /// Makes the log at `logPath` (which must not exist yet) a device of the
    /// hub behind `transport`, and pulls the hub's log into it.
    /// - Parameters:
    ///   - config: the source and the device name to store beside the log.
    ///   - shallow: start from the newest snapshot the hub published (kept
    ///     beside the log as its base, `<log>.base`) and pull only the lines
    ///     after it, each checked from the snapshot's hash on.
    /// - Returns: the device and the first sync's report.
    /// - Throws: `SyncError.alreadyCloned` (the path is a device already), `.alreadyADevice` (a file is
    ///   there), `.noSnapshot` (shallow, none published), `.shallowNotCarried` (shallow over a
    ///   transport that carries messages only), and what a sync throws.
    public static func clone(
        logPath: String, config: DeviceConfig, transport: SyncTransport, shallow: Bool = false
    ) throws(SyncError) -> (Device, SyncReport) {
        try SyncHub.check(config.device)
        // Under the device's lock, so that of two clones into one path one makes the device and the
        // other finds the path taken (the first sync below takes the lock again itself).
        let decoded = try SyncFiles.withLock(logPath + ".lock", log: logPath) { () throws(SyncError) -> LogBase? in
            // A device's settings first: a clone stopped after it wrote them made a device that sync finishes.
            if SyncFiles.exists(DeviceConfig.path(forLog: logPath)) { throw .alreadyCloned(logPath) }
            if SyncFiles.exists(logPath) { throw .alreadyADevice(logPath) }
            // Ask first, so a wrong source leaves nothing behind (a snapshot from the web is written
            // beside the log as it arrives, and removed on every way out but into the base): a shallow
            // clone says hello with the base's line as its head, which the hub checks is one of its own.
            let download = shallow && transport is HTTPTransport ? try SnapshotDownload(logPath: logPath) : nil
            defer { download?.discard() }
            let base = shallow ? try baseSnapshot(transport, download: download) : nil
            let next = try SyncClient.hello(
                transport, device: config.device, mirror: base.map { SyncProtocol.Head($0.base.hubCursor) }
            ).next
            // The base before the settings: a clone killed before them leaves no device, and the next
            // clone into the path replaces the base.
            if let download {
                try download.keep(as: LogBase.path(forLog: logPath))
            } else if let base {
                try SyncFiles.replace(LogBase.path(forLog: logPath), log: logPath, with: base.bytes)
            } else {
                // Left by a shallow clone killed before it made the device: no device's truth.
                for path in [LogBase.path(forLog: logPath), SnapshotDownload.path(forLog: logPath)]
                where SyncFiles.exists(path) {
                    try SyncFiles.remove(path, log: logPath)
                }
            }
            // The device's files first, the mirror last: a clone killed half-way leaves a device that
            // `plings sync` finishes, never a plain log that would take local writes.
            let header = SyncProtocol.encodeLine(PendingQueue.FileHeader(next: next, pending: 1))
            try SyncFiles.replace(PendingQueue.path(forLog: logPath), log: logPath, with: header)
            try config.save(forLog: logPath)
            do throws(LogError) {
                _ = try LogFile.open(logPath, create: true)
                DeviceMark.mark(logPath: logPath)
            } catch {
                throw .store(.log(error))
            }
            return base?.base
        }
        // The base decoded once: the device starts from the world the clone checked (the bytes it kept).
        let device = try Device(logPath: logPath, decodedBase: decoded)
        let report = try SyncClient(device: device, transport: transport).sync()
        return (device, report)
    }

    /// The snapshot a shallow clone starts from, read whole and checked before it is kept (over
    /// the web streamed into `download` first, `SyncProtocol.maxSnapshotBytes` at most): its bytes
    /// and the base they hold, decoded once.
    private static func baseSnapshot(_ transport: SyncTransport, download: SnapshotDownload?) throws(SyncError) -> (
        bytes: [UInt8], base: LogBase
    ) {
        let fetched: [UInt8]?
        if let download, let web = transport as? HTTPTransport {
            try web.hub.download(snapshotInto: download)
            fetched = try download.finish()
        } else {
            fetched = try transport.publishedSnapshot()
        }
        guard let bytes = fetched else { throw .shallowNotCarried }
        // A packed snapshot's blocks are checked as it is unpacked; an unpacked one's here.
        guard let base = LogBase.decode(bytes), base.hubCursor.lastSeq > 0,
            PackedSnapshot.isPacked(bytes) || PublishedSnapshot.intactCursor(bytes) == base.hubCursor
        else { throw .snapshotDamaged }
        return (bytes, base)
    }
}

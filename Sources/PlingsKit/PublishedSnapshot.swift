import PlingsPlatform

/// The snapshot a hub publishes for shallow clones: `<log>.plings-snapshot`
/// beside the log, written by `plings rebuild` (a device's mirror publishes
/// nothing). It is the head snapshot in the snapshot format without its id
/// table, packed (`PackedSnapshot`: about 35 % smaller to send); its sealed
/// header names the line it was taken at (seq, time, offset and hash): the
/// lines after it chain from that hash, so a device that starts from it checks
/// every line it pulls as a full mirror does. A snapshot published unpacked
/// (before the packed form) is still served and read.
///
/// Before it is served it is checked whole (the header's checksum, the block
/// table's, every body block's) and against the hub's log (the log still has,
/// ending at the snapshot's offset, the line with its hash). A damaged or stale
/// file is never served; the next `rebuild` replaces it.
package enum PublishedSnapshot {
    /// The published snapshot's path for the log at `logPath`.
    package static func path(forLog logPath: String) -> String { logPath + ".plings-snapshot" }

    /// Why no published snapshot can be served.
    package enum Problem: Error, Sendable, Equatable {
        /// There is none (no `rebuild` since the log was made, or the log is empty).
        case none
        /// Its bytes do not check out (cut short, changed, another format).
        case damaged
        /// The log no longer has the line it was taken at.
        case stale
    }

    /// A published snapshot that checked out: its bytes as stored and the point of the log it holds.
    package struct Checked: Sendable {
        package var bytes: [UInt8]
        package var cursor: LogCursor
        /// A strong validator of these bytes: the seq and the hash of the line they were taken at, and
        /// whether they are packed (the same line's snapshot published unpacked has other bytes).
        package var etag: String { Self.etag(cursor, packed: PackedSnapshot.isPacked(bytes)) }

        package static func etag(_ cursor: LogCursor, packed: Bool = true) -> String {
            "\"snapshot-\(cursor.lastSeq)-\(String(cursor.lastHash.hex.prefix(32)))\(packed ? "-p1" : "")\""
        }
    }

    /// Writes the snapshot whose encoded parts are given, packed, as the log's published one (atomically, durably).
    package static func write(header: [UInt8], body: [UInt8], forLog logPath: String) throws(LogError) {
        try SideFile(path(forLog: logPath), log: logPath).replace(
            with: PackedSnapshot.pack(header: header, body: body) ?? header + body)
    }

    /// The snapshot a published file's bytes hold (packed or not), read whole and checked:
    /// every checksum, and that it holds the world at the line it names. Nil otherwise.
    /// Read in any of `Snapshot.publishedVersions`: a hub that published before an upgrade, and a
    /// shallow device's base, stay readable across the format change that needs nothing new of them.
    package static func snapshot(_ bytes: [UInt8]) -> Snapshot? {
        let versions = Snapshot.publishedVersions
        guard PackedSnapshot.isPacked(bytes) else {
            return bytes.withUnsafeBytes { Snapshot.decode(.memory($0), versions: versions) }
        }
        guard let cursor = intactCursor(bytes), let plain = PackedSnapshot.unpack(bytes),
            let snapshot = plain.withUnsafeBytes({ Snapshot.decode(.memory($0), versions: versions) }),
            snapshot.cursor == cursor
        else { return nil }
        return snapshot
    }

    /// The snapshot format a published file's bytes (packed or not) say they are in, whatever the
    /// format, when they can be trusted to say it: a packed file's header and every packed block
    /// check out (the snapshot's header is stored in them as it is), or an unpacked file begins with
    /// the snapshot's magic and either its header checksum checks out where this build's layout puts
    /// it or it names an older format (whose layout may differ). Nil otherwise. Tells a file of a
    /// format this build does not read from a damaged one.
    package static func formatVersion(_ bytes: [UInt8]) -> UInt32? {
        bytes.withUnsafeBytes { raw -> UInt32? in
            var inner = raw
            let packed = PackedSnapshot.isPacked(bytes)
            if packed {
                guard let header = PackedSnapshot.Header.read(.memory(raw)), header.blocksCheck(raw) else { return nil }
                inner = UnsafeRawBufferPointer(rebasing: raw[header.bodyStart...])
            }
            guard inner.count >= 12, inner.starts(with: Snapshot.magic) else { return nil }
            let version = UInt32(littleEndian: inner.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            let end = SnapshotHeader.checksumOffset
            let sealed =
                inner.count >= end + 8
                && Checksum64.of(UnsafeRawBufferPointer(rebasing: inner[0..<end]))
                    == UInt64(littleEndian: inner.loadUnaligned(fromByteOffset: end, as: UInt64.self))
            return packed || sealed || (1..<Snapshot.formatVersion).contains(version) ? version : nil
        }
    }

    /// Reads and checks the log's published snapshot (see the type's note).
    package static func load(forLog logPath: String) -> Result<Checked, Problem> {
        let bytes: [UInt8]
        do throws(LogError) {
            guard let read = try SideFile(path(forLog: logPath), log: logPath).read() else { return .failure(.none) }
            bytes = read
        } catch {
            return .failure(.damaged)
        }
        guard let cursor = intactCursor(bytes), cursor.lastSeq > 0 else { return .failure(.damaged) }
        guard let file = try? LogFile.open(logPath, create: false), (try? file.lock(exclusive: false)) != nil else {
            return .failure(.stale)
        }
        defer { file.unlock() }
        guard LineFormat.endsLine(in: file, at: cursor.offset, hash: cursor.lastHash) else { return .failure(.stale) }
        return .success(Checked(bytes: bytes, cursor: cursor))
    }

    /// How many of a published file's first bytes `sizeBound` needs to judge it (its sealed header).
    package static let sealBytes = max(PackedSnapshot.checksumOffset, SnapshotHeader.checksumOffset) + 8

    /// The most bytes a published file (packed or not) can have by its sealed header alone: the
    /// header, its block table and as many 64 KiB blocks as the header names. Nil when `prefix`
    /// (the file's first `sealBytes` bytes, or the whole file when it is shorter) does not begin
    /// with the sealed header of a snapshot: a wrong magic, a header cut short, a wrong checksum.
    /// A reader of a stream uses it to stop taking bytes the file cannot have.
    package static func sizeBound(prefix: [UInt8]) -> Int? {
        let packed = PackedSnapshot.isPacked(prefix)
        guard packed || prefix.starts(with: Snapshot.magic) else { return nil }
        let checksumOffset = packed ? PackedSnapshot.checksumOffset : SnapshotHeader.checksumOffset
        guard prefix.count >= checksumOffset + 8,
            Checksum64.of(Array(prefix[0..<checksumOffset])) == SnapshotReader.word(prefix, checksumOffset)
        else { return nil }
        // Both headers end in the block count, the block table's checksum and their own checksum.
        let blocks = SnapshotReader.word(prefix, checksumOffset - 16)
        guard blocks <= UInt64(Int.max / (8 + SnapshotHeader.blockSize)) - 1 else { return nil }
        return checksumOffset + 8 + Int(blocks) * (8 + SnapshotHeader.blockSize)
    }

    /// The cursor a snapshot's bytes (packed or not) were taken at, when every
    /// byte checks out: the sealed header, the block table, and each body block
    /// against its checksum (without reading the world they hold). Nil otherwise.
    package static func intactCursor(_ bytes: [UInt8]) -> LogCursor? {
        bytes.withUnsafeBytes { raw -> LogCursor? in
            if PackedSnapshot.isPacked(bytes) { return PackedSnapshot.intactCursor(raw) }
            let source = SnapshotSource.memory(raw)
            guard let header = SnapshotHeader.read(source, versions: Snapshot.publishedVersions),
                header.stateSeq == header.cursor.lastSeq,
                let stored = header.blockChecksums(source)
            else { return nil }
            let body = UnsafeRawBufferPointer(rebasing: raw[header.bodyStart...])
            return SnapshotHeader.blockChecksums(of: body) == stored ? header.cursor : nil
        }
    }
}

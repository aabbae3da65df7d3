import PlingsDomain
import PlingsPlatform

/// What `plings repair` does to the file (docs/adr/0012): a damaged suffix is
/// copied whole to a file beside the log and made durable there before the
/// log is cut back to the line boundary where it starts. Call holding the
/// exclusive lock.
extension LogFile {
    /// How many bytes one step of a copy or comparison reads.
    private static let setAsideChunk = 1 << 20

    /// The SHA-256 of the bytes from `offset` to the end of the file, and how many there are.
    package func digestOfSuffix(from offset: Int64) throws(LogError) -> (digest: Digest, bytes: Int64) {
        var hasher = SHA256()
        var position = offset
        while true {
            let piece = try bytes(at: position, length: Self.setAsideChunk)
            if piece.isEmpty { break }
            hasher.update(piece)
            position += Int64(piece.count)
        }
        return (hasher.finalize(), position - offset)
    }

    /// Copies the bytes from `offset` to the end of the file to `asidePath`
    /// (a new file beside the log, with the log's permissions), durably: a
    /// temporary file is written and synced, renamed to `asidePath`, and the
    /// folder synced. When `asidePath` already holds exactly those bytes (a
    /// repair killed after the copy and before the cut), it is kept as it is.
    /// - Returns: what was done (`.taken` when the name holds other bytes: nothing was written).
    /// - Throws: `LogError.notRegular` when the name holds something that is not a regular
    ///   file, `LogError.io` when a step fails.
    package func copySuffix(
        from offset: Int64, to asidePath: String, expecting digest: Digest
    ) throws(LogError) -> SetAsideCopy {
        let aside = SideFile(asidePath, log: path)
        let temp = asidePath + ".partial"
        // What a killed repair left holds nothing the log does not still hold.
        try? Platform.remove(temp)
        if let fd = try aside.open(.readOnly) {
            defer { fd.close() }
            var hasher = SHA256()
            var position: Int64 = 0
            while true {
                let piece = try LogError.io(asidePath, .reading) { () throws(SystemErrno) in
                    try fd.pread(count: Self.setAsideChunk, at: position)
                }
                if piece.isEmpty { break }
                hasher.update(piece)
                position += Int64(piece.count)
            }
            guard hasher.finalize() == digest else { return .taken }
            try LogError.io(asidePath, .syncing) { () throws(SystemErrno) in try fd.sync() }
            try SideFile.syncDirectory(containing: asidePath)
            return .reused
        }
        // Messages name the copy the user is told of, never its temporary name.
        let out = try LogError.io(asidePath, .creating) { () throws(SystemErrno) in
            try Platform.open(
                temp, .writeOnly, [.create, .exclusive, .noFollow], permissions: SideFile.permissions(forLog: path))
        }
        do throws(LogError) {
            try out.closeAfter { () throws(LogError) in
                var position = offset
                while true {
                    let piece = try bytes(at: position, length: Self.setAsideChunk)
                    if piece.isEmpty { break }
                    try LogError.io(asidePath, .writing) { () throws(SystemErrno) in try out.writeAll(piece) }
                    position += Int64(piece.count)
                }
                try LogError.io(asidePath, .syncing) { () throws(SystemErrno) in try out.sync() }
            }
            try LogError.io(asidePath, .renamingOnto) { () throws(SystemErrno) in
                try Platform.rename(temp, to: asidePath)
            }
        } catch {
            try? Platform.remove(temp)
            throw error
        }
        try SideFile.syncDirectory(containing: asidePath)
        return .written
    }

    /// Cuts the log back to `offset` (a line boundary) and syncs it: only after
    /// `copySuffix` has made the bytes past it durable elsewhere.
    /// - Throws: `LogError.io` (`.writing` when the cut fails, `.syncing` after it).
    package func cutSetAsideSuffix(at offset: Int64) throws(LogError) {
        guard writable else { throw .readOnly(path: path) }
        let fd = FileDescriptor(rawValue: self.fd)
        try LogError.io(path, .writing) { () throws(SystemErrno) in try fd.truncate(to: offset) }
        try LogError.io(path, .syncing) { () throws(SystemErrno) in try fd.sync() }
    }
}

/// What `LogFile.copySuffix` did.
package enum SetAsideCopy: Sendable, Hashable {
    /// The bytes were copied to the new file.
    case written
    /// The file was there already with exactly those bytes (a repair run again).
    case reused
    /// The name holds other bytes: nothing was written.
    case taken
}

extension LineDecoder {
    /// Reads a line by every rule of the strict reader except its own hash:
    /// for `plings repair`, which turns the events of a set-aside suffix (a
    /// line edited by hand among them) into commands to decide again. No
    /// reader of a log uses it.
    package static func decodeIgnoringOwnHash(_ line: UnsafeBufferPointer<UInt8>) -> DecodedLine? {
        var fields = LineFields()
        guard LineCodec.members(line, into: &fields) == nil else { return nil }
        return LineCodec.interpret(fields, line)
    }
}

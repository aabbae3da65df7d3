/// An open file descriptor, like swift-system's `FileDescriptor`: a plain
/// value, closed explicitly (`close()` or `closeAfter`). Every method that
/// calls the C library lives in Platform.swift; this file holds the type and
/// the loops built from those calls.
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    /// The raw descriptor number.
    package let rawValue: Int32

    /// Wraps a raw descriptor number (the caller keeps owning it).
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Descriptor 0.
    package static let standardInput = FileDescriptor(rawValue: 0)
    /// Descriptor 1.
    package static let standardOutput = FileDescriptor(rawValue: 1)
    /// Descriptor 2.
    package static let standardError = FileDescriptor(rawValue: 2)

    /// How a file is opened: for reading, writing or both.
    package enum AccessMode: Sendable {
        case readOnly, writeOnly, readWrite
    }

    /// Flags for `Platform.open`. Every descriptor is opened close-on-exec.
    package struct OpenOptions: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `O_APPEND`: every write goes to the end of the file.
        package static let append = OpenOptions(rawValue: 1 << 0)
        /// `O_CREAT`: create the file when it is missing.
        package static let create = OpenOptions(rawValue: 1 << 1)
        /// `O_EXCL`: with `create`, fail with `EEXIST` when the file exists.
        package static let exclusive = OpenOptions(rawValue: 1 << 2)
        /// `O_TRUNC`: cut the file to zero bytes.
        package static let truncate = OpenOptions(rawValue: 1 << 3)
        /// `O_NOFOLLOW`: fail with `ELOOP` when the last component is a symbolic link.
        package static let noFollow = OpenOptions(rawValue: 1 << 4)
        /// `O_DIRECTORY`: fail unless the path names a directory.
        package static let directory = OpenOptions(rawValue: 1 << 5)
        /// `O_NONBLOCK`: do not wait when opening a FIFO or a device (which then is refused by its type).
        package static let nonBlocking = OpenOptions(rawValue: 1 << 6)
    }

    /// An advisory whole-file lock (`flock`).
    package enum LockKind: Sendable {
        case shared, exclusive
    }

    /// Runs `body`, then closes the descriptor whatever happened.
    package func closeAfter<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        defer { close() }
        return try body()
    }

    /// Writes every byte, looping on short writes and `EINTR`.
    /// - Throws: `SystemErrno` from the first failing `write`; some bytes may have been written.
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemErrno) {
        var done = 0
        while done < bytes.count {
            done += try write(UnsafeRawBufferPointer(rebasing: bytes[done...]))
        }
    }

    // The standard library's `withUnsafeBytes` rethrows untyped errors, so the
    // typed error travels out in a `Result`.

    /// Writes every byte of `bytes`, looping on short writes and `EINTR`.
    package func writeAll(_ bytes: [UInt8]) throws(SystemErrno) {
        try bytes.withUnsafeBytes { raw in Result { () throws(SystemErrno) in try writeAll(raw) } }.get()
    }

    /// Reads at `offset` until `buffer` is full or the file ends.
    /// - Returns: how many bytes were read (fewer than `buffer.count` only at the end of the file).
    package func preadAll(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemErrno) -> Int {
        var done = 0
        while done < buffer.count {
            let got = try pread(
                into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: offset + Int64(done))
            if got == 0 { break }
            done += got
        }
        return done
    }

    /// Reads up to `count` bytes at `offset`; fewer only at the end of the file.
    package func pread(count: Int, at offset: Int64) throws(SystemErrno) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        let got = try out.withUnsafeMutableBytes { raw in
            Result { () throws(SystemErrno) in try preadAll(into: raw, at: offset) }
        }.get()
        out.removeLast(count - got)
        return out
    }

    /// Reads from the current position to the end of the file.
    package func readToEnd() throws(SystemErrno) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = try chunk.withUnsafeMutableBytes { raw in Result { () throws(SystemErrno) in try read(into: raw) }
            }.get()
            if got == 0 { return out }
            out.append(contentsOf: chunk[0..<got])
        }
    }
}

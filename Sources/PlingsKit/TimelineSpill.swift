import PlingsLog
import PlingsPlatform

/// Byte streams that grow at their end, kept in a scratch file: each stream
/// gathers in a buffer of its own, written out as a segment of the file when
/// full, so a rebuild holds a buffer per stream rather than the streams. The
/// object timeline's builder keeps its texts, its times and its records (a
/// stream per range of objects) in one; the file has no name (see
/// `CacheFolder.scratchFile`), so it goes with the process.
///
/// A write that fails is kept in `failure`; nothing more is written, and
/// reading the streams back throws it.
final class TimelineSpill {
    let bufferBytes: Int
    private let fd: FileDescriptor
    /// The file's name when it was made, for messages.
    let path: String
    // Only the rebuild's replay thread touches a spill, so the run-time exclusivity checks are left out.
    @exclusivity(unchecked) private var buffers: [UnsafeMutablePointer<UInt8>] = []
    @exclusivity(unchecked) private var filled: [Int] = []
    /// Each stream's segments in the file, in order.
    @exclusivity(unchecked) private var segments: [[(offset: Int64, count: Int)]] = []
    /// Each stream's length in bytes.
    @exclusivity(unchecked) private(set) var counts: [Int] = []
    @exclusivity(unchecked) private var end: Int64 = 0
    @exclusivity(unchecked) private(set) var failure: LogError?

    /// Streams kept in `fd` (open for reading and writing, empty), named `path` in messages.
    init(fd: FileDescriptor, path: String, bufferBytes: Int = 1 << 16) {
        self.fd = fd
        self.path = path
        self.bufferBytes = max(bufferBytes, 64)
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
        fd.close()
    }

    /// Stream `s`'s length in bytes (0 for a stream never written).
    func count(_ s: Int) -> Int { s < counts.count ? counts[s] : 0 }

    private func reserve(_ s: Int) {
        while buffers.count <= s {
            buffers.append(.allocate(capacity: bufferBytes))
            filled.append(0)
            segments.append([])
            counts.append(0)
        }
    }

    /// Where the next `n` bytes of stream `s` go (`n` at most `bufferBytes`):
    /// write them there, then `advance`.
    @inline(__always)
    func room(_ s: Int, _ n: Int) -> UnsafeMutablePointer<UInt8> {
        if s >= buffers.count { reserve(s) }
        if filled[s] + n > bufferBytes { flush(s) }
        return buffers[s] + filled[s]
    }

    /// Takes the `n` bytes written at `room` into stream `s`.
    @inline(__always)
    func advance(_ s: Int, by n: Int) {
        filled[s] += n
        counts[s] += n
    }

    /// Appends `bytes` to stream `s`.
    func append(_ s: Int, _ bytes: UnsafeRawBufferPointer) {
        guard let from = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let n = min(bufferBytes, bytes.count - done)
            UnsafeMutableRawPointer(room(s, n)).copyMemory(from: from + done, byteCount: n)
            advance(s, by: n)
            done += n
        }
    }

    /// Writes stream `s`'s buffer out as its next segment.
    private func flush(_ s: Int) {
        let n = filled[s]
        filled[s] = 0
        guard n > 0, failure == nil else { return }
        let buffer = UnsafeRawBufferPointer(start: buffers[s], count: n)
        do throws(LogError) {
            try LogError.io(path, .writing) { () throws(SystemErrno) in
                var done = 0
                while done < n {
                    let wrote = try fd.pwrite(UnsafeRawBufferPointer(rebasing: buffer[done...]), at: end + Int64(done))
                    guard wrote > 0 else { throw SystemErrno.ioError }
                    done += wrote
                }
            }
        } catch {
            failure = error
            return
        }
        segments[s].append((end, n))
        end += Int64(n)
    }

    /// Stream `s`'s bytes, whole.
    /// - Throws: the first write that failed, or a read that fails or falls short.
    func bytes(_ s: Int) throws(LogError) -> [UInt8] {
        if let failure { throw failure }
        guard s < buffers.count else { return [] }
        var out = [UInt8](repeating: 0, count: counts[s])
        var at = 0
        for segment in segments[s] {
            let got = out.withUnsafeMutableBytes { raw in
                Result { () throws(SystemErrno) in
                    try fd.preadAll(
                        into: UnsafeMutableRawBufferPointer(rebasing: raw[at..<at + segment.count]), at: segment.offset)
                }
            }
            let read = try LogError.io(path, .reading) { () throws(SystemErrno) in try got.get() }
            guard read == segment.count else { throw LogError.io(path: path, operation: .reading, .ioError) }
            at += segment.count
        }
        out.withUnsafeMutableBytes { raw in
            raw.baseAddress.map { ($0 + at).copyMemory(from: buffers[s], byteCount: filled[s]) }
        }
        return out
    }

    /// Hands `body` stream `s`'s bytes, a segment at a time, in order.
    /// - Throws: as `bytes`.
    func forEachPiece(_ s: Int, _ body: (UnsafeRawBufferPointer) -> Void) throws(LogError) {
        if let failure { throw failure }
        guard s < buffers.count else { return }
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferBytes, alignment: 8)
        defer { piece.deallocate() }
        for segment in segments[s] {
            let part = UnsafeMutableRawBufferPointer(rebasing: piece[0..<segment.count])
            let got = try LogError.io(path, .reading) { () throws(SystemErrno) in
                try fd.preadAll(into: part, at: segment.offset)
            }
            guard got == segment.count else { throw LogError.io(path: path, operation: .reading, .ioError) }
            body(UnsafeRawBufferPointer(part))
        }
        body(UnsafeRawBufferPointer(start: buffers[s], count: filled[s]))
    }
}

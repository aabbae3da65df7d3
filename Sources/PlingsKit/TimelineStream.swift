import PlingsPlatform

/// The object timeline's body written straight to its temporary file, a
/// megabyte at a time, each 64 KiB block's checksum taken on the way (the
/// header, which holds them, is written last, at the start): a rebuild holds
/// a megabyte of the file, not the whole of it beside the lists it comes from.
///
/// A write that fails is kept in `failure`; what follows is not written.
struct TimelineStream {
    /// The bytes written at a time: whole blocks (16 by default).
    let pieceBytes: Int
    let fd: FileDescriptor
    /// The file's name, for messages.
    let path: String
    private var buffer: [UInt8]
    private var filled = 0
    /// The checksums of the body's blocks written so far.
    private(set) var sums: [UInt64] = []
    private(set) var failure: LogError?

    init(fd: FileDescriptor, path: String, blocksAtATime: Int = 16) {
        self.fd = fd
        self.path = path
        pieceBytes = max(1, blocksAtATime) * SnapshotHeader.blockSize
        buffer = [UInt8](repeating: 0, count: pieceBytes)
    }

    mutating func word<T: FixedWidthInteger>(_ v: T) {
        withUnsafeBytes(of: v.littleEndian) { bytes($0) }
    }

    mutating func bytes(_ b: UnsafeRawBufferPointer) {
        guard let from = b.baseAddress else { return }
        var done = 0
        while done < b.count {
            let k = min(b.count - done, pieceBytes - filled)
            buffer.withUnsafeMutableBytes { raw in
                if let to = raw.baseAddress { (to + filled).copyMemory(from: from + done, byteCount: k) }
            }
            filled += k
            done += k
            if filled == pieceBytes { flush() }
        }
    }

    /// Writes what is buffered: whole blocks, or the body's last one.
    mutating func flush() {
        guard filled > 0 else { return }
        buffer.withUnsafeBytes { raw in
            let piece = UnsafeRawBufferPointer(rebasing: raw[0..<filled])
            sums += SnapshotHeader.blockChecksums(of: piece)
            guard failure == nil else { return }
            do throws(LogError) {
                try LogError.io(path, .writing) { () throws(SystemErrno) in try fd.writeAll(piece) }
            } catch {
                failure = error
            }
        }
        filled = 0
    }
}

import PlingsKit
import PlingsPlatform

/// Reads and writes a pipe to a sync peer (a hub's process, or the device
/// behind `serve --stdio`), waiting at most `seconds` for each step: a peer
/// that stays silent, or stops reading, ends the exchange with `silent`
/// instead of holding this process forever.
struct TimedPipe {
    /// How long one step may wait, in seconds (`PLINGS_TIMEOUT`).
    let seconds: Double
    /// What a wait that ran out throws.
    let silent: SyncError

    private var milliseconds: Int { Int(min(max(seconds, 0.001), 86_400) * 1000) }

    /// Waits until `input` has bytes or its end.
    /// - Throws: `silent` when nothing came within the time.
    func awaitInput(_ input: FileDescriptor) throws(SyncError) {
        guard input.waitReady(milliseconds: milliseconds) else { throw silent }
    }

    /// Writes every byte to `output`, in pieces the pipe takes without blocking, each after
    /// waiting for room.
    /// - Throws: `silent` when the peer took nothing for the time; `broken` when the write fails
    ///   (the peer closed its end).
    func write(_ bytes: [UInt8], to output: FileDescriptor, broken: SyncError) throws(SyncError) {
        var done = 0
        while done < bytes.count {
            guard output.waitReady(forWriting: true, milliseconds: milliseconds) else { throw silent }
            let end = min(bytes.count, done + FileDescriptor.pipeChunk)
            let wrote = bytes[done..<end].withUnsafeBytes { raw in
                Result { () throws(SystemErrno) in try output.write(raw) }
            }
            do { done += try wrote.get() } catch { throw broken }
        }
    }
}

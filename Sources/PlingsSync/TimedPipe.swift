import PlingsKit
import PlingsPlatform

/// Reads and writes a pipe to a sync peer (a hub's process, or the device
/// behind `serve --stdio`), waiting at most `seconds` for each step, and at most
/// `wholeSeconds` for one whole message: a peer that stays silent, stops reading,
/// or drips bytes just fast enough to never be silent, ends the exchange instead of
/// holding this process forever.
struct TimedPipe {
    /// How long one step may wait, in seconds (`PLINGS_TIMEOUT`).
    let seconds: Double
    /// What a wait that ran out throws.
    let silent: SyncError
    /// How long one whole message may take, in seconds (`SyncProtocol.wholeMessageSeconds`).
    let wholeSeconds: Double
    /// What a message that did not arrive whole in `wholeSeconds` throws.
    let slow: SyncError
    /// When the message under way must be whole; shared by every copy of this pipe (the reader's
    /// fill closure holds one), so `startMessage` on any of them sets it for all.
    private let clock = Deadline()

    /// A pipe whose whole-message time is the protocol's rule for `seconds`, unless given.
    init(seconds: Double, silent: SyncError, slow: SyncError, wholeSeconds: Double? = nil) {
        self.seconds = seconds
        self.silent = silent
        self.slow = slow
        self.wholeSeconds = wholeSeconds ?? SyncProtocol.wholeMessageSeconds(timeout: seconds)
    }

    /// The moment one message must be whole by, in monotonic nanoseconds.
    private final class Deadline {
        var at = Int64.max
    }

    private var milliseconds: Int { Int(min(max(seconds, 0.001), 86_400) * 1000) }

    /// Starts the clock of one message (a request and its answer, or one request awaited):
    /// every wait after this ends by `wholeSeconds` from now.
    func startMessage() {
        clock.at = Platform.monotonicNanoseconds() + Int64(min(max(wholeSeconds, 0.001), 864_000) * 1e9)
    }

    /// How long the next wait may take: the step's time, or what is left of the message's.
    /// - Throws: `slow` when the message's time is up.
    private func wait() throws(SyncError) -> (milliseconds: Int, last: Bool) {
        guard clock.at != .max else { return (milliseconds, false) }
        let left = (clock.at - Platform.monotonicNanoseconds()) / 1_000_000
        guard left > 0 else { throw slow }
        return left < milliseconds ? (Int(left), true) : (milliseconds, false)
    }

    /// Waits until `input` has bytes or its end.
    /// - Throws: `silent` when nothing came within the time; `slow` when the message's time ran out.
    func awaitInput(_ input: FileDescriptor) throws(SyncError) {
        let (wait, last) = try wait()
        guard input.waitReady(milliseconds: wait) else { throw last ? slow : silent }
    }

    /// Writes every byte to `output`, in pieces the pipe takes without blocking, each after
    /// waiting for room.
    /// - Throws: `silent` when the peer took nothing for the time; `slow` when the message's time
    ///   ran out; `broken` when the write fails (the peer closed its end).
    func write(_ bytes: [UInt8], to output: FileDescriptor, broken: SyncError) throws(SyncError) {
        var done = 0
        while done < bytes.count {
            let (wait, last) = try wait()
            guard output.waitReady(forWriting: true, milliseconds: wait) else { throw last ? slow : silent }
            let end = min(bytes.count, done + FileDescriptor.pipeChunk)
            let wrote = bytes[done..<end].withUnsafeBytes { raw in
                Result { () throws(SystemErrno) in try output.write(raw) }
            }
            do { done += try wrote.get() } catch { throw broken }
        }
    }
}

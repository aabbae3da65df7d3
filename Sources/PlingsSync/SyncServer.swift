import Foundation
import PlingsKit
import PlingsPlatform

/// `plings serve --stdio`: answers requests read from one stream on another
/// until the input ends.
public enum SyncServer {
    /// Serves the hub log at `hubPath`. The hub's lock is held only while a
    /// request is answered, never while the device is waited on.
    /// - Parameter timeout: how long, in seconds, the device may stay silent (in a request or
    ///   between two) or leave an answer unread (`PLINGS_TIMEOUT`); then serving stops.
    /// - Returns: false when it stopped on a broken request (after answering with an error) or a
    ///   silent device.
    public static func serve(hubPath: String, input: FileHandle, output: FileHandle, timeout: Double = 30) -> Bool {
        (try? run(hubPath: hubPath, input: input, output: output, timeout: timeout)) != nil
    }

    /// Serves the hub log at `hubPath` until the input ends.
    /// - Throws: `SyncError.peerTooSlow` when one request, or reading its answer, took the device
    ///   more than `SyncProtocol.wholeMessageSeconds`;
    ///   `SyncError.peerSilent` when the device sent nothing, or read nothing, for
    ///   `timeout` seconds; the error of a broken request, after answering it.
    public static func run(hubPath: String, input: FileHandle, output: FileHandle, timeout: Double = 30)
        throws(SyncError)
    {
        try run(hubPath: hubPath, input: input, output: output, timeout: timeout, wholeSeconds: nil)
    }

    /// Serves as `run(hubPath:input:output:timeout:)` does, one request (from the wait for it to
    /// its end) or one answer taking at most `wholeSeconds` (the protocol's rule when nil).
    static func run(hubPath: String, input: FileHandle, output: FileHandle, timeout: Double, wholeSeconds: Double?)
        throws(SyncError)
    {
        let whole = wholeSeconds ?? SyncProtocol.wholeMessageSeconds(timeout: timeout)
        let pipe = TimedPipe(
            seconds: timeout, silent: .peerSilent(seconds: timeout), slow: .peerTooSlow(seconds: whole),
            wholeSeconds: whole)
        let requests = FileDescriptor(rawValue: input.fileDescriptor)
        let answers = FileDescriptor(rawValue: output.fileDescriptor)
        let hub: SyncHub
        do {
            hub = try SyncHub(path: hubPath)
        } catch {
            try? send(SyncHub.errorAnswer(error), to: answers, pipe)
            throw error
        }
        var reader = FrameReader { () throws(SyncError) -> [UInt8] in
            try pipe.awaitInput(requests)
            return [UInt8](input.availableData)
        }
        while true {
            let request: SyncMessage
            pipe.startMessage()
            do throws(SyncError) {
                guard let next = try reader.message() else { return }
                request = next
            } catch {
                // The framing is lost: answer once and stop (a silent device is not answered).
                if Self.gaveUp(error) { throw error }
                try? send(SyncHub.errorAnswer(error), to: answers, pipe)
                throw error
            }
            let answer: [UInt8]
            do { answer = try hub.answerBytes(to: request) } catch { answer = SyncHub.errorAnswer(error).bytes }
            pipe.startMessage()
            do throws(SyncError) {
                try pipe.write(answer, to: answers, broken: .transport(.deviceStoppedReading))
            } catch {
                // A device gone is no failure of the hub: it finds its verdicts on the next sync.
                if Self.gaveUp(error) { throw error }
                return
            }
        }
    }

    /// Whether serving stopped waiting on the device (silent, or too slow over one message).
    private static func gaveUp(_ error: SyncError) -> Bool {
        switch error {
        case .peerSilent, .peerTooSlow: return true
        default: return false
        }
    }

    private static func send(_ message: SyncMessage, to output: FileDescriptor, _ pipe: TimedPipe) throws(SyncError) {
        try pipe.write(message.bytes, to: output, broken: .transport(.deviceStoppedReading))
    }
}

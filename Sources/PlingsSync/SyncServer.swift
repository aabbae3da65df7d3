import Foundation
import PlingsKit

/// `plings serve --stdio`: answers requests read from one stream on another
/// until the input ends.
public enum SyncServer {
    /// Serves the hub log at `hubPath`.
    /// - Returns: false when it stopped on a broken request (after answering with an error).
    public static func serve(hubPath: String, input: FileHandle, output: FileHandle) -> Bool {
        let hub: SyncHub
        do {
            hub = try SyncHub(path: hubPath)
        } catch {
            send(SyncHub.errorAnswer(error), to: output)
            return false
        }
        var reader = FrameReader { () -> [UInt8] in [UInt8](input.availableData) }
        while true {
            do {
                guard let request = try reader.message() else { return true }
                let answer: SyncMessage
                do { answer = try hub.handle(request) } catch { answer = SyncHub.errorAnswer(error) }
                send(answer, to: output)
            } catch {
                // The framing is lost: answer once and stop.
                send(SyncHub.errorAnswer(error), to: output)
                return false
            }
        }
    }

    private static func send(_ message: SyncMessage, to output: FileHandle) {
        try? output.write(contentsOf: Data(message.bytes))
    }
}

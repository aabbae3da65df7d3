import Foundation
import PlingsKit

/// The sync protocol's constants and message shapes. See `docs/sync.md`.
///
/// A message is one JSON header line with an `op` member and a `count`,
/// followed by `count` body lines. Every line ends with `\n`.
public enum SyncProtocol {
    /// The newest protocol version this build speaks. A message says the
    /// lowest version that can carry it (`hello` and `pull` 1; a `push` 2
    /// only when it carries a command kind added in 2, 3 only when it
    /// carries a diagonal relation; 4 for a push in the compact form, sent to
    /// a hub whose hello said it speaks 4; 5 only when it carries a loan),
    /// and a hub answers in the version it was asked in, so older peers keep
    /// working until a device has something new to push.
    public static let version = 5
    /// The longest line accepted on the wire, newline included.
    public static let maxLineBytes = 64 * 1024
    /// The most body lines one message may carry.
    public static let maxCount = 200_000
    /// The most bytes one message may carry, header and body lines with their newlines: a
    /// peer that sends more is refused when it passes this, before more is read, so a
    /// garbage peer cannot take memory without bound. A batch that a pull answer would
    /// carry whole past it is refused by the hub (a device pulls it by path or over the web,
    /// where pages of the raw log carry any batch).
    public static let maxMessageBytes = 64 << 20
    /// The most bytes a hub's published snapshot may carry (`GET BASE/snapshot`, for a shallow
    /// clone): 1 GiB. A published snapshot takes about 32 bytes a thing (31.7 MB for a world of
    /// 1,000,000 things and 10,000,000 events), so this holds a world about thirty times that,
    /// more than a device decodes in memory (a snapshot is read whole). The snapshot is written to
    /// a file beside the log as it arrives, never held in memory while it arrives.
    public static let maxSnapshotBytes = 1 << 30
    /// How long one whole message may take to arrive (or to be taken), in seconds, when a peer
    /// may be silent at most `timeout` seconds at a time (`PLINGS_TIMEOUT`): twenty times that,
    /// and never under a minute. A peer that drips bytes just fast enough to never be silent
    /// still cannot hold a sync or a serve for ever, while a message of `maxMessageBytes` still
    /// has room on a slow link (64 MiB in 600 s is 112 KB/s). Every transport keeps this one rule.
    package static func wholeMessageSeconds(timeout: Double) -> Double { max(60, timeout * 20) }
    /// About how many bytes of log one pull answer carries (more when one
    /// batch is larger: a page always ends at the end of a whole batch).
    public static let pullPageBytes = 4 << 20
    /// The most commands one push message carries (and one batch the hub writes for it).
    public static let pushChunk = 10_000

    /// A position in the hub's log: after the line with `seq` and `hash`,
    /// which ends at byte `offset`.
    public struct Head: Sendable, Hashable, Codable {
        /// The seq of the last line.
        public var seq: Int64
        /// That line's hash, in hex.
        public var hash: String
        /// The byte offset just past that line.
        public var offset: Int64

        /// The position after the line with `seq` and `hash`, which ends at byte `offset`.
        public init(seq: Int64, hash: String, offset: Int64) {
            self.seq = seq
            self.hash = hash
            self.offset = offset
        }

        init(_ cursor: LogCursor) {
            self.init(seq: cursor.lastSeq, hash: cursor.lastHash.hex, offset: cursor.offset)
        }
    }

    /// The header of every message.
    public struct Header: Sendable, Hashable, Codable {
        /// The operation: `hello`, `push`, `pull` (requests), `hello`, `verdicts`, `lines` or `error` (answers).
        public var op: String
        /// How many body lines follow.
        public var count: Int
        /// The protocol version the message is spoken in (1 when absent).
        public var `protocol`: Int?
        /// The device's name (hello, push).
        public var device: String?
        /// The hub's head (in answers).
        public var head: Head?
        /// In a pull: the device's head, after which lines are asked for.
        public var after: Head?
        /// In a hello answer: the device seq the hub expects next from this device.
        public var next: Int64?
        /// In a hello answer: the newest protocol version the hub speaks (3 and later say it).
        public var speaks: Int?
        /// In an error answer: the error's stable code.
        public var code: String?
        /// In an error answer: the hub's sentence for it.
        public var message: String?

        /// A header; `count` is set from the body when a `SyncMessage` is made of it.
        public init(
            op: String, count: Int = 0, protocol version: Int? = nil, device: String? = nil, head: Head? = nil,
            after: Head? = nil, next: Int64? = nil, code: String? = nil, message: String? = nil, speaks: Int? = nil
        ) {
            self.next = next
            self.speaks = speaks
            self.op = op
            self.count = count
            self.protocol = version
            self.device = device
            self.head = head
            self.after = after
            self.code = code
            self.message = message
        }
    }

    /// One pending command: a body line of a push and a line of the pending file.
    public struct Pushed: Sendable, Hashable, Codable {
        /// The device sequence number: 1, 2, 3… without gaps per device.
        public var dseq: Int64
        /// When it was made on the device (RFC 3339).
        public var dat: String
        /// The hub seq the device had seen when it was made.
        public var seen: Int64
        /// The command.
        public var command: WireCommand

        /// A pending command numbered `dseq` on its device, made at `dat` with the hub seen up to `seen`.
        public init(dseq: Int64, dat: String, seen: Int64, command: WireCommand) {
            self.dseq = dseq
            self.dat = dat
            self.seen = seen
            self.command = command
        }
    }

    /// The hub's answer for one pushed command: a body line of a `verdicts` answer.
    public struct Verdict: Sendable, Hashable, Codable {
        /// The device seq of the command this verdict is for.
        public var dseq: Int64
        /// `accepted` or `refused`.
        public var verdict: String
        /// The seq of the accepted event (accepted only).
        public var seq: Int64?
        /// The refusal's stable code (refused only).
        public var code: String?
        /// The refusal's reason, as the hub's English catalog words it (refused only).
        public var reason: String?

        /// Whether the hub accepted the command.
        public var isAccepted: Bool { verdict == "accepted" }
    }

    static func encodeLine<T: Encodable>(_ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs cannot fail; an empty object keeps the stream well-formed regardless.
        var bytes = (try? encoder.encode(value)).map { [UInt8]($0) } ?? Array("{}".utf8)
        bytes.append(0x0A)
        return bytes
    }

    static func decodeLine<T: Decodable>(_ type: T.Type, _ line: ArraySlice<UInt8>) throws(SyncError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(line))
        } catch {
            let text = String(decoding: line.prefix(60), as: UTF8.self)
            throw .protocolViolation(.notValidLine(kind: "\(T.self)", text: text))
        }
    }
}

import PlingsKit

/// One protocol message: a header and its body lines (without their `\n`).
public struct SyncMessage: Sendable, Hashable {
    /// The header line: the operation and its members.
    public var header: SyncProtocol.Header
    /// The body lines, each without its `\n`.
    public var body: [[UInt8]]

    /// A message of `header` and `body`; the header's `count` is set to the body's.
    public init(_ header: SyncProtocol.Header, body: [[UInt8]] = []) {
        var header = header
        header.count = body.count
        self.header = header
        self.body = body
    }

    /// An error answer.
    static func error(_ code: String, _ message: String) -> SyncMessage {
        SyncMessage(SyncProtocol.Header(op: "error", code: code, message: message))
    }

    /// The bytes on the wire: the header line, then each body line.
    public var bytes: [UInt8] {
        var out = SyncProtocol.encodeLine(header)
        out.reserveCapacity(out.count + body.reduce(0) { $0 + $1.count + 1 })
        for line in body {
            out.append(contentsOf: line)
            out.append(0x0A)
        }
        return out
    }

    /// Parses one whole message from `bytes`.
    /// - Throws: `SyncError` when the bytes are not exactly one message.
    public static func parse(_ bytes: [UInt8]) throws(SyncError) -> SyncMessage {
        var delivered = false
        var reader = FrameReader { () -> [UInt8] in
            if delivered { return [] }
            delivered = true
            return bytes
        }
        guard let message = try reader.message() else { throw .truncated }
        if try reader.line() != nil { throw .protocolViolation(.bytesAfterMessage) }
        return message
    }

    /// Decodes body line `index` as `T`.
    func decodeBody<T: Decodable>(_ type: T.Type, _ index: Int) throws(SyncError) -> T {
        try SyncProtocol.decodeLine(type, body[index][...])
    }
}

/// Splits a byte stream into lines and messages, with the protocol's limits: a line of at most
/// `SyncProtocol.maxLineBytes`, a message of at most `limit` bytes in all.
struct FrameReader {
    private let fill: () throws(SyncError) -> [UInt8]
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// The most bytes one message may carry.
    let limit: Int

    /// `fill` returns more bytes, or an empty array at the end of the stream.
    init(limit: Int = SyncProtocol.maxMessageBytes, fill: @escaping () throws(SyncError) -> [UInt8]) {
        self.limit = limit
        self.fill = fill
    }

    /// The next line without its `\n`, or nil at a clean end of the stream.
    mutating func line() throws(SyncError) -> [UInt8]? {
        var scanned = start
        while true {
            if let nl = LineSplit.firstEnd(in: buffer[scanned...]) {
                let line = Array(buffer[start..<nl])
                start = nl + 1
                if start > 1 << 20 {
                    buffer.removeFirst(start)
                    start = 0
                }
                if line.count + 1 > SyncProtocol.maxLineBytes { throw .oversized(line.count + 1) }
                return line
            }
            scanned = buffer.count
            if buffer.count - start >= SyncProtocol.maxLineBytes { throw .oversized(buffer.count - start) }
            if ended { break }
            let more = try fill()
            if more.isEmpty { ended = true } else { buffer.append(contentsOf: more) }
        }
        if buffer.count > start { throw .truncated }
        return nil
    }

    /// The next whole message, or nil at a clean end of the stream.
    mutating func message() throws(SyncError) -> SyncMessage? {
        guard let first = try line() else { return nil }
        let header = try SyncProtocol.decodeLine(SyncProtocol.Header.self, first[...])
        guard header.count >= 0, header.count <= SyncProtocol.maxCount else {
            throw .protocolViolation(.announcesLines(header.count))
        }
        var body: [[UInt8]] = []
        body.reserveCapacity(min(header.count, 1 << 16))
        var bytes = first.count + 1
        for _ in 0..<header.count {
            guard let line = try line() else { throw .truncated }
            bytes += line.count + 1
            // Refused as soon as it passes the limit: what a message holds stays within it.
            if bytes > limit { throw .messageTooLarge(limit: limit) }
            body.append(line)
        }
        var message = SyncMessage(header, body: body)
        message.header.count = header.count
        return message
    }
}

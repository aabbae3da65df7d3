/// A request's body: the length the client declared and a way to read it,
/// once, within a limit the route chooses.
package struct WebBody: Sendable {
    /// `CONTENT_LENGTH`, or nil when the request gave none.
    package let declaredLength: Int?
    /// The next bytes of the body (at most the count asked for), or empty at its end.
    private let source: @Sendable (Int) -> [UInt8]

    /// A body held in memory (tests, and requests without a body).
    package init(bytes: [UInt8]) {
        declaredLength = bytes.count
        let box = ByteBox(bytes)
        source = { count in box.take(count) }
    }

    /// A body read from `source`, which says `declaredLength` bytes follow.
    package init(declaredLength: Int?, source: @escaping @Sendable (Int) -> [UInt8]) {
        self.declaredLength = declaredLength
        self.source = source
    }

    /// The whole body, when it is at most `limit` bytes.
    /// - Throws: `WebFailure` 411 without a declared length, 413 when the
    ///   declared length is over `limit` (nothing is read), 400 when the body
    ///   ends before the declared length.
    package func read(limit: Int) throws(WebFailure) -> [UInt8] {
        guard let length = declaredLength else { throw WebFailure(411, .webLengthRequired) }
        guard length <= limit else { throw WebFailure(413, .webTooLarge, ["limit": String(limit)]) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        while bytes.count < length {
            let more = source(min(1 << 20, length - bytes.count))
            if more.isEmpty { break }
            bytes += more
        }
        guard bytes.count == length else {
            throw WebFailure(400, .webLengthMismatch, ["declared": String(length), "read": String(bytes.count)])
        }
        return bytes
    }
}

/// Bytes handed out in pieces (a body held in memory).
private final class ByteBox: @unchecked Sendable {
    private var bytes: [UInt8]
    private var start = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, start + count)
        defer { start = end }
        return Array(bytes[start..<end])
    }
}

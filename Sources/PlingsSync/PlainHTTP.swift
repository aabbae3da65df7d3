import PlingsKit
import PlingsPlatform

/// One HTTP/1.1 request over a plain `http://` connection, its answer read through a
/// fixed 64 KiB buffer: nothing arrives faster than it is taken, so an answer that
/// passes its bound is refused holding at most the bound and the buffer, whatever the
/// peer sends. (`https://` goes through Foundation's URLSession, bounded by
/// `HTTPHub.BoundedQueue`.)
///
/// `Connection: close` on every request (one connection each); bodies by
/// `Content-Length`, chunked or to the connection's end; redirects and every other
/// status returned as they are, for the caller to judge; `Accept-Encoding: identity`.
struct PlainHTTP {
    /// What came back: the status, the header fields (names in lower case, repeated
    /// fields joined by ", ") and the body.
    struct Answer {
        var status: Int
        var fields: [String: String]
        var body: [UInt8]
    }

    /// The host to connect to (a name, an IPv4 address or an IPv6 one without brackets).
    let host: String
    let port: Int
    /// How long connecting and each wait for the peer may take, in seconds.
    let timeout: Double

    /// The most bytes an answer's head may carry (its status line and fields).
    static let headLimit = 64 << 10

    /// Takes an answer's body piece by piece as it arrives, up to its own bound.
    struct BodySink {
        /// The most bytes the body may carry (past it: `SyncError.messageTooLarge` with this limit).
        var limit: Int
        /// Takes the next piece (valid only during the call).
        var take: (UnsafeRawBufferPointer) throws(SyncError) -> Void
    }

    /// Sends `method target` with `fields` and `body`, and reads the answer.
    /// - Parameters:
    ///   - limit: the most bytes the answer's body may carry.
    ///   - sink: when given, the body of an answer with status 200 is handed to it as it
    ///     arrives (through the 64 KiB buffer), within the sink's limit, instead of gathered in
    ///     the answer; any other answer's body is gathered within `limit` as always.
    /// - Throws: `SyncError.messageTooLarge` as soon as the body passes `limit` (or its
    ///   `Content-Length` says it will); `SyncError.timeout` when the peer is silent for
    ///   `timeout` seconds; `SyncError.answerTooSlow` when the whole exchange passes
    ///   `SyncProtocol.wholeMessageSeconds`;
    ///   `SyncError.transport` when connecting fails or the connection ends early;
    ///   `SyncError.protocolViolation` for an answer that is not HTTP/1.x.
    func exchange(
        method: String, target: String, fields: [(String, String)], body: [UInt8], limit: Int,
        sink: BodySink? = nil
    ) throws(SyncError) -> Answer {
        let wait = Int((timeout * 1000).rounded(.up))
        let connection: FileDescriptor
        switch Result(catching: { () throws(ConnectFailure) in
            try Platform.openConnection(host: host, port: port, milliseconds: wait)
        }) {
        case .success(let opened): connection = opened
        case .failure(.timedOut): throw .timeout(seconds: timeout)
        case .failure(.unknownHost): throw .transport(.unknownHost(host))
        case .failure(.system(let code)): throw .transport(.cannotConnect(authority, errno: code.code))
        }
        defer { connection.close() }
        let whole = SyncProtocol.wholeMessageSeconds(timeout: timeout)
        var stream = Stream(connection: connection, wait: wait, whole: whole, timeout: timeout)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(authority)\r\n"
        for (name, value) in fields { head += "\(name): \(value)\r\n" }
        if method != "GET" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        head += "Accept-Encoding: identity\r\nConnection: close\r\n\r\n"
        try stream.send(Array(head.utf8) + body)
        var answer = try stream.readHead()
        // An interim answer (100 Continue, 103 Early Hints) comes before the real one.
        while (100..<200).contains(answer.status) { answer = try stream.readHead() }
        if let coding = answer.fields["content-encoding"], coding.lowercased() != "identity" {
            throw .protocolViolation(.unaskedEncoding(coding))
        }
        if method == "HEAD" || answer.status == 204 || answer.status == 304 { return answer }
        if let sink, answer.status == 200 {
            try readBody(of: answer, from: &stream, limit: sink.limit, into: sink.take)
        } else {
            var gathered: [UInt8] = []
            if let text = answer.fields["content-length"], let length = Int(text.trimmed), length >= 0, length <= limit
            {
                gathered.reserveCapacity(length)
            } else {
                // Without a length the body is gathered into room for a whole message, reserved
                // once: pages are touched only as bytes arrive, and growing by doubling would hold
                // the old and the new copy at once, up to twice the limit just below it.
                gathered.reserveCapacity(min(limit, SyncProtocol.maxMessageBytes))
            }
            try readBody(of: answer, from: &stream, limit: limit) { piece throws(SyncError) in
                gathered.append(contentsOf: piece)
            }
            answer.body = gathered
        }
        return answer
    }

    /// Reads the body of `answer` (by its framing) and hands it to `take` piece by piece.
    private func readBody(
        of answer: Answer, from stream: inout Stream, limit: Int,
        into take: (UnsafeRawBufferPointer) throws(SyncError) -> Void
    ) throws(SyncError) {
        if let coding = answer.fields["transfer-encoding"] {
            guard coding.lowercased().split(separator: ",").last?.trimmed == "chunked" else {
                throw .protocolViolation(.transferEncoding(coding))
            }
            try stream.readChunked(limit: limit, into: take)
        } else if let text = answer.fields["content-length"] {
            guard let length = Int(text.trimmed), length >= 0 else {
                throw .protocolViolation(.contentLength(text))
            }
            guard length <= limit else { throw .messageTooLarge(limit: limit) }
            try stream.pass(length, to: take)
        } else {
            try stream.readToEnd(limit: limit, into: take)
        }
    }

    /// `host:port` as the `Host` field says it (an IPv6 address in brackets).
    var authority: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }

    /// The connection with its read buffer: bytes come in only as they are taken out.
    private struct Stream {
        let connection: FileDescriptor
        let wait: Int
        let deadline: Int64
        let timeout: Double
        /// How long the whole exchange may take, in seconds.
        let whole: Double
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        /// The unread bytes are `buffer[start..<end]`.
        var start = 0
        var end = 0

        /// A stream whose exchange must end within `whole` seconds from now.
        init(connection: FileDescriptor, wait: Int, whole: Double, timeout: Double) {
            self.connection = connection
            self.wait = wait
            self.deadline = Platform.monotonicNanoseconds() + Int64(whole * 1e9)
            self.timeout = timeout
            self.whole = whole
        }

        /// Waits until the connection can be read (or, `forWriting`, written), at most `wait`
        /// and never past the deadline.
        /// - Throws: `SyncError.timeout` when the peer was silent for `wait`;
        ///   `SyncError.answerTooSlow` when the deadline passed first.
        private func ready(forWriting: Bool) throws(SyncError) {
            let left = Int((deadline - Platform.monotonicNanoseconds()) / 1_000_000)
            guard left > 0 else { throw .answerTooSlow(seconds: whole) }
            guard connection.waitReady(forWriting: forWriting, milliseconds: min(wait, left)) else {
                throw left < wait ? .answerTooSlow(seconds: whole) : .timeout(seconds: timeout)
            }
        }

        func send(_ bytes: [UInt8]) throws(SyncError) {
            var sent = 0
            while sent < bytes.count {
                try ready(forWriting: true)
                let result = bytes[sent...].withUnsafeBytes { part in
                    Result { () throws(SystemErrno) in try connection.send(part) }
                }
                switch result {
                case .success(let count): sent += count
                case .failure(let code) where code == .wouldBlock || code == .tryAgain: continue
                case .failure(let code):
                    throw .transport(.webServerStoppedReading(errno: code.code))
                }
            }
        }

        /// Reads more into the buffer (moving the unread bytes to its front first).
        /// - Returns: false at the connection's end.
        private mutating func fill() throws(SyncError) -> Bool {
            if start == end {
                (start, end) = (0, 0)
            } else if end == buffer.count {
                buffer.withUnsafeMutableBufferPointer { all in
                    for i in 0..<(end - start) { all[i] = all[start + i] }
                }
                (start, end) = (0, end - start)
            }
            while true {
                try ready(forWriting: false)
                let from = end
                let result = buffer.withUnsafeMutableBytes { all in
                    Result { () throws(SystemErrno) in
                        try connection.read(into: UnsafeMutableRawBufferPointer(rebasing: all[from...]))
                    }
                }
                switch result {
                case .success(let got):
                    end += got
                    return got > 0
                case .failure(let code) where code == .wouldBlock || code == .tryAgain: continue
                case .failure(let code):
                    throw .transport(.webConnectionFailed(errno: code.code))
                }
            }
        }

        /// One line without its CR LF, of at most the buffer's size.
        /// - Parameter what: what the line is, for the error when the connection ends first.
        mutating func line(_ what: String) throws(SyncError) -> [UInt8] {
            var scanned = 0  // the unread bytes already looked through
            while true {
                if let newline = LineSplit.firstEnd(in: buffer[(start + scanned)..<end]) {
                    var line = Array(buffer[start..<newline])
                    if line.last == 0x0D { line.removeLast() }
                    start = newline + 1
                    return line
                }
                scanned = end - start
                guard scanned < buffer.count else {
                    throw .protocolViolation(.httpLineTooLong(limit: buffer.count))
                }
                guard try fill() else { throw .connectionClosed }
            }
        }

        /// The status line and the fields of an answer.
        mutating func readHead() throws(SyncError) -> Answer {
            let status = String(decoding: try line("the answer's head"), as: UTF8.self)
            let parts = status.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]),
                code >= 100
            else {
                throw .protocolViolation(.notHTTP(begins: String(status.prefix(80))))
            }
            var fields: [String: String] = [:]
            var size = status.utf8.count
            while true {
                let field = try line("the answer's head")
                if field.isEmpty { break }
                size += field.count + 2
                guard size <= PlainHTTP.headLimit else {
                    throw .protocolViolation(.headTooLong(limit: PlainHTTP.headLimit))
                }
                let text = String(decoding: field, as: UTF8.self)
                guard let colon = text.firstIndex(of: ":") else {
                    throw .protocolViolation(.headerField(String(text.prefix(80))))
                }
                let name = text[..<colon].lowercased()
                let value = String(text[text.index(after: colon)...]).trimmed
                fields[name] = fields[name].map { $0 + ", " + value } ?? value
            }
            return Answer(status: code, fields: fields, body: [])
        }

        /// Hands the next `count` bytes of body to `take` (the caller has bounded `count`).
        mutating func pass(_ count: Int, to take: (UnsafeRawBufferPointer) throws(SyncError) -> Void) throws(SyncError)
        {
            var left = count
            while left > 0 {
                if start == end {
                    guard try fill() else {
                        throw .connectionClosed
                    }
                }
                let piece = min(left, end - start)
                try handOver(start..<(start + piece), to: take)
                start += piece
                left -= piece
            }
        }

        /// Hands the buffer's bytes in `range` to `take`.
        private func handOver(_ range: Range<Int>, to take: (UnsafeRawBufferPointer) throws(SyncError) -> Void)
            throws(SyncError)
        {
            try buffer.withUnsafeBytes { all in
                Result { () throws(SyncError) in try take(UnsafeRawBufferPointer(rebasing: all[range])) }
            }.get()
        }

        /// A chunked body, handed to `take`, refused as soon as it passes `limit`.
        mutating func readChunked(limit: Int, into take: (UnsafeRawBufferPointer) throws(SyncError) -> Void)
            throws(SyncError)
        {
            var total = 0
            while true {
                let sizeLine = String(decoding: try line("a chunk's size"), as: UTF8.self)
                let digits = sizeLine.split(separator: ";", maxSplits: 1).first.map { String($0).trimmed } ?? ""
                guard !digits.isEmpty, digits.count <= 15, let size = Int(digits, radix: 16) else {
                    throw .protocolViolation(.chunkSize(String(sizeLine.prefix(80))))
                }
                if size == 0 { break }
                guard size <= limit - total else { throw .messageTooLarge(limit: limit) }
                total += size
                try pass(size, to: take)
                guard try line("a chunk's end").isEmpty else { throw .protocolViolation(.chunkTooLong) }
            }
            while try !line("the answer's trailer").isEmpty {}
        }

        /// The body up to the connection's end, handed to `take`, refused as soon as it passes `limit`.
        mutating func readToEnd(limit: Int, into take: (UnsafeRawBufferPointer) throws(SyncError) -> Void)
            throws(SyncError)
        {
            var total = 0
            repeat {
                guard end - start <= limit - total else { throw .messageTooLarge(limit: limit) }
                total += end - start
                try handOver(start..<end, to: take)
                (start, end) = (0, 0)
            } while try fill()
        }
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmed: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}

extension Substring {
    fileprivate var trimmed: String { String(self).trimmed }
}

import Dispatch
import Foundation
import PlingsKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A hub on the web, reached over `https://` with Foundation's `URLSession` (its answers
/// handed over through a bounded queue, `BoundedQueue`) and over `http://` with Plings's own
/// HTTP/1.1 reading (`PlainHTTP`): either way an answer is held only up to its bound while
/// it arrives, however fast the peer sends. Sync messages by `POST BASE/sync`, pages of
/// the hub's log by `GET BASE/log` with `Range: bytes=OFFSET-` (which any HTTP cache in
/// front may answer).
///
/// TLS, the sign-in and compression are the web server's; this side sends
/// the login (HTTP Basic) and reads what comes back. Every request waits at
/// most `timeout` seconds for the hub to connect and to answer.
public final class HTTPHub {
    /// `https://host/BASE` (or `http://` to a loopback address, or with `allowInsecureHTTP`).
    public let base: URL
    /// How long connecting and each answer may take, in seconds.
    public let timeout: Double
    /// Bytes of request and answer bodies so far (after decompression).
    public internal(set) var bytesOnWire = 0
    private let session: URLSession
    private let headers: [String: String]
    private let delegate = Delegate()
    /// The most bytes an answer may carry (a sync message, a page of the log).
    package var messageLimit = SyncProtocol.maxMessageBytes
    /// How many pieces of an answer may wait for the delegate (libcurl hands over at most 16 KiB a piece).
    static let receiveWindow = 64

    /// A hub at `url`.
    /// - Parameters:
    ///   - credentials: the login sent with every request (HTTP Basic), if any.
    ///   - language: the language of the reasons the hub gives for a refusal.
    ///   - allowInsecureHTTP: allow `http://` to a host that is not a loopback address.
    ///   - trustedCAFile: a CA's certificate to trust beside the system's (`PLINGS_CA_FILE`).
    /// - Throws: `SyncError.insecureURL` for `http://` elsewhere than loopback
    ///   without `allowInsecureHTTP`; `SyncError.transport` for a URL that is not http(s);
    ///   `SyncError.privateCA` for a `trustedCAFile`, which Foundation's URLSession on
    ///   Linux cannot take (libcurl there trusts only the system's store).
    public init(
        url text: String, credentials: HTTPCredentials? = nil, timeout: Double = 30, language: Language = .en,
        allowInsecureHTTP: Bool = false, trustedCAFile: String? = nil
    ) throws(SyncError) {
        if let trustedCAFile { throw .privateCA(trustedCAFile) }
        let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), let host = url.host,
            scheme == "https" || scheme == "http", !host.isEmpty, url.query == nil, url.fragment == nil
        else { throw .transport(.notWebURL(text)) }
        if scheme == "http" && !allowInsecureHTTP && !Self.isLoopback(host) { throw .insecureURL(text) }
        base = url
        self.timeout = timeout
        var headers = ["Accept-Language": language.rawValue, "User-Agent": "plings"]
        if let credentials { headers["Authorization"] = credentials.basicAuthorization }
        self.headers = headers
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = max(1, timeout.rounded(.up))
        configuration.timeoutIntervalForResource = SyncProtocol.wholeMessageSeconds(timeout: timeout)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        session = URLSession(
            configuration: configuration, delegate: delegate,
            delegateQueue: BoundedQueue(window: Self.receiveWindow, patience: max(1, timeout)))
    }

    deinit {
        // Not waited for, as a cancel is not (see `performOnce`).
        let session = self.session
        DispatchQueue.global().async { session.invalidateAndCancel() }
    }

    /// Whether `host` is a loopback address: `localhost`, 127.0.0.0/8 or `::1`.
    package static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Sends the bytes of one sync message and returns the answer's bytes.
    /// - Throws: `SyncError.http` when the web server or the hub refuses (401, 403, 413, …);
    ///   `SyncError.timeout` when it does not answer in time; `SyncError.transport` when the connection fails;
    ///   `SyncError.messageTooLarge` when the answer passes `SyncProtocol.maxMessageBytes` (it is
    ///   read as it arrives and dropped there, whatever its `Content-Length` said).
    public func post(_ body: [UInt8]) throws(SyncError) -> [UInt8] {
        var request = self.request("sync")
        request.httpMethod = "POST"
        request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body)
        let (response, data) = try perform(request)
        guard response.statusCode == 200 else { throw Self.failure(response, data) }
        bytesOnWire += body.count + data.count
        return data
    }

    /// The page of the hub's log that starts at `offset` (a line boundary).
    /// - Throws: `SyncError.diverged` when the hub has no line boundary there
    ///   (the mirror is longer than the hub's log); others as `post` (a page is
    ///   bounded as a message is: a batch larger than that is refused, as over ssh).
    public func logPage(from offset: Int64) throws(SyncError) -> LogPage {
        var request = self.request("log")
        request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range")
        let (response, data) = try perform(request)
        if response.statusCode == 416 {
            throw .diverged(.noLineEndsAt(offset: offset))
        }
        guard response.statusCode == 206 || (response.statusCode == 200 && offset == 0) else {
            throw Self.failure(response, data)
        }
        if response.statusCode == 206 {
            let range = response.value(forHTTPHeaderField: "Content-Range") ?? ""
            guard range.hasPrefix("bytes \(offset)-") else {
                throw .protocolViolation(.pageRange(offset: offset, range: range))
            }
        }
        bytesOnWire += data.count
        let caching = response.value(forHTTPHeaderField: "Cache-Control") ?? ""
        return LogPage(start: offset, bytes: data, reachesHead: !caching.contains("immutable"))
    }

    func request(_ route: String) -> URLRequest {
        var request = URLRequest(url: base.appendingPathComponent(route))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// Runs `request` to its end, waiting at most the timeouts. A request whose
    /// connection was lost before any answer came (a kept-alive connection the web
    /// server closed as it was reused) is sent once more: every request of the
    /// protocol may be repeated (a push is settled once per device seq).
    /// - Parameters:
    ///   - limit: the most bytes the answer may carry (`messageLimit` when nil).
    ///   - sink: when given, the body of an answer with status 200 is handed to it as it arrives
    ///     (and the answer returned has none); any other answer's body is returned as always.
    func perform(
        _ request: URLRequest, limit: Int? = nil, sink: PlainHTTP.BodySink? = nil
    ) throws(SyncError) -> (HTTPURLResponse, [UInt8]) {
        let bound = limit ?? messageLimit
        if base.scheme?.lowercased() == "http" { return try performPlain(request, limit: bound, sink: sink) }
        let outcome = try performOnce(request, limit: bound, sink: sink)
        if outcome.lostConnection {
            return try performOnce(request, limit: bound, sink: sink).result(timeout: timeout)
        }
        return try outcome.result(timeout: timeout)
    }

    /// `request` over plain `http://` (`PlainHTTP`): the answer is read through a fixed buffer,
    /// so a peer sending without end holds no more than `limit` bytes here, however fast it sends.
    private func performPlain(
        _ request: URLRequest, limit: Int, sink: PlainHTTP.BodySink?
    ) throws(SyncError) -> (HTTPURLResponse, [UInt8]) {
        guard let url = request.url, let host = url.host,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else {
            throw .transport(.notWebURL(base.absoluteString))
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let client = PlainHTTP(host: bare, port: url.port ?? 80, timeout: timeout)
        let fields = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let path = components.percentEncodedPath
        let answer = try client.exchange(
            method: request.httpMethod ?? "GET", target: path.isEmpty ? "/" : path, fields: fields,
            body: request.httpBody.map { [UInt8]($0) } ?? [], limit: limit, sink: sink)
        if answer.status == 401, answer.fields["www-authenticate"] != nil {
            throw .unauthorized(host: base.host ?? "", loginSent: headers["Authorization"] != nil)
        }
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.fields)
        else {
            throw .transport(.noHTTPAnswer)
        }
        return (response, answer.body)
    }

    /// One try of `request`, waiting at most the timeouts. The answer's body is read as it
    /// arrives and the request is cancelled as soon as the body passes `limit` bytes, or as
    /// soon as its `Content-Length` says it will.
    private func performOnce(
        _ request: URLRequest, limit: Int, sink: PlainHTTP.BodySink? = nil
    ) throws(SyncError) -> Outcome {
        let outcome = Outcome(limit: limit, sink: sink)
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        delegate.start(id, outcome)
        defer { delegate.end(id) }
        task.resume()
        // URLSession ends a silent connection after `timeout`; this is a last resort beyond its own limits.
        let whole = SyncProtocol.wholeMessageSeconds(timeout: timeout)
        let deadline = DispatchTime.now() + .milliseconds(Int((whole + 120) * 1000))
        if outcome.done.wait(timeout: deadline) == .timedOut {
            task.cancel()
            throw .answerTooSlow(seconds: whole)
        }
        if outcome.isStopped {
            // What still comes is dropped as it comes. The task is cancelled on another thread, never on the
            // delegate's queue nor waited for here: `cancel()` waits for the session's queue, which a peer
            // that keeps sending keeps busy (FoundationNetworking reads on while the socket has data).
            DispatchQueue.global().async { task.cancel() }
        }
        if delegate.wasChallenged(id) {
            // URLSession (on Linux) cancels a request the web server answered with 401 and a challenge.
            throw .unauthorized(host: base.host ?? "", loginSent: headers["Authorization"] != nil)
        }
        return outcome
    }

    /// The error for an answer that is not what was asked: its status and the first line of its body.
    static func failure(_ response: HTTPURLResponse, _ data: [UInt8]) -> SyncError {
        let text = String(decoding: data.prefix(400), as: UTF8.self)
        let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        return .http(status: response.statusCode, reason: line)
    }

    /// What a data task delivered, gathered on URLSession's queue as it arrives and handed to
    /// the waiting thread when the task ends.
    private final class Outcome: @unchecked Sendable {
        /// Signalled when the task has ended.
        let done = DispatchSemaphore(value: 0)
        /// The bound of the body: the one asked for, or the sink's for an answer that goes to it.
        private var limit: Int
        private let lock = NSLock()
        private var data: [UInt8] = []
        /// Bytes handed to the sink so far.
        private var streamed = 0
        private var response: URLResponse?
        private var error: Error?
        private var tooLarge = false
        /// Takes the body of an answer with status 200 as it arrives, when given.
        private let sink: PlainHTTP.BodySink?
        private var streaming = false
        /// Why the sink refused a piece: what still comes is dropped, as past the bound.
        private var sinkError: SyncError?

        init(limit: Int, sink: PlainHTTP.BodySink?) {
            self.limit = limit
            self.sink = sink
        }

        /// Takes the answer's head; false when its announced length is past the bound (the
        /// waiting thread is woken to cancel the task).
        func receive(_ response: URLResponse) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            self.response = response
            if let sink, (response as? HTTPURLResponse)?.statusCode == 200 { (streaming, limit) = (true, sink.limit) }
            if response.expectedContentLength > Int64(limit) { passBound() }
            return !tooLarge
        }

        /// Takes more of the body; past the bound, what came is dropped, and so is all that
        /// comes after it, while the waiting thread cancels the task. An answer for the sink goes
        /// to it; when it refuses a piece, the rest is dropped so too.
        func receive(_ more: Data) {
            lock.lock()
            defer { lock.unlock() }
            guard !tooLarge, sinkError == nil else { return }
            if streaming, let sink {
                guard more.count <= limit - streamed else { return passBound() }
                streamed += more.count
                let taken = more.withUnsafeBytes { raw in Result { () throws(SyncError) in try sink.take(raw) } }
                if case .failure(let error) = taken {
                    sinkError = error
                    done.signal()
                }
                return
            }
            guard more.count <= limit - data.count else { return passBound() }
            if more.count > data.capacity - data.count {
                // Doubled, and straight to the bound once past half of it: a buffer nearly as large as the
                // bound is never copied into a larger one beside it.
                let grown = max(2 * data.capacity, data.count + more.count)
                data.reserveCapacity(grown > limit / 2 ? limit : grown)
            }
            // Copied whole (not byte by byte): the session waits for this queue while a window of pieces waits here.
            more.withUnsafeBytes { data.append(contentsOf: $0) }
        }

        /// Marks the answer as past its bound, drops what it held and wakes the waiting thread.
        private func passBound() {
            guard !tooLarge else { return }
            tooLarge = true
            data = []
            done.signal()
        }

        /// Whether the answer passed its bound or its sink refused it (the task is to be cancelled).
        var isStopped: Bool {
            lock.lock()
            defer { lock.unlock() }
            return tooLarge || sinkError != nil
        }

        func end(_ error: Error?) {
            lock.lock()
            self.error = error
            lock.unlock()
            done.signal()
        }

        /// Whether the connection failed before any answer, other than by a timeout or a cancel.
        var lostConnection: Bool {
            lock.lock()
            defer { lock.unlock() }
            guard let error, response == nil, !tooLarge, sinkError == nil else { return false }
            let code = (error as? URLError)?.code
            return code != .timedOut && code != .cancelled && code != .userAuthenticationRequired
        }

        func result(timeout: Double) throws(SyncError) -> (HTTPURLResponse, [UInt8]) {
            lock.lock()
            defer { lock.unlock() }
            if tooLarge { throw .messageTooLarge(limit: limit) }
            if let sinkError { throw sinkError }
            if let error {
                if let urlError = error as? URLError, urlError.code == .timedOut { throw .timeout(seconds: timeout) }
                throw .transport(.webRequestFailed(detail: error.localizedDescription))
            }
            guard let response = response as? HTTPURLResponse else { throw .transport(.noHTTPAnswer) }
            return (response, data)
        }
    }

    /// Hands each task's answer to its `Outcome` as it arrives, refuses redirects (a hub that
    /// moved answers with its 3xx, which is reported) and notes the requests the web server
    /// answered with a sign-in challenge (401).
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var challenged: Set<Int> = []
        private var outcomes: [Int: Outcome] = [:]

        func start(_ task: Int, _ outcome: Outcome) {
            lock.lock()
            defer { lock.unlock() }
            outcomes[task] = outcome
        }

        func end(_ task: Int) {
            lock.lock()
            defer { lock.unlock() }
            outcomes[task] = nil
        }

        private func outcome(_ task: URLSessionTask) -> Outcome? {
            lock.lock()
            defer { lock.unlock() }
            return outcomes[task.taskIdentifier]
        }

        func wasChallenged(_ task: Int) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            return challenged.remove(task) != nil
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let taken = outcome(dataTask)?.receive(response) ?? false
            completionHandler(taken ? .allow : .cancel)
        }

        /// Never cancels here: `cancel()` waits for the session's queue, which may be waiting for this one.
        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            outcome(dataTask)?.receive(data)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            outcome(task)?.end(error)
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }

        /// The login goes with every request already: a challenge means it was missing or refused.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            lock.lock()
            challenged.insert(task.taskIdentifier)
            lock.unlock()
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}

extension HTTPHub {
    /// The queue URLSession hands each piece of an answer to the delegate on, bounded to
    /// `window` pieces waiting. FoundationNetworking on Linux cannot pause libcurl's receiving
    /// (its `_NativeProtocol` stops with "Need to solve pausing receive"; the answer's
    /// disposition is ignored): it adds every piece libcurl delivers to this queue as it
    /// comes, so a peer faster than the delegate piled its answer up here, gigabytes of it.
    /// Adding waits while the window is full: the session's own queue, which reads the
    /// connection, waits with it, the socket's buffers fill, and TCP makes the peer wait.
    ///
    /// The wait is at most `patience` seconds (the session's queue is shared by every
    /// session of the process), and nothing that runs on this queue may wait for the
    /// session's queue (no `cancel()` from a delegate method), or the two would wait for
    /// each other until then.
    final class BoundedQueue: OperationQueue, @unchecked Sendable {
        private let permits: DispatchSemaphore
        private let patience: Double

        init(window: Int, patience: Double) {
            permits = DispatchSemaphore(value: window)
            self.patience = patience
            super.init()
            maxConcurrentOperationCount = 1
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            let held = permits.wait(timeout: .now() + .milliseconds(Int(patience * 1000))) == .success
            let permits = self.permits
            super.addOperation {
                block()
                if held { permits.signal() }
            }
        }
    }
}

/// A login for a hub on the web, sent as HTTP Basic authentication.
public struct HTTPCredentials: Sendable, Hashable {
    /// The user name.
    public var user: String
    /// The password.
    public var password: String

    /// A login of `user` with `password`.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The value of the `Authorization` header.
    var basicAuthorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// The login for `host` from the `.netrc` file `PLINGS_NETRC` names, or
    /// `~/.netrc` (as curl and git read it), or nil when there is none.
    public static func fromNetrc(host: String, environment: [String: String]) -> HTTPCredentials? {
        let path =
            environment["PLINGS_NETRC"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.netrc" }
        guard let path, let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        guard let login = Netrc(text: String(decoding: bytes, as: UTF8.self)).login(for: host) else { return nil }
        return HTTPCredentials(user: login.user, password: login.password)
    }
}

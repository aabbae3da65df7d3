import Foundation
import PlingsKit
import PlingsSync

/// The hub's routes on the web, below the program's base:
///
/// - `POST /sync`: one sync protocol message in, its answer out
///   (`application/x-ndjson`); a push needs write access, and its commands
///   are recorded with the signed-in user as their actor.
/// - `GET /log` with `Range: bytes=OFFSET-`: a page of the hub's raw log from
///   a line boundary, ending at a whole batch; a page that does not reach the
///   head never changes, so it is sent as immutable.
/// - `GET /snapshot`: the newest snapshot the hub published (`plings rebuild`), for shallow clones.
package enum SyncRoutes {
    /// The largest `POST /sync` body taken.
    package static let maxRequestBytes = 32 << 20
    /// The largest page of the log sent at once (more only for one larger batch).
    package static let maxPageBytes = 64 << 20
    /// The content type of sync messages and log pages.
    package static let ndjson = "application/x-ndjson"

    /// Adds the sync routes for the hub log at `hubPath` to `router`.
    package static func add(to router: inout WebRouter, hubPath: String) {
        router.add("POST", "/sync", access: .reader) { request throws(WebFailure) in
            try sync(request, hubPath: hubPath)
        }
        router.add("GET", "/log", access: .reader) { request throws(WebFailure) in
            try log(request, hubPath: hubPath)
        }
        router.add("GET", "/snapshot", access: .reader) { request throws(WebFailure) in
            try snapshot(request, hubPath: hubPath)
        }
    }

    /// The content type of a published snapshot.
    package static let snapshotType = "application/octet-stream"

    /// `GET /snapshot`: the hub's newest published snapshot, checked whole and against the log before it
    /// is sent (see `PublishedSnapshot`); 404 with a one-line reason when none can be served. Its bytes
    /// never change for its `ETag` (the seq and hash of the line it was taken at); the next `rebuild`
    /// publishes a newer one under the same name, so a cache asks again each time (`no-cache`).
    static func snapshot(_ request: WebRequest, hubPath: String) throws(WebFailure) -> WebResponse {
        let published: PublishedSnapshot.Checked
        switch PublishedSnapshot.load(forLog: hubPath) {
        case .success(let checked): published = checked
        case .failure(.none): throw WebFailure(404, .webNoSnapshot)
        case .failure(let problem):
            let why = problem == .stale ? "the log no longer has the line it was taken at" : "it is damaged"
            FileHandle.standardError.write(Data("plings serve: the published snapshot is not served: \(why)\n".utf8))
            throw WebFailure(404, .webNoSnapshot)
        }
        let headers: [(name: String, value: String)] = [
            (name: "ETag", value: published.etag), (name: "Cache-Control", value: "no-cache"),
            (name: "Plings-Snapshot-Seq", value: String(published.cursor.lastSeq)),
        ]
        if let match = request.header("if-none-match"),
            match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == published.etag })
        {
            return WebResponse(status: 304, contentType: snapshotType, body: [], headers: headers)
        }
        return WebResponse(contentType: snapshotType, body: published.bytes, headers: headers)
    }

    /// `POST /sync`.
    static func sync(_ request: WebRequest, hubPath: String) throws(WebFailure) -> WebResponse {
        let type = request.header("content-type")?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        // Only this type: a browser's cross-site form cannot send it without the page's consent (CORS).
        guard type == ndjson else { throw WebFailure(415, .webUnsupportedType, ["type": ndjson]) }
        let body = try request.body.read(limit: maxRequestBytes)
        let message: SyncMessage
        do throws(SyncError) {
            message = try SyncMessage.parse(body)
        } catch {
            return answer(SyncHub.errorAnswer(error))
        }
        if message.header.op == "push", request.permission != .write {
            throw WebFailure(403, .webReadOnly, ["user": request.user ?? ""])
        }
        do throws(SyncError) {
            let hub = try SyncHub(path: hubPath)
            return answer(try hub.handle(message, user: request.user))
        } catch .deviceTaken(let device) {
            throw WebFailure(403, .syncDeviceTaken, ["name": device])
        } catch .store(let error) {
            // The reason names files of the server: it goes to the server's log, not to the client.
            FileHandle.standardError.write(Data(("plings serve: " + error.message(.en) + "\n").utf8))
            throw WebFailure(503, .webHubUnavailable)
        } catch .alreadyADevice, .mirrorNotAHub {
            throw WebFailure(503, .webHubUnavailable)
        } catch {
            return answer(SyncHub.errorAnswer(error))
        }
    }

    /// A protocol answer (an `error` answer too: the protocol carries its own failures).
    private static func answer(_ message: SyncMessage) -> WebResponse {
        WebResponse(contentType: ndjson, body: message.bytes, headers: [(name: "Cache-Control", value: "no-store")])
    }

    /// `GET /log`.
    static func log(_ request: WebRequest, hubPath: String) throws(WebFailure) -> WebResponse {
        let range = try byteRange(request.header("range"))
        let budget = range.last.map { Int(min(Int64(maxPageBytes), $0 - range.first + 1)) } ?? LogPage.defaultBytes
        let page: LogPage
        do {
            page = try LogPage.read(logPath: hubPath, from: range.first, budget: min(budget, maxPageBytes))
        } catch .store(let error) {
            FileHandle.standardError.write(Data(("plings serve: " + error.message(.en) + "\n").utf8))
            throw WebFailure(503, .webHubUnavailable)
        } catch {
            throw WebFailure(416, .webBadRange, headers: [(name: "Content-Range", value: "bytes */*")])
        }
        guard let hash = page.lastHash else {
            throw WebFailure(416, .webBadRange, headers: [(name: "Content-Range", value: "bytes */*")])
        }
        let etag = "\"\(page.start)-\(page.end)-\(hash.prefix(16))\""
        var headers: [(name: String, value: String)] = [
            (name: "ETag", value: etag), (name: "Accept-Ranges", value: "bytes"),
            (name: "Cache-Control", value: page.reachesHead ? "no-cache" : "public, max-age=31536000, immutable"),
        ]
        if let match = request.header("if-none-match"),
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == etag
            })
        {
            return WebResponse(status: 304, contentType: ndjson, body: [], headers: headers)
        }
        if request.header("range") != nil {
            headers.append((name: "Content-Range", value: "bytes \(page.start)-\(page.end - 1)/*"))
        }
        return WebResponse(
            status: request.header("range") == nil ? 200 : 206, contentType: ndjson, body: page.bytes,
            headers: headers)
    }

    /// The one range of `Range: bytes=FIRST-[LAST]` (from 0 without the header).
    /// - Throws: 400 for any other form (several ranges, a suffix range, another unit).
    static func byteRange(_ header: String?) throws(WebFailure) -> (first: Int64, last: Int64?) {
        guard let header else { return (0, nil) }
        let bad = WebFailure(400, .webBadRange)
        guard header.hasPrefix("bytes=") else { throw bad }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = { (text: Substring) in
            !text.isEmpty && text.count <= 18 && text.allSatisfy { $0.isASCII && $0.isNumber }
        }
        guard parts.count == 2, digits(parts[0]), let first = Int64(parts[0]) else { throw bad }
        if parts[1].isEmpty { return (first, nil) }
        guard digits(parts[1]), let last = Int64(parts[1]), last >= first else { throw bad }
        return (first, last)
    }
}

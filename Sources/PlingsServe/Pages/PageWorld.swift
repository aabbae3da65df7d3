import Foundation
import PlingsKit
import PlingsText
import PlingsWeb

/// The hub's log as the pages read it: every page through the library's query layer
/// (`Query`), the same calls the command line's views make, so a page costs what the
/// command line's view of it costs: a card (with the picture of what it holds) read in place
/// from the head snapshot or the object timeline, a history from the object timeline, the
/// world at a point only for the views of the whole world (tree, away, find, the move's
/// prediction).
package struct PageWorld: Sendable {
    /// The hub log's path.
    package let path: String

    package init(path: String) { self.path = path }

    /// The query layer over the hub log.
    package var query: Query { Query(path: path) }

    /// The point `?at=` asks for, or nil without one.
    /// - Throws: 400 when `at` is not a seq, a time or a date.
    package static func asked(_ c: PageContext) throws(WebFailure) -> AskedPoint? {
        guard let text = c.query.nonEmpty("at") else { return nil }
        guard text.utf8.count <= 64, let asked = AskedPoint.parse(text, zone: .utc) else {
            throw WebFailure(400, .pageBadPoint, ["value": Printable.quote(text, limit: 40)])
        }
        return asked
    }

    /// The id of the route's `{id}`.
    /// - Throws: 404 (in the page's words) when it is malformed.
    package static func id(_ c: PageContext) throws(WebFailure) -> ObjectID {
        let text = c.request.parameters["id"] ?? ""
        guard ObjectID.problem(with: text) == nil else { throw noSuchThing(text) }
        return ObjectID(unchecked: text)
    }

    static func noSuchThing(_ text: String) -> WebFailure {
        WebFailure(404, .pageNoSuchThing, ["id": Printable.quote(text, limit: 64)])
    }

    /// What a query's error means for a page: an object not there (at the point) is 404; a
    /// log that cannot be read is 503, its reason in the server's error log.
    static func failure(_ error: any Error) -> WebFailure {
        switch error {
        case DomainError.unknownObject(let unknown): return noSuchThing(unknown.rawValue)
        case QueryError.notYet(let notYet, _): return noSuchThing(notYet.rawValue)
        case QueryError.pastHead(let asked, let head):
            return WebFailure(404, .pagePastHead, ["asked": String(asked), "head": String(head)])
        default:
            let reason = (error as? StoreError)?.message(.en) ?? String(describing: error)
            FileHandle.standardError.write(Data(("plings serve: " + reason + "\n").utf8))
            return WebFailure(503, .webHubUnavailable)
        }
    }

    /// Runs a query; its errors as `failure` says.
    func reading<T>(_ body: () throws -> T) throws(WebFailure) -> T {
        do {
            return try body()
        } catch {
            throw Self.failure(error)
        }
    }

    /// What the page says first at a point: "As of #46 (…)" or, for a time after the last
    /// event, "After the last event (…)", for a read that came to `reached` (at `at`). A seq past
    /// the last event is no point: the read refused it (404, naming the last event).
    func answer(_ asked: AskedPoint, reached: Int64, at: Timestamp) throws(WebFailure) -> PointAnswer {
        let head = max(query.lastLineSeq() ?? reached, reached)
        do {
            return try PointAnswer(asked, reached: reached, at: at, head: head)
        } catch {
            throw Self.failure(error)
        }
    }

    /// The world at `asked` (the head when nil), as the views of the whole world read it
    /// (`Query.world`), and what the page says first at the point.
    package func world(at asked: AskedPoint? = nil) throws(WebFailure) -> (state: WorldState, answer: PointAnswer?) {
        let state = try reading { try query.world(at: asked?.limit) }
        guard let asked else { return (state, nil) }
        return (state, try answer(asked, reached: state.lastSeq, at: state.lastAt))
    }

    /// The card of `id` at `asked` (the head when nil) and what `body` reads of it in the same
    /// read (`Query.object`, as `Query.card`), and what the page says first at the point.
    package func object<Value>(
        _ id: ObjectID, at asked: AskedPoint? = nil, _ body: (ObjectIndex, any CardReading) -> Value
    ) throws(WebFailure) -> (read: Query.ObjectRead<Value>, answer: PointAnswer?) {
        let read = try reading { try query.object(id, at: asked?.limit, body) }
        guard let asked else { return (read, nil) }
        return (read, try answer(asked, reached: read.card.asOfSeq, at: read.at))
    }

    /// The card of `id` at the head (`Query.card`).
    package func card(_ id: ObjectID) throws(WebFailure) -> Card {
        try reading { try query.card(of: id) }
    }

    /// The history of `id` (`Query.history`), worded in `language`.
    package func history(_ id: ObjectID, language: Language) throws(WebFailure) -> ObjectHistory.Result {
        try reading { try query.history(of: id, language: language) }
    }

    /// The events about `id`, oldest first, as `plings log --object --json` reads them
    /// (`Query.lines`: the lines the object timeline places, without sentences).
    package func events(_ id: ObjectID) throws(WebFailure) -> [Event] {
        var events: [Event] = []
        _ = try reading { try query.lines(LogFilter(object: id)) { _, event in events.append(event) } }
        return events
    }

    /// The entries about `id` from `from` to `to` (seqs), as `plings log --object` words them
    /// (`Query.entries`; only those events are worded), all of them when `from` is nil.
    package func entries(_ id: ObjectID, from: Int64? = nil, to: Int64? = nil, language: Language) throws(WebFailure)
        -> [LogEntry]
    {
        var entries: [LogEntry] = []
        let filter = LogFilter(from: from.map { .seq($0) }, object: id)
        _ = try reading {
            try query.entries(filter, to: to.map { .seq($0) }, language: language) { entries.append($0) }
        }
        return entries
    }

    /// The object of the route's `{id}`, in `state`.
    /// - Throws: 404 (in the page's words) when the id is malformed or names nothing there.
    package static func object(_ c: PageContext, _ state: WorldState) throws(WebFailure) -> (ObjectID, ObjectIndex) {
        let id = try id(c)
        guard let x = state.registry.index(of: id) else { throw noSuchThing(id.rawValue) }
        return (id, x)
    }
}

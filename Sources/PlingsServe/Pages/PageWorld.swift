import Foundation
import PlingsKit
import PlingsText

/// The hub's log as the pages read it: the world at the head or at a point, through the
/// library's `Timeline` (its snapshots and its one choice of where to start), never a copy.
package struct PageWorld: Sendable {
    /// The hub log's path.
    package let path: String

    package init(path: String) { self.path = path }

    /// The point `?at=` asks for, or nil without one.
    /// - Throws: 400 when `at` is not a seq, a time or a date.
    package static func asked(_ c: PageContext) throws(WebFailure) -> AskedPoint? {
        guard let text = c.query.nonEmpty("at") else { return nil }
        guard text.utf8.count <= 64, let asked = AskedPoint.parse(text, zone: .utc) else {
            throw WebFailure(400, .pageBadPoint, ["value": Printable.quote(text, limit: 40)])
        }
        return asked
    }

    /// The world at `asked` (at the head when nil).
    /// - Throws: 503 when the log cannot be read (the reason goes to the server's error log).
    package func state(at asked: AskedPoint? = nil) throws(WebFailure) -> WorldState {
        try point(at: asked).state
    }

    /// The world at `asked` and where the read came to.
    package func point(at asked: AskedPoint?) throws(WebFailure) -> Timeline.Point {
        do {
            return try Timeline(path: path).state(at: asked?.limit)
        } catch {
            FileHandle.standardError.write(Data(("plings serve: " + error.message(.en) + "\n").utf8))
            throw WebFailure(503, .webHubUnavailable)
        }
    }

    /// What the page says first at a point: "As of #46 (…)" or "After the last event (…)".
    package static func answer(_ asked: AskedPoint, _ point: Timeline.Point) -> PointAnswer {
        let reached = point.cursor.lastSeq
        // A read stops short of a seq only at the log's end: then the head is what it reached.
        let head: Int64 =
            if case .seq(let s) = asked.limit, s > reached { reached } else { Int64.max }
        return PointAnswer(asked, reached: reached, at: point.state.lastAt, head: head)
    }

    /// The object of the route's `{id}`, in `state`.
    /// - Throws: 404 (in the page's words) when the id is malformed or names nothing there.
    package static func object(_ c: PageContext, _ state: WorldState) throws(WebFailure) -> (ObjectID, ObjectIndex) {
        let text = c.request.parameters["id"] ?? ""
        let id = ObjectID(unchecked: text)
        guard ObjectID.problem(with: text) == nil, let x = state.registry.index(of: id) else {
            throw WebFailure(404, .pageNoSuchThing, ["id": Printable.quote(text, limit: 64)])
        }
        return (id, x)
    }
}

import Foundation
import PlingsKit
import PlingsText
import PlingsWeb

/// The card's buttons as plain POSTs (return, seen, undo) and the one way every form of the
/// pages appends: through the library's store, as the signed-in user, then back to the card.
enum VerbPosts {
    /// The card's `?done=` after a form that changed nothing (the card says it in its own language).
    static let unchanged = "unchanged"

    /// The largest form body taken.
    static let maxFormBytes = 16 << 10

    /// The fields of a POSTed form.
    /// - Throws: 415 for another content type, 411/413/400 as the body's reading says.
    static func form(_ request: WebRequest) throws(WebFailure) -> FormFields {
        let type = request.header("content-type")?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard type == "application/x-www-form-urlencoded" else {
            throw WebFailure(415, .webUnsupportedType, ["type": "application/x-www-form-urlencoded"])
        }
        let body = try request.body.read(limit: maxFormBytes)
        return FormFields(String(decoding: body, as: UTF8.self))
    }

    /// `POST /o/ID/return`.
    static func returnHome(_ c: PageContext, _ world: PageWorld, _ fields: FormFields) throws(WebFailure) -> WebResponse
    {
        try append(c, world, try id(c), .returnHome(try id(c)), expected: nil, problem: nil)
    }

    /// `POST /o/ID/seen`.
    static func seen(_ c: PageContext, _ world: PageWorld, _ fields: FormFields) throws(WebFailure) -> WebResponse {
        try append(c, world, try id(c), .seen(try id(c)), expected: nil, problem: nil)
    }

    /// `POST /o/ID/undo` with `seq`: undoes that event, as `plings undo SEQ` does.
    static func undo(_ c: PageContext, _ world: PageWorld, _ fields: FormFields) throws(WebFailure) -> WebResponse {
        let id = try id(c)
        guard let seq = fields.nonEmpty("seq").flatMap({ Int64($0) }), seq > 0 else {
            throw WebFailure(400, .pageIncompleteForm)
        }
        let basis: UndoBasis
        do {
            basis = try UndoLookup.basis(seq: seq, actor: nil, path: world.path)
        } catch let error as DomainError {
            return refusal(c, id, c.text.message(error))
        } catch {
            throw WebFailure(503, .webHubUnavailable)
        }
        return try append(c, world, id, .undo(basis), expected: nil, problem: nil)
    }

    /// The object of the route.
    static func id(_ c: PageContext) throws(WebFailure) -> ObjectID {
        let text = c.request.parameters["id"] ?? ""
        guard ObjectID.problem(with: text) == nil else {
            throw WebFailure(404, .pageNoSuchThing, ["id": Printable.quote(text, limit: 64)])
        }
        return ObjectID(unchecked: text)
    }

    /// Appends `command` as the signed-in user (when the log's last seq is still `expected`,
    /// if given), then answers 303 to the card with what was done. A refusal, or a log that
    /// moved on, is shown by `problem`'s page (409), or as a line of text.
    static func append(
        _ c: PageContext, _ world: PageWorld, _ object: ObjectID, _ command: Command, expected: Int64?,
        problem: ((WorldState, String) -> WebResponse?)?
    ) throws(WebFailure) -> WebResponse {
        let said: String
        do {
            let store = try Store(path: world.path)
            let outcome = try store.execute(command, actor: c.request.user, expectedSeq: expected)
            let seq = outcome.events.last?.seq
            return redirect(c, object, done: seq.map { "#\($0)" } ?? unchanged)
        } catch .domain(let error) {
            said = c.text.message(error)
        } catch .log(.conflict) {
            said = c.text(.pageChangedSince)
        } catch {
            FileHandle.standardError.write(Data(("plings serve: " + error.message(.en) + "\n").utf8))
            throw WebFailure(503, .webHubUnavailable)
        }
        if let problem, let state = try? world.world().state, let page = problem(state, said) { return page }
        return refusal(c, object, said)
    }

    /// A short page saying why nothing was written, with the way back to the card.
    static func refusal(_ c: PageContext, _ id: ObjectID, _ reason: String) -> WebResponse {
        PageShell.page(
            c, path: "/o/" + FormFields.encode(id.rawValue), title: c.text(.pageNotDone), status: 409,
            [
                .element("h1", [], [.text(c.text(.pageNotDone))]),
                .element("p", [Attribute("class", "error"), Attribute("id", "problem")], [.text(reason)]),
                .element("p", [], [.element("a", [Attribute("href", c.card(id.rawValue))], [.text(id.rawValue)])]),
            ])
    }

    /// 303 See Other to the card, which says what was done.
    static func redirect(_ c: PageContext, _ id: ObjectID, done: String) -> WebResponse {
        let location = c.link("/o/" + FormFields.encode(id.rawValue), [("done", done)])
        return WebResponse(
            status: 303, contentType: "text/plain; charset=utf-8", body: [],
            headers: [
                (name: "Location", value: location), (name: "Cache-Control", value: "no-store"),
            ])
    }
}

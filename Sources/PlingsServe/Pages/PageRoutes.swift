import PlingsKit
import PlingsText
import PlingsWeb

/// The web pages below the program's base (issue 24's route table): the start page, the card
/// (now and at a point), the history, the move flow, the tree, find, what is away, the
/// picture of a place and the label sheet; the buttons of the card post to their own routes.
/// Every page reads through the library's views; every text comes from the catalog.
package enum PageRoutes {
    /// Adds the pages for the hub log at `hubPath` to `router`.
    package static func add(to router: inout WebRouter, hubPath: String) {
        let world = PageWorld(path: hubPath)
        PageAssets.add(to: &router)
        let pages: [(String, @Sendable (PageContext, PageWorld) throws(WebFailure) -> WebResponse)] = [
            ("/", ListPages.home), ("/find", ListPages.find), ("/away", ListPages.away), ("/tree", ListPages.tree),
            ("/o/{id}", CardPage.page), ("/o/{id}/history", HistoryPage.page),
            ("/o/{id}/move", MovePage.page), ("/o/{id}/picture", PicturePages.picture),
            ("/labels", PicturePages.labels),
        ]
        for (path, page) in pages {
            router.add("GET", path, access: .reader) { request throws(WebFailure) in
                try answer(request) { c throws(WebFailure) in try page(c, world) }
            }
        }
        let posts: [(String, @Sendable (PageContext, PageWorld, FormFields) throws(WebFailure) -> WebResponse)] = [
            ("/o/{id}/move", MovePage.post), ("/o/{id}/return", VerbPosts.returnHome),
            ("/o/{id}/seen", VerbPosts.seen), ("/o/{id}/undo", VerbPosts.undo),
        ]
        for (path, post) in posts {
            router.add("POST", path, access: .writer) { request throws(WebFailure) in
                try answer(request) { c throws(WebFailure) in
                    let fields = try VerbPosts.form(request)
                    try CSRFToken.check(request, fields)
                    return try post(c, world, fields)
                }
            }
        }
    }

    /// The page's answer; a failure is said in the page's language (`?lang=` too), on a page.
    static func answer(
        _ request: WebRequest, _ make: (PageContext) throws(WebFailure) -> WebResponse
    ) throws(WebFailure) -> WebResponse {
        let c = PageContext(request)
        do throws(WebFailure) {
            return try make(c)
        } catch {
            return failure(c, error)
        }
    }

    /// A failure as a page with its status: the bar (the way home, the other language, the find
    /// box) and the one-line reason, so a phone that followed a bad link or a scanned label of a
    /// thing not here shows a readable page and a way on, not a line of plain text.
    static func failure(_ c: PageContext, _ error: WebFailure) -> WebResponse {
        let path = "/" + c.request.path.map(FormFields.encode).joined(separator: "/")
        var response = PageShell.page(
            c, path: path, title: c.text(.pageNotShown), status: error.status,
            [
                .element("h1", [], [.text(c.text(.pageNotShown))]),
                .element(
                    "p", [Attribute("class", "error"), Attribute("id", "problem")],
                    [.text(c.text(error.key, error.values))]),
            ])
        response.headers += error.headers
        return response
    }
}

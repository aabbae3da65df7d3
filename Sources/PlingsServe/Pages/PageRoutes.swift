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

    /// The page's answer; a failure is said in the page's language (`?lang=` too).
    static func answer(
        _ request: WebRequest, _ make: (PageContext) throws(WebFailure) -> WebResponse
    ) throws(WebFailure) -> WebResponse {
        let c = PageContext(request)
        do throws(WebFailure) {
            return try make(c)
        } catch {
            var response = error.response(c.language)
            response.headers.append((name: "Content-Security-Policy", value: PageShell.policy))
            response.headers.append((name: "X-Content-Type-Options", value: "nosniff"))
            return response
        }
    }
}

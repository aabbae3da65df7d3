import Foundation
import PlingsServe

/// `plings serve --cgi [--access FILE]`: answers the one HTTP request of this
/// process as a CGI program behind a web server, for the hub log `--log`.
enum ServeCGI {
    /// The routes of the hub on the web: the sync routes and the web pages.
    static func router(hubPath: String, accessList: AccessList?) -> WebRouter {
        var router = WebRouter(accessList: accessList)
        SyncRoutes.add(to: &router, hubPath: hubPath)
        PageRoutes.add(to: &router, hubPath: hubPath)
        return router
    }

    static func run(access: String?, _ context: Context) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var accessList: AccessList?
        var failure: WebFailure?
        if let access {
            do throws(WebFailure) {
                accessList = try AccessList(text: try readAccessFile(access))
            } catch {
                failure = error
            }
        }
        let output = FileHandle.standardOutput
        if let failure {
            let language = WebRequest.language(accepting: environment["HTTP_ACCEPT_LANGUAGE"]) ?? context.language
            try? output.write(contentsOf: Data(CGIGateway.bytes(of: failure.response(language))))
            return ExitStatus.ok
        }
        let router = router(hubPath: context.logPath, accessList: accessList)
        CGIGateway.serve(router, environment: environment, input: FileHandle.standardInput, output: output)
        return ExitStatus.ok
    }

    /// The access file's text. A file that cannot be read is the server's
    /// fault: its path goes to the server's error log, the client gets 503.
    private static func readAccessFile(_ path: String) throws(WebFailure) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            FileHandle.standardError.write(Data("plings serve: cannot read the access list '\(path)'\n".utf8))
            throw WebFailure(503, .webHubUnavailable)
        }
        return text
    }
}

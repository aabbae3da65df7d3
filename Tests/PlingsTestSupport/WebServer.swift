import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real web server for the tests of the hub on the web: lighttpd from
/// Debian's package, on 127.0.0.1 at a free port, in a temporary folder,
/// running `plings serve --cgi` through the configuration that
/// docs/deploy/lighttpd-plings.conf documents. Stopped when released.
///
/// Tests that need it are enabled with `.enabled(if: WebServer.isAvailable)`,
/// so where lighttpd is missing they are reported as skipped, never passed
/// (`scripts/install-test-tools.sh` installs it; `.ci/run` calls that).
public final class WebServer: @unchecked Sendable {
    /// Whether lighttpd and the modules the configuration loads are installed.
    public static var isAvailable: Bool {
        let modules = ["mod_cgi", "mod_auth", "mod_authn_file", "mod_deflate"]
        return FileManager.default.isExecutableFile(atPath: lighttpd)
            && modules.allSatisfy { FileManager.default.fileExists(atPath: "/usr/lib/lighttpd/\($0).so") }
    }

    /// Whether TLS can be served and a throwaway CA made (mod_openssl, openssl).
    public static var tlsAvailable: Bool {
        isAvailable && FileManager.default.fileExists(atPath: "/usr/lib/lighttpd/mod_openssl.so")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
    }

    static let lighttpd = "/usr/sbin/lighttpd"

    /// The folder of the configuration, the wrapper, the logins and the logs.
    public let directory = TemporaryDirectory()
    public let port: Int
    /// Where TLS is served, when started with it.
    public let tls: ThrowawayCA?
    private let pid: pid_t
    private var stopped = false

    /// `http(s)://127.0.0.1:PORT/plings`: the hub.
    public var hubURL: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)/plings" }
    /// The same hub without a sign-in (the web server sets no REMOTE_USER there).
    public var openURL: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)/open" }

    /// Starts lighttpd serving the hub log `hubPath` with `plings` (the
    /// executable), the logins `users` (user → password) and, when given,
    /// the access list `access` (its text).
    /// - Parameters:
    ///   - wrapper: the wrapper script's body, to make the CGI misbehave
    ///     (`PLINGS` and `HUB` and `ACCESS` are replaced); the documented one when nil.
    public init(
        hubPath: String, plings: String, users: [String: String], access: String? = nil, tls: Bool = false,
        wrapper: String? = nil
    ) throws {
        let root = directory.path
        try FileManager.default.createDirectory(atPath: root + "/www", withIntermediateDirectories: true)
        var command = "exec 'PLINGS' --log 'HUB' serve --cgi"
        if let access {
            writeBytes(Array(access.utf8), to: root + "/access")
            command += " --access 'ACCESS'"
        }
        let script = (wrapper ?? command).replacingOccurrences(of: "PLINGS", with: plings)
            .replacingOccurrences(of: "HUB", with: hubPath).replacingOccurrences(of: "ACCESS", with: root + "/access")
        try Self.writeExecutable(Array("#!/bin/sh\n\(script)\n".utf8), to: root + "/plings.cgi")
        let logins = users.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)\n" }.joined()
        writeBytes(Array(logins.utf8), to: root + "/users")
        self.tls = tls ? try ThrowawayCA(in: root) : nil
        var started: (pid_t, Int)?
        for _ in 0..<20 where started == nil {
            started = try Self.start(root: root, port: Int.random(in: 20_000..<60_000), tls: self.tls)
        }
        guard let started else { throw WebServerError.notStarted(Self.errorLog(root)) }
        (pid, port) = started
    }

    deinit { stop() }

    /// Stops the server (SIGTERM; SIGKILL after ten seconds) and waits for it.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        Self.stop(pid)
    }

    static func stop(_ pid: pid_t) {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return
            }
            usleep(10_000)
        }
    }

    /// Writes the CGI program through a descriptor closed on exec, so that no process another test
    /// starts meanwhile holds it open for writing: lighttpd's exec of a file open for writing
    /// fails (ETXTBSY) and every request to the hub is a 500 for as long as that process lives.
    static func writeExecutable(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw WebServerError.notStarted("cannot write \(path)") }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let put = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard put > 0 else { throw WebServerError.notStarted("cannot write \(path)") }
            written += put
        }
    }

    /// Starts `path ARGS` with no signal blocked and every signal at its
    /// default action: lighttpd keeps the mask it is started with, and the
    /// threads of a test runner block most signals (SIGTERM and SIGCHLD among them).
    /// It inherits no descriptor but its standard three: a test runner's other threads open
    /// files without close-on-exec (Foundation's atomic writes among them), and a server that
    /// held one open for writing for its whole life made another server's CGI program
    /// unexecutable (ETXTBSY: lighttpd answered 500 to every request of that test).
    static func spawn(_ path: String, _ arguments: [String]) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD, SIGUSR1] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeFrom3(&actions)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0 else { return nil }
        return pid
    }

    /// Adds "close every descriptor from 3 up" to `actions`: glibc's
    /// posix_spawn_file_actions_addclosefrom_np (2.34 and later; not in Swift's Glibc module, so looked up
    /// by name); where it is missing, nothing (on Darwin a spawn closes nothing either unless asked).
    static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    /// The access log's lines: `HOST USER "REQUEST" STATUS BYTES-IN BYTES-OUT`.
    public func accessLog() -> [String] {
        String(decoding: fileBytes(directory.file("access.log")), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The web server's error log (what a CGI program wrote to its standard error, among others).
    public func errorLog() -> [String] {
        Self.errorLog(directory.path).split(separator: "\n").map(String.init)
    }

    /// Writes the logins of `user` to a netrc file in the folder; its path.
    public func netrc(user: String, password: String) -> String {
        let path = directory.file("netrc-\(user)-\(password)")
        writeBytes(Array("machine 127.0.0.1 login \(user) password \(password)\n".utf8), to: path)
        return path
    }

    /// Starts lighttpd on `port`; nil when the port is taken (or it stopped at once).
    private static func start(root: String, port: Int, tls: ThrowawayCA?) throws -> (pid_t, Int)? {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/deploy/lighttpd-plings.conf").path
        var config = """
            var.plings_root = "\(root)"
            var.plings_bind = "127.0.0.1"
            var.plings_port = \(port)
            include "\(docs)"
            # The same CGI without a sign-in: the web server sets no REMOTE_USER.
            alias.url += ( "/open" => var.plings_root + "/plings.cgi" )

            """
        if let tls {
            config += """
                server.modules += ( "mod_openssl" )
                ssl.engine = "enable"
                ssl.pemfile = "\(tls.serverCertificate)"
                ssl.privkey = "\(tls.serverKey)"

                """
        }
        let path = root + "/lighttpd.conf"
        writeBytes(Array(config.utf8), to: path)
        try? FileManager.default.removeItem(atPath: root + "/error.log")
        guard let pid = spawn(lighttpd, ["-D", "-f", path]) else { throw WebServerError.notStarted("posix_spawn") }
        // Generous: a loaded machine may take seconds to start it; a taken port ends it at once.
        let deadline = Date().addingTimeInterval(60)
        var status: Int32 = 0
        while Date() < deadline {
            if errorLog(root).contains("server started") { return (pid, port) }
            if waitpid(pid, &status, WNOHANG) == pid { return nil }
            usleep(20_000)
        }
        stop(pid)
        return nil
    }

    static func errorLog(_ root: String) -> String {
        String(decoding: fileBytes(root + "/error.log"), as: UTF8.self)
    }
}

/// Why the web server did not start.
public enum WebServerError: Error {
    case notStarted(String)
    case openssl(String)
}

/// A certificate authority made for one test with `openssl`, and a server
/// certificate it signed for 127.0.0.1 and localhost.
public struct ThrowawayCA: Sendable {
    /// The CA's certificate (PEM): what a device must trust.
    public let certificate: String
    public let serverCertificate: String
    public let serverKey: String

    /// Makes the CA and the server's certificate and key in `folder`.
    public init(in folder: String) throws {
        certificate = folder + "/ca.pem"
        serverCertificate = folder + "/server.pem"
        serverKey = folder + "/server.key"
        let ext = folder + "/server.ext"
        writeBytes(
            Array(
                "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
                    .utf8), to: ext)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try Self.openssl(
            ["req", "-x509"] + ec + [
                "-keyout", folder + "/ca.key", "-out", certificate, "-days", "2", "-subj",
                "/CN=Plings throwaway test CA",
            ])
        try Self.openssl(
            ["req"] + ec + ["-keyout", serverKey, "-out", folder + "/server.csr", "-subj", "/CN=127.0.0.1"])
        try Self.openssl([
            "x509", "-req", "-in", folder + "/server.csr", "-CA", certificate, "-CAkey", folder + "/ca.key",
            "-CAcreateserial", "-out", serverCertificate, "-days", "2", "-extfile", ext,
        ])
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw WebServerError.openssl(arguments.joined(separator: " ")) }
    }
}

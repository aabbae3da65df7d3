import Foundation
import PlingsKit
import PlingsSync
import PlingsText

extension ExitStatus {
    /// `plings sync`: everything synced, but the hub refused at least one command.
    public static let refused: Int32 = 3
}

/// `clone`, `sync`, `pending` and `serve`: the device side and the hub side of sync.
enum SyncCommands {
    static let definitions: [String: CommandDefinition] = [
        "clone": CommandDefinition(
            spec: CommandSpec(
                positionals: ["SOURCE"], optionalPositionals: 1, valued: ["--device", "--via"],
                flags: ["--insecure-http", "--shallow"]),
            run: clone),
        "sync": CommandDefinition(
            spec: CommandSpec(
                positionals: ["SOURCE"], optionalPositionals: 1, valued: ["--via"],
                flags: ["--json", "--insecure-http"]),
            run: sync),
        "pending": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--move-to"], flags: ["--json"]), run: pending),
        "serve": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--access"], flags: ["--stdio", "--cgi"]), run: serve),
    ]

    static func fail(_ error: SyncError, _ context: Context) -> CLIError {
        CLIError.failure(context.text.message(error))
    }

    /// The transport for SOURCE: `--via`, an ssh:// URL, or a hub log's path.
    static func transport(
        source: String?, via: String?, insecureHTTP: Bool = false, _ context: Context
    ) throws(SyncError) -> SyncTransport {
        let seconds = timeout(ProcessInfo.processInfo.environment)
        if let via { return try ProcessTransport(shellCommand: via, timeout: seconds) }
        guard let source, !source.isEmpty else { throw .transport(.noSource) }
        if isWebURL(source) {
            return try HTTPTransport(hub: webHub(source, insecureHTTP: insecureHTTP, context))
        }
        if source.hasPrefix("ssh://") {
            return try ProcessTransport(
                sshURL: source, environment: ProcessInfo.processInfo.environment, timeout: seconds)
        }
        return try LocalTransport(hubPath: source)
    }

    static func clone(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let source = args.positionals.first ?? ""
        let via = args.values["--via"]
        guard !source.isEmpty || via != nil else {
            throw CLIError.usage(context.text(.missingArgument, ["name": "SOURCE", "usage": "plings clone SOURCE"]))
        }
        let name = args.values["--device"] ?? DeviceConfig.defaultName()
        if let problem = DeviceConfig.problem(with: name) {
            throw CLIError.usage(context.text.message(.invalidDevice(name, problem)))
        }
        do {
            let transport = try transport(
                source: source, via: via, insecureHTTP: args.flag("--insecure-http"), context)
            // A local hub is remembered by its absolute path: a later sync from another folder must
            // reach the same hub, never a file of the same name there.
            let remembered =
                source.isEmpty || source.hasPrefix("/") || source.hasPrefix("ssh://") || isWebURL(source)
                ? source : FileManager.default.currentDirectoryPath + "/" + source
            let config = DeviceConfig(source: remembered, via: via, device: name)
            let (device, report) = try Device.clone(
                logPath: context.logPath, config: config, transport: transport, shallow: args.flag("--shallow"))
            let events = context.text.count(.countEvents, report.pulled)
            context.terminal.out(
                context.text(
                    .syncCloned, ["events": events, "path": Printable.quote(context.logPath), "device": name]) + "\n")
            if let base = device.base {
                context.terminal.out(context.text(.syncClonedShallow, ["seq": String(base.lastSeq)]) + "\n")
            }
            return ExitStatus.ok
        } catch {
            throw fail(error, context)
        }
    }

    static func openDevice(_ context: Context) throws -> Device {
        do { return try Device(logPath: context.logPath) } catch { throw fail(error, context) }
    }

    static func sync(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let device = try openDevice(context)
        let report: SyncReport
        do {
            let source = args.positionals.first ?? device.config.source
            let via = args.values["--via"] ?? (args.positionals.isEmpty ? device.config.via : nil)
            let transport = try transport(
                source: source, via: via, insecureHTTP: args.flag("--insecure-http"), context)
            report = try SyncClient(device: device, transport: transport).sync()
        } catch {
            throw fail(error, context)
        }
        if args.flag("--json") {
            Commands.writeJSON(report, context)
        } else {
            context.terminal.out(SyncText.report(report, device: device, context.text))
        }
        return report.refused.isEmpty ? ExitStatus.ok : ExitStatus.refused
    }

    static func pending(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        if let target = args.values["--move-to"] { return try movePending(to: target, context) }
        let device = try openDevice(context)
        let view: OptimisticView
        do { view = try device.optimistic() } catch { throw fail(error, context) }
        if args.flag("--json") {
            Commands.writeJSON(context) { w in
                w.beginArray()
                for entry in device.pending.entries { entry.write(to: &w) }
                w.endArray()
            }
            return ExitStatus.ok
        }
        var reasons = Dictionary(
            uniqueKeysWithValues: view.refused.map { ($0.entry.dseq, context.text.message($0.error)) })
        for (entry, error) in view.unreadable { reasons[entry.dseq] = context.text.message(error) }
        for entry in device.pending.entries {
            var line = "\(device.config.device)#\(entry.dseq) \(entry.dat) \(SyncText.command(entry.command))"
            if let reason = reasons[entry.dseq] {
                line += " " + context.text(.syncLikelyRefused, ["reason": reason])
            }
            context.terminal.out(line + "\n")
        }
        if device.pending.entries.isEmpty {
            context.terminal.out(context.text(.syncNothingPending) + "\n")
        }
        return ExitStatus.ok
    }

    static func serve(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        if args.flag("--cgi") && !args.flag("--stdio") { return ServeCGI.run(access: args.values["--access"], context) }
        guard args.flag("--stdio"), args.values["--access"] == nil else {
            throw CLIError.usage(context.text(.syncServeNeedsStdio))
        }
        do throws(SyncError) {
            try SyncServer.run(
                hubPath: context.logPath, input: FileHandle.standardInput, output: FileHandle.standardOutput,
                timeout: timeout(ProcessInfo.processInfo.environment))
            return ExitStatus.ok
        } catch {
            // A broken request was answered on the stream, where the device reads it; a silent
            // device reads nothing, so that is said here.
            switch error {
            case .peerSilent, .peerTooSlow: throw fail(error, context)
            default: break
            }
            return ExitStatus.failure
        }
    }

    /// The hook for writing commands: on a device, a command is queued, not appended.
    static func enqueue(_ commands: [Command], _ args: Arguments, _ context: Context) throws -> Int32 {
        let device = try openDevice(context)
        let queued: [SyncProtocol.Pushed]
        do {
            queued = try device.enqueue(commands, at: SystemClock.now())
        } catch .store(.domain(let error)) {
            throw error
        } catch {
            throw fail(error, context)
        }
        if args.flag("--json") {
            Commands.writeJSON(context) { w in w.object { $0.field("pending", array: queued) { w, e in w.int(e.dseq) } }
            }
        } else {
            for entry in queued {
                let values = [
                    "device": device.config.device, "dseq": String(entry.dseq),
                    "command": SyncText.command(entry.command),
                ]
                context.terminal.out(context.text(.syncQueued, values) + "\n")
            }
        }
        return ExitStatus.ok
    }

    /// The hook for views: on a device, the mirror plus pending commands, decided optimistically.
    static func optimisticState(_ context: Context) throws -> WorldState? {
        guard Device.isDevice(logPath: context.logPath) else { return nil }
        do { return try openDevice(context).optimistic().state } catch let error as SyncError {
            throw fail(error, context)
        }
    }
}

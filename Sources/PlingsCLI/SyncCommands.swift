import Foundation
import PlingsKit
import PlingsSync

extension ExitStatus {
    /// `plings sync`: everything synced, but the hub refused at least one command.
    public static let refused: Int32 = 3
}

/// `clone`, `sync`, `pending` and `serve`: the device side and the hub side of sync.
enum SyncCommands {
    static let definitions: [String: CommandDefinition] = [
        "clone": CommandDefinition(
            spec: CommandSpec(positionals: ["SOURCE"], optionalPositionals: 1, valued: ["--device", "--via"]),
            run: clone),
        "sync": CommandDefinition(
            spec: CommandSpec(positionals: ["SOURCE"], optionalPositionals: 1, valued: ["--via"], flags: ["--json"]),
            run: sync),
        "pending": CommandDefinition(
            spec: CommandSpec(positionals: [], flags: ["--json"]), run: pending),
        "serve": CommandDefinition(
            spec: CommandSpec(positionals: [], flags: ["--stdio"]), run: serve),
    ]

    static func fail(_ error: SyncError, _ context: Context) -> CLIError {
        CLIError.failure(error.message(context.language))
    }

    /// The transport for SOURCE: `--via`, an ssh:// URL, or a hub log's path.
    static func transport(source: String?, via: String?, _ context: Context) throws(SyncError) -> SyncTransport {
        if let via { return try ProcessTransport(shellCommand: via) }
        guard let source, !source.isEmpty else { throw .transport("no SOURCE and no --via") }
        if source.hasPrefix("ssh://") {
            return try ProcessTransport(sshURL: source, environment: ProcessInfo.processInfo.environment)
        }
        return try LocalTransport(hubPath: source)
    }

    static func clone(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let source = args.positionals.first ?? ""
        let via = args.values["--via"]
        guard !source.isEmpty || via != nil else { throw CLIError.usage("missing SOURCE; usage: plings clone SOURCE") }
        let name = args.values["--device"] ?? DeviceConfig.defaultName()
        if let problem = DeviceConfig.problem(with: name) {
            throw CLIError.usage(SyncError.invalidDevice(name, problem).message(context.language))
        }
        do {
            let transport = try transport(source: source, via: via, context)
            let config = DeviceConfig(source: source, via: via, device: name)
            let (_, report) = try Device.clone(logPath: context.logPath, config: config, transport: transport)
            context.terminal.out(
                context.language == .sv
                    ? "klonade \(report.pulled) händelser till '\(context.logPath)' som enheten '\(name)'\n"
                    : "cloned \(report.pulled) events into '\(context.logPath)' as device '\(name)'\n")
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
            report = try SyncClient(device: device, transport: try transport(source: source, via: via, context)).sync()
        } catch {
            throw fail(error, context)
        }
        if args.flag("--json") {
            context.terminal.out(try Commands.json(SyncJSON(report)))
        } else {
            context.terminal.out(SyncText.report(report, device: device, context.language))
        }
        return report.refused.isEmpty ? ExitStatus.ok : ExitStatus.refused
    }

    static func pending(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let device = try openDevice(context)
        let view = device.optimistic()
        if args.flag("--json") {
            context.terminal.out(try Commands.json(device.pending.entries))
            return ExitStatus.ok
        }
        let refused = Dictionary(uniqueKeysWithValues: view.refused.map { ($0.entry.dseq, $0.error) })
        for entry in device.pending.entries {
            var line = "\(device.config.device)#\(entry.dseq) \(entry.dat) \(SyncText.command(entry.command))"
            if let error = refused[entry.dseq] {
                line += context.language == .sv ? " (vägras troligen: " : " (likely refused: "
                line += error.message(context.language) + ")"
            }
            context.terminal.out(line + "\n")
        }
        if device.pending.entries.isEmpty {
            context.terminal.out(context.language == .sv ? "inget väntar\n" : "nothing pending\n")
        }
        return ExitStatus.ok
    }

    static func serve(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        guard args.flag("--stdio") else { throw CLIError.usage("serve needs --stdio; usage: plings serve --stdio") }
        let ok = SyncServer.serve(
            hubPath: context.logPath, input: FileHandle.standardInput, output: FileHandle.standardOutput)
        return ok ? ExitStatus.ok : ExitStatus.failure
    }

    /// The hook for writing commands: on a device, a command is queued, not appended.
    static func enqueue(_ command: Command, _ args: Arguments, _ context: Context) throws -> Int32 {
        let device = try openDevice(context)
        let queued: [SyncProtocol.Pushed]
        do {
            queued = try device.enqueue([command], at: SystemClock.now())
        } catch .store(.domain(let error)) {
            throw error
        } catch {
            throw fail(error, context)
        }
        if args.flag("--json") {
            struct Reply: Encodable { var pending: [Int64] }
            context.terminal.out(try Commands.json(Reply(pending: queued.map(\.dseq))))
        } else {
            for entry in queued {
                context.terminal.out(
                    (context.language == .sv ? "väntar: " : "pending: ")
                        + "\(device.config.device)#\(entry.dseq) \(SyncText.command(entry.command))\n")
            }
        }
        return ExitStatus.ok
    }

    /// The hook for commands that append straight to a log: a device's mirror only takes the hub's lines.
    static func refuseOnDevice(_ context: Context) throws {
        guard Device.isDevice(logPath: context.logPath) else { return }
        throw CLIError.failure(
            context.language == .sv
                ? "'\(context.logPath)' är en enhet; kör detta på navet, eller ett kommando i taget här"
                : "'\(context.logPath)' is a device; run this on the hub, or one command at a time here")
    }

    /// The hook for views: on a device, the mirror plus pending commands, decided optimistically.
    static func optimisticState(_ context: Context) throws -> WorldState? {
        guard Device.isDevice(logPath: context.logPath) else { return nil }
        return try openDevice(context).optimistic().state
    }
}

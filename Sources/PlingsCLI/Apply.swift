import Foundation
import PlingsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Commands as JSON lines: the vocabulary of the CLI.
///
///     {"command":"create","id":"yTvK","name":"Plastlåda"}
///     {"command":"rename","id":"yTvK","name":"Blå låda"}
///     {"command":"place","x":"yTvK","relation":"under","y":"5GgB","axes":"both"}
enum CommandJSON {
    /// Why a line was refused, as a sentence.
    struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    /// Parses one line; the error is a sentence for the report.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Result<Command, Reason> {
        guard let fields = FlatObject.parse(line) else {
            return .failure(Reason("not a flat JSON object of strings"))
        }
        func field(_ name: String) -> Result<String, Reason> {
            guard let value = fields[name] else { return .failure(Reason("'\(name)' is missing")) }
            return .success(value)
        }
        func id(_ name: String) -> Result<ObjectID, Reason> {
            field(name).flatMap { text in
                var copy = text
                if copy.withUTF8({ ObjectID.isValid($0) }) { return .success(ObjectID(unchecked: text)) }
                return .failure(Reason("'\(name)' is not a valid id: \(ObjectID.problem(with: text) ?? "")"))
            }
        }
        let result: Result<Command, Reason>
        let command = fields["command"]
        let allowed: [String] =
            command == "place" ? ["command", "x", "relation", "y", "axes"] : ["command", "id", "name"]
        if let extra = fields.unexpected ?? fields.keys.first(where: { !allowed.contains($0) }),
            ["create", "rename", "place"].contains(command ?? "")
        {
            return .failure(Reason("unexpected field '\(Printable.quote(extra))'"))
        }
        switch command {
        case "create", "rename":
            result = id("id").flatMap { id in
                field("name").map { command == "create" ? .create(id, name: $0) : .rename(id, name: $0) }
            }
        case "place":
            result = id("x").flatMap { x in
                field("relation").flatMap { relationText in
                    guard let relation = Relation(token: relationText) else {
                        return .failure(Reason("unknown relation '\(Printable.quote(relationText))'"))
                    }
                    return field("y").flatMap { yText in
                        let y: ObjectID?
                        if yText == ObjectID.worldToken || ObjectID.isWorldToken(yText) {
                            y = nil
                        } else {
                            var copy = yText
                            guard copy.withUTF8({ ObjectID.isValid($0) }) else {
                                return .failure(Reason("'y' is not a valid id: \(ObjectID.problem(with: yText) ?? "")"))
                            }
                            y = ObjectID(unchecked: yText)
                        }
                        let axesText = fields["axes"] ?? "both"
                        guard let axes = AxisSet(choice: axesText) else {
                            return .failure(Reason("unknown axes '\(Printable.quote(axesText))'"))
                        }
                        return .success(.place(Placement(object: x, relation: relation, target: y, axes: axes)))
                    }
                }
            }
        case .some(let other):
            return .failure(Reason("unknown command '\(Printable.quote(other))'; use create, rename or place"))
        case .none:
            return .failure(Reason("'command' is missing"))
        }
        return result
    }
}

/// A minimal parser for one flat JSON object whose values are all strings,
/// keeping only the members a command can have (`command`, `id`, `name`,
/// `x`, `relation`, `y`, `axes`) and naming the first other one.
enum FlatObject {
    struct Fields {
        var values: [String?] = Array(repeating: nil, count: FlatObject.names.count)
        var unexpected: String?

        subscript(_ name: String) -> String? {
            guard let k = FlatObject.names.firstIndex(of: name) else { return nil }
            return values[k]
        }
        var keys: [String] {
            FlatObject.names.indices.filter { values[$0] != nil }.map { FlatObject.names[$0] }
                + (unexpected.map { [$0] } ?? [])
        }
    }

    static let names = ["command", "id", "name", "x", "relation", "y", "axes"]

    static func parse(_ p: UnsafeBufferPointer<UInt8>) -> Fields? {
        var i = 0
        let n = p.count
        func space() { while i < n, p[i] == 0x20 || p[i] == 0x09 { i += 1 } }
        func string() -> UnsafeBufferPointer<UInt8>?? {
            guard i < n, p[i] == 0x22 else { return nil }
            i += 1
            let start = i
            var escaped = false
            while i < n, p[i] != 0x22 {
                if p[i] < 0x20 { return nil }
                if p[i] == 0x5C {
                    escaped = true
                    i += 1
                }
                i += 1
            }
            guard i < n else { return nil }
            let raw = UnsafeBufferPointer(rebasing: p[start..<i])
            i += 1
            return escaped ? .some(nil) : .some(raw)
        }
        func text(_ raw: UnsafeBufferPointer<UInt8>??) -> String? {
            switch raw {
            case .none: return nil
            case .some(.none):
                return nil
            case .some(.some(let bytes)): return String(decoding: bytes, as: UTF8.self)
            }
        }
        space()
        guard i < n, p[i] == 0x7B else { return nil }
        i += 1
        var fields = Fields()
        space()
        if i < n, p[i] == 0x7D {
            i += 1
        } else {
            while true {
                space()
                let keyStart = i
                guard let keyRaw = string(), let key = text(keyRaw) else { return nil }
                _ = keyStart
                space()
                guard i < n, p[i] == 0x3A else { return nil }
                i += 1
                space()
                let valueStart = i
                guard let valueRaw = string() else { return nil }
                let value: String
                if let direct = text(valueRaw) {
                    value = direct
                } else {
                    // Escaped: decode the escapes.
                    let body = UnsafeBufferPointer(rebasing: p[(valueStart + 1)..<(i - 1)])
                    guard let decoded = try? JSONEscapes.unescape(body) else { return nil }
                    value = decoded
                }
                if let k = names.firstIndex(of: key) {
                    guard fields.values[k] == nil else { return nil }
                    fields.values[k] = value
                } else if fields.unexpected == nil {
                    fields.unexpected = key
                }
                space()
                guard i < n else { return nil }
                if p[i] == 0x2C {
                    i += 1
                    continue
                }
                guard p[i] == 0x7D else { return nil }
                i += 1
                break
            }
        }
        space()
        return i == n && LineDecoder.isValidUTF8(p) ? fields : nil
    }
}

extension Commands {
    struct ApplyReport: Encodable {
        struct Rejection: Encodable {
            var line: Int
            var reason: String
        }
        var read: Int
        var appended: Int
        var rejected: [Rejection]
        var batches: Int
        var stopped: Bool
        var lastSeq: Int64
        var seconds: Double
    }

    static func apply(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let source = args.positionals.first ?? "-"
        let policyText = args.values["--on-error"] ?? "stop"
        let policy: Store.BatchPolicy
        switch policyText {
        case "stop": policy = .stop
        case "skip": policy = .skip
        default:
            throw CLIError.usage("--on-error takes stop or skip, not '\(Printable.quote(policyText))'")
        }
        let batchText = args.values["--batch"] ?? "10000"
        guard let batchSize = Int(batchText), batchSize >= 1, batchSize <= 1_000_000 else {
            throw CLIError.usage("--batch takes a number from 1 to 1000000, not '\(Printable.quote(batchText))'")
        }
        let fd: Int32 = source == "-" ? 0 : open(source, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            throw CLIError.failure("cannot read '\(Printable.quote(source))': \(SystemError.describe(errno))")
        }
        defer { if fd != 0 { close(fd) } }
        let started = Monotonic.seconds()
        let store = try context.openStore()
        var report = ApplyReport(read: 0, appended: 0, rejected: [], batches: 0, stopped: false, lastSeq: 0, seconds: 0)
        var commands: [Command] = []
        var lineNumbers: [Int] = []
        commands.reserveCapacity(batchSize)

        func flush() throws {
            guard !commands.isEmpty else { return }
            defer {
                commands.removeAll(keepingCapacity: true)
                lineNumbers.removeAll(keepingCapacity: true)
            }
            do {
                let result = try store.executeBatch(
                    commands, actor: context.actor, policy: policy, recordEffects: false)
                report.batches += 1
                report.appended += result.outcome.events.count
                for (index, error) in result.rejected {
                    report.rejected.append(.init(line: lineNumbers[index], reason: error.message(context.language)))
                }
            } catch StoreError.domain(let error) {
                // Stop policy: the batch is not appended; name the line that was refused.
                if let (index, refusal) = firstRefusal() {
                    report.rejected.append(.init(line: lineNumbers[index], reason: refusal.message(context.language)))
                } else {
                    report.rejected.append(.init(line: 0, reason: error.message(context.language)))
                }
                report.stopped = true
            }
        }

        /// Decides the pending commands without appending; the first refused one, if any.
        func firstRefusal() -> (Int, DomainError)? {
            var probe = store.state
            for (index, command) in commands.enumerated() {
                do {
                    for payload in try Decider.decide(command, state: probe) {
                        probe.apply(Event(seq: probe.lastSeq + 1, at: probe.lastAt, payload: payload))
                    }
                } catch {
                    return (index, error)
                }
            }
            return nil
        }

        var lineNumber = 0
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        reading: while true {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress.unsafelyUnwrapped, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw CLIError.failure("reading '\(Printable.quote(source))' failed: \(SystemError.describe(errno))")
            }
            if got == 0 {
                if !pending.isEmpty { pending.append(0x0A) } else { break }
            } else {
                pending.append(contentsOf: chunk[0..<got])
            }
            var start = 0
            let lines: [(Int, Int)] = pending.withUnsafeBufferPointer { all in
                var result: [(Int, Int)] = []
                var i = 0
                while i < all.count {
                    if all[i] == 0x0A {
                        result.append((start, i))
                        start = i + 1
                    }
                    i += 1
                }
                return result
            }
            for (s, e) in lines {
                lineNumber += 1
                var end = e
                if end > s && pending[end - 1] == 0x0D { end -= 1 }
                if end == s { continue }  // blank lines are allowed
                report.read += 1
                let parsed = pending.withUnsafeBufferPointer {
                    CommandJSON.parse(UnsafeBufferPointer(rebasing: $0[s..<end]))
                }
                switch parsed {
                case .success(let command):
                    commands.append(command)
                    lineNumbers.append(lineNumber)
                case .failure(let reason):
                    if policy == .stop {
                        // The batch this line belongs to is not appended; an earlier refusal in it comes first.
                        if let (index, refusal) = firstRefusal() {
                            report.rejected.append(
                                .init(line: lineNumbers[index], reason: refusal.message(context.language)))
                        }
                        report.rejected.append(.init(line: lineNumber, reason: reason.text))
                        report.stopped = true
                        commands.removeAll()
                        break reading
                    }
                    report.rejected.append(.init(line: lineNumber, reason: reason.text))
                }
                if commands.count >= batchSize {
                    try flush()
                    if report.stopped { break reading }
                }
            }
            pending.removeFirst(start)
            if got == 0 { break }
        }
        if !report.stopped { try flush() }
        report.lastSeq = store.cursor.lastSeq
        report.seconds = Monotonic.seconds() - started
        if args.flag("--json") {
            context.terminal.out(try json(report))
        } else {
            let sv = context.language == .sv
            for r in report.rejected {
                context.terminal.err("plings: \(source):\(r.line): \(r.reason)\n")
            }
            context.terminal.out(
                sv
                    ? "läste \(report.read) kommandon, lade till \(report.appended) händelser i \(report.batches) satser, \(report.rejected.count) avvisade\(report.stopped ? ", stoppade" : "")\n"
                    : "read \(report.read) commands, appended \(report.appended) events in \(report.batches) batches, \(report.rejected.count) rejected\(report.stopped ? ", stopped" : "")\n"
            )
        }
        return report.rejected.isEmpty ? ExitStatus.ok : ExitStatus.failure
    }
}

import Foundation
@_exported import PlingsKit

/// Shorthand for an id in tests.
public func oid(_ text: String) -> ObjectID { ObjectID(unchecked: text) }

/// A placement in tests: `x` placed `r` `y` (World when nil) on `axes`.
public func place(_ x: String, _ r: Relation, _ y: String?, _ axes: AxisSet = .both) -> Command {
    .place(Placement(object: oid(x), relation: r, target: y.map(oid), axes: axes))
}

/// Why the decider refuses `command` in `state`; nil when it accepts it.
public func refusal(_ command: Command, _ state: WorldState) -> DomainError? {
    do {
        _ = try Decider.decision(command, state: state)
        return nil
    } catch {
        return error
    }
}

/// The seed's world: World › Saltsjön › Lillstugan › Köksbordet;
/// Saltsjön › Vardagsrummet › Bord (5GgB); Plastlåda (yTvK) in Köksbordet on both axes.
public enum Saltsjon {
    public static let commands: [Command] = [
        .create(oid("saltsjon"), name: "Saltsjön"),
        .create(oid("lillstugan"), name: "Lillstugan"),
        .create(oid("koksbordet"), name: "Köksbordet"),
        .create(oid("vardagsrummet"), name: "Vardagsrummet"),
        .create(oid("5GgB"), name: "Bord"),
        .create(oid("yTvK"), name: "Plastlåda"),
        .place(Placement(object: oid("lillstugan"), relation: .in, target: oid("saltsjon"), axes: .both)),
        .place(Placement(object: oid("koksbordet"), relation: .in, target: oid("lillstugan"), axes: .both)),
        .place(Placement(object: oid("vardagsrummet"), relation: .in, target: oid("saltsjon"), axes: .both)),
        .place(Placement(object: oid("5GgB"), relation: .in, target: oid("vardagsrummet"), axes: .both)),
        .place(Placement(object: oid("yTvK"), relation: .in, target: oid("koksbordet"), axes: .both)),
    ]

    /// The fixture as a replayed state.
    public static func state() throws -> WorldState { try Replay.run(commands) }

    /// The fixture as CLI invocations (arguments after `plings`).
    public static var cliArguments: [[String]] {
        commands.map { command in
            switch command {
            case .create(let id, let name): return ["create", id.rawValue, name]
            case .rename(let id, let name): return ["rename", id.rawValue, name]
            case .place(let p):
                let axes = p.axes == .both ? "both" : (p.axes.contains(.current) ? "current" : "normal")
                return ["place", p.object.rawValue, p.relation.token, p.target?.rawValue ?? "world", "--axes", axes]
            case .returnHome(let id): return ["return", id.rawValue]
            case .returnAll(let inside): return ["return", "--all"] + (inside.map { ["--in", $0.rawValue] } ?? [])
            case .seen(let id): return ["seen", id.rawValue]
            case .archive(let id, let note, let withContents):
                return ["archive", id.rawValue] + (note.map { ["--note", $0] } ?? [])
                    + (withContents ? ["--with-contents"] : [])
            case .restore(let id, let relation, let target):
                return ["restore", id.rawValue, "--to", target?.rawValue ?? "world", "--relation", relation.token]
            case .undo(let basis): return ["undo", String(basis.seq)]
            case .lend(let id, let to, let due, let note):
                return ["lend", id.rawValue, "--to", to] + (due.map { ["--due", $0.description] } ?? [])
                    + (note.map { ["--note", $0] } ?? [])
            }
        }
    }
}

/// Runs commands through the decider and the projectors, as the store does,
/// without a file.
public enum Replay {
    /// Decides and applies `commands` in order; throws the first refusal.
    public static func run(_ commands: [Command], into start: WorldState = WorldState()) throws -> WorldState {
        var state = start
        for command in commands { try step(command, &state) }
        return state
    }

    /// Decides one command and applies its events, returning them with their effects.
    @discardableResult
    public static func step(_ command: Command, _ state: inout WorldState) throws -> [(Event, [Effect])] {
        let payloads = try Decider.decide(command, state: state)
        var out: [(Event, [Effect])] = []
        for payload in payloads {
            let event = Event(
                seq: state.lastSeq + 1, at: Timestamp(milliseconds: 1_800_000_000_000 + state.lastSeq), payload: payload
            )
            var effects: [Effect] = []
            state.apply(event, effects: &effects)
            out.append((event, effects))
        }
        return out
    }

    /// The index of `id` in `state`, or a test failure.
    public static func index(_ id: String, _ state: WorldState) -> ObjectIndex {
        state.registry.index(of: oid(id)) ?? ObjectIndex.world
    }
}

/// Random commands over a small set of ids, biased so that most are valid
/// and every relation, axis choice, verb and refusal occurs.
public enum Generators {
    package static func command(objects: Int, _ rng: inout SplitMix64) -> Command {
        let id = { (r: inout SplitMix64) in oid("o\(Int.random(in: 0..<objects, using: &r))") }
        switch Int.random(in: 0..<20, using: &rng) {
        case 0, 1, 2:
            return .create(id(&rng), name: randomName(&rng))
        case 3:
            return .rename(id(&rng), name: randomName(&rng))
        case 4:
            return .returnHome(id(&rng))
        case 5:
            return .returnAll(inside: Bool.random(using: &rng) ? nil : id(&rng))
        case 6:
            guard Int.random(in: 0..<3, using: &rng) == 0 else { return .seen(id(&rng)) }
            // A loan: to another thing by id, or to a name; sometimes with a due day and a note.
            let to = Bool.random(using: &rng) ? id(&rng).rawValue : "Anna \(Int.random(in: 0..<3, using: &rng))"
            let due = Bool.random(using: &rng) ? CalendarDay(year: 2027, month: 6, day: 1) : nil
            return .lend(id(&rng), to: to, due: due, note: Bool.random(using: &rng) ? nil : randomName(&rng))
        case 7:
            let note: String? = Bool.random(using: &rng) ? nil : "lånad till " + randomName(&rng)
            return .archive(id(&rng), note: note, withContents: Bool.random(using: &rng))
        case 8, 9:
            let relation = Relation.allCases[Int.random(in: 0..<Relation.allCases.count, using: &rng)]
            let target: ObjectID? = Int.random(in: 0..<4, using: &rng) == 0 ? nil : id(&rng)
            return .restore(id(&rng), relation: relation, target: target)
        default:
            let relation = Relation.allCases[Int.random(in: 0..<Relation.allCases.count, using: &rng)]
            let axes: AxisSet = [.both, .current, .normal, .both][Int.random(in: 0..<4, using: &rng)]
            let target: ObjectID? = Int.random(in: 0..<12, using: &rng) == 0 ? nil : id(&rng)
            return .place(Placement(object: id(&rng), relation: relation, target: target, axes: axes))
        }
    }

    package static func randomName(_ rng: inout SplitMix64) -> String {
        let parts = ["Låda", "Bord", "Hylla", "Nyckel", "Box \"A\"", "back\\slash", "Ökad", "日本", "emoji 📦", "x/y"]
        return parts[Int.random(in: 0..<parts.count, using: &rng)] + " \(Int.random(in: 0..<100, using: &rng))"
    }
}

/// The design's invariants, checked on every axis of a state.
public enum Invariants {
    /// Every violated invariant, as a sentence (empty when all hold).
    public static func violations(_ state: WorldState) -> [String] {
        var problems: [String] = []
        let n = state.registry.count
        for axis in Axis.allCases {
            let projection = state.projection(axis)
            for x in state.registry.indices {
                // Forest: following parents from x reaches World within n steps, never x itself.
                var node = projection.parents.parent(x)
                var steps = 0
                while node != .world && steps <= n {
                    if node == x {
                        problems.append("\(axis): \(state.registry.id(x)) is its own ancestor")
                        break
                    }
                    node = projection.parents.parent(node)
                    steps += 1
                }
                if steps > n { problems.append("\(axis): parent chain of \(state.registry.id(x)) does not end") }
                if let edge = projection.positional.outbound(x) {
                    if edge.target == x {
                        problems.append("\(axis): \(state.registry.id(x)) positioned against itself")
                    }
                    if projection.parents.parent(x) != projection.parents.parent(edge.target) {
                        problems.append(
                            "\(axis): \(state.registry.id(x)) \(edge.relation.token) \(state.registry.id(edge.target)) "
                                + "but they are not siblings")
                    }
                    if !projection.positional.inbound(edge.target).contains(x) {
                        problems.append("\(axis): inbound index misses \(state.registry.id(x))")
                    }
                }
                for source in projection.positional.inbound(x)
                where projection.positional.outbound(source)?.target != x {
                    problems.append("\(axis): inbound index of \(state.registry.id(x)) holds a stale source")
                }
                problems += archiveViolations(x, axis, state)
            }
        }
        return problems + loanViolations(state)
    }

    /// A lent thing is in the world, at World on the current axis (a loan
    /// moves it there and anything else that moves it ends the loan), and away.
    static func loanViolations(_ state: WorldState) -> [String] {
        var problems: [String] = []
        for (x, loan) in state.status.loans {
            let id = state.registry.id(x)
            if state.status.isArchived(x) { problems.append("\(id) is lent and archived") }
            if state.current.parents.parent(x) != .world { problems.append("\(id) is lent but not at World") }
            if !state.isAway(x) || state.away(x).seq == 0 { problems.append("\(id) is lent but not away") }
            if case .thing(let y) = loan.holder, y == x { problems.append("\(id) is lent to itself") }
        }
        return problems
    }

    /// An object in the world sits in the world (its container is World or
    /// not archived), and no positional edge links an archived object with
    /// one in the world.
    static func archiveViolations(_ x: ObjectIndex, _ axis: Axis, _ state: WorldState) -> [String] {
        let projection = state.projection(axis)
        let archived = state.status.isArchived(x)
        var problems: [String] = []
        let parent = projection.parents.parent(x)
        if !archived && state.status.isArchived(parent) {
            problems.append("\(axis): \(state.registry.id(x)) is in the world inside an archived container")
        }
        if let edge = projection.positional.outbound(x), state.status.isArchived(edge.target) != archived {
            problems.append("\(axis): \(state.registry.id(x)) has an edge across the archive boundary")
        }
        return problems
    }
}

/// Files for a test: a fresh directory removed at the end.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    public init(base: String = FileManager.default.temporaryDirectory.path) {
        path = base + "/plings-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func file(_ name: String) -> String { path + "/" + name }
}

/// Reads a whole file's bytes (empty when missing).
public func fileBytes(_ path: String) -> [UInt8] {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
}

/// Writes bytes to a file, replacing it.
public func writeBytes(_ bytes: [UInt8], to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// `bytes` with one bit, at a place `rng` picks, flipped (damage a checksum must catch).
package func flippingOneBit(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var bad = bytes
    let position = Int.random(in: 0..<bad.count, using: &rng)
    bad[position] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
    return bad
}

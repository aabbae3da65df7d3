import PlingsPlatform

/// Writes logs of extreme shapes for the views' scale tests and benchmarks:
/// a chain nested `depth` levels deep, one box holding `width` things
/// (each with a positional relation to the next, so cards show inbound
/// relations too), or two chains that cross.
package struct ShapeLog: Sendable {
    /// The shape of the world.
    package enum Shape: Sendable {
        /// `c0 › c1 › … › c(n-1)`, each in the one before. `bottomUp` places the
        /// deepest link first, so every later placement moves the deepest
        /// object's path (the history worst case).
        case chain(depth: Int, bottomUp: Bool)
        /// `box` holding `w0 … w(n-1)`; half of them also under the next one.
        case wide(width: Int)
        /// Two chains `a0 › … › a(n-1)` and `b0 › … › b(n-1)` on both axes, then every
        /// `a(k)` but the first moved (on the current axis only) into `b(k)`: n-1 things
        /// away, each as deep where it is as where it belongs (the away list's worst case).
        case crossing(depth: Int)
    }

    package var shape: Shape

    package init(_ shape: Shape) { self.shape = shape }

    /// The id of link `k` of a chain.
    package static func chainID(_ k: Int) -> String { "c\(k)" }

    /// The commands that build the shape, in order.
    package var commands: [Command] {
        var commands: [Command] = []
        func id(_ s: String) -> ObjectID { ObjectID(unchecked: s) }
        func place(_ x: String, _ r: Relation, _ y: String) -> Command {
            .place(Placement(object: id(x), relation: r, target: id(y), axes: .both))
        }
        switch shape {
        case .chain(let depth, let bottomUp):
            for k in 0..<depth { commands.append(.create(id(Self.chainID(k)), name: "Länk \(k)")) }
            let links = Array(1..<max(depth, 1))
            for k in bottomUp ? links.reversed() : links {
                commands.append(place(Self.chainID(k), .in, Self.chainID(k - 1)))
            }
        case .wide(let width):
            commands.append(.create(id("box"), name: "Låda"))
            for k in 0..<width {
                commands.append(.create(id("w\(k)"), name: "Sak \(k)"))
                commands.append(place("w\(k)", .in, "box"))
            }
            for k in stride(from: 0, to: width - 1, by: 2) { commands.append(place("w\(k)", .under, "w\(k + 1)")) }
        case .crossing(let depth):
            for chain in ["a", "b"] {
                for k in 0..<depth { commands.append(.create(id("\(chain)\(k)"), name: "Länk \(chain)\(k)")) }
                for k in 1..<max(depth, 1) { commands.append(place("\(chain)\(k)", .in, "\(chain)\(k - 1)")) }
            }
            // From the bottom up: each one moved holds nothing then, so the moves stay cheap.
            for k in (1..<max(depth, 1)).reversed() {
                commands.append(
                    .place(Placement(object: id("a\(k)"), relation: .in, target: id("b\(k)"), axes: .current)))
            }
        }
        return commands
    }

    /// Writes the shape's events to a new log at `path` (replacing it), in
    /// the real line format, deciding each command against the state as
    /// the store would; one write at the end, no fsync (a benchmark file).
    package func write(to path: String) throws {
        var state = WorldState()
        var effects = EffectLog(recording: false)
        var bytes: [UInt8] = []
        var prev = Digest.zero
        let at = Timestamp(milliseconds: 1_704_067_200_000)  // 2024-01-01
        for command in commands {
            for payload in try Decider.decide(command, state: state) {
                let event = Event(seq: state.lastSeq + 1, at: at, payload: payload)
                state.apply(event, effects: &effects)
                let line = LineFormat.encode(event, prev: prev)
                prev = line.hash
                bytes.append(contentsOf: line.bytes)
            }
        }
        let fd = try LogError.io(path, .creating) { () throws(SystemErrno) in
            try Platform.open(path, .writeOnly, [.create, .truncate])
        }
        try fd.closeAfter { () throws(LogError) in
            try LogError.io(path, .writing) { () throws(SystemErrno) in try fd.writeAll(bytes) }
        }
    }
}

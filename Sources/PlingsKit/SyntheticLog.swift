import PlingsPlatform

/// Writes realistic synthetic logs in the real format (same hash chain):
/// houses, rooms, furniture and boxes nested several levels deep, things
/// placed with every relation on every axis choice, reference objects moved
/// so that cascades happen, renames, names with Swedish letters, quotes and
/// backslashes, and a few actors. Every event is valid against the state.
package struct SyntheticLog {
    package var events: Int
    package var objects: Int
    package var seed: UInt64

    package init(events: Int, objects: Int, seed: UInt64) {
        self.events = events
        self.objects = max(2, min(objects, events))
        self.seed = seed
    }

    /// A short tag code for object `k`: base 62, five characters, unique for k < 62^5.
    package static func code(_ k: Int) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        var v = (UInt64(k) &* 122_949_829) % 916_132_832  // an odd multiplier: a bijection mod 62^5
        var out = [UInt8](repeating: 0, count: 5)
        for i in (0..<5).reversed() {
            out[i] = alphabet[Int(v % 62)]
            v /= 62
        }
        return String(decoding: out, as: UTF8.self)
    }

    static let words = [
        "Låda", "Box", "Hylla", "Bord", "Stol", "Skåp", "Påse", "Nyckel", "Lampa", "Väska", "Kartong", "Back",
        "Förråd", "Garage", "Kök", "Sovrum", "Hall", "Vind", "Källare", "Verktyg", "Sladd", "Bok", "Pärm", "Säck",
    ]
    static let odd = ["Box \"A\"", "Back\\slash", "Låda «röd»", "Skåp / hörn", "Ölback", "Lådan \\\"hemma\\\""]

    func name(_ rng: inout SplitMix64) -> String {
        if Int.random(in: 0..<50, using: &rng) == 0 {
            return Self.odd[Int.random(in: 0..<Self.odd.count, using: &rng)] + " \(Int.random(in: 1...99, using: &rng))"
        }
        return Self.words[Int.random(in: 0..<Self.words.count, using: &rng)] + " "
            + String(Int.random(in: 1...999, using: &rng))
    }

    /// Generates the log into `path` (replacing it), calling `progress` with
    /// the events written so far now and then.
    /// - Returns: the final state, as the generator tracked it.
    @discardableResult
    package func write(to path: String, progress: ((Int) -> Void)? = nil) throws(LogError) -> WorldState {
        let fd = try LogError.io(path, .creating) { () throws(SystemErrno) in
            try Platform.open(path, .writeOnly, [.create, .truncate])
        }
        defer { fd.close() }
        var rng = SplitMix64(seed: seed)
        var state = WorldState()
        state.reserve(objects: objects)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 22)
        var prev = Digest.zero
        var at = Timestamp(milliseconds: 1_704_067_200_000)  // 2024-01-01
        let containers = max(1, objects / 8)
        var created = 0
        var effects = EffectLog(recording: false)
        let actors = ["paul", "iphone-paul", "anna", "samla-script"]
        for i in 0..<events {
            at.milliseconds += Int64.random(in: 0...30_000, using: &rng)
            let payload: EventPayload
            let mustCreate = created < 2 || created < objects && (i + 1) * objects > created * events
            if mustCreate {
                payload = .created(ObjectID(unchecked: Self.code(created)), name: name(&rng))
                created += 1
            } else if Int.random(in: 0..<20, using: &rng) == 0 {
                payload = .renamed(
                    ObjectID(unchecked: Self.code(Int.random(in: 0..<created, using: &rng))), name: name(&rng))
            } else {
                payload = .placed(placement(state: state, created: created, containers: containers, &rng))
            }
            let actor: String? =
                Int.random(in: 0..<3, using: &rng) == 0 ? actors[Int.random(in: 0..<4, using: &rng)] : nil
            let event = Event(seq: Int64(i + 1), at: at, actor: actor, payload: payload)
            state.apply(event, effects: &effects)
            let line = LineFormat.encode(event, prev: prev)
            prev = line.hash
            buffer.append(contentsOf: line.bytes)
            if buffer.count >= 1 << 22 {
                try flush(fd, &buffer, path)
                progress?(i + 1)
            }
        }
        try flush(fd, &buffer, path)
        progress?(events)
        return state
    }

    private func flush(_ fd: FileDescriptor, _ buffer: inout [UInt8], _ path: String) throws(LogError) {
        try LogError.io(path, .writing) { () throws(SystemErrno) in try fd.writeAll(buffer) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// A placement that the decider accepts. The first eighth of the objects
    /// are containers on four levels — houses, rooms, furniture, boxes — each
    /// placed in or on a container one level up, so nesting is as deep as a
    /// real home and no deeper; everything else goes into, onto or is
    /// attached to containers, attached to other things, or placed next to,
    /// under, above, left or right of things and furniture.
    func placement(state: WorldState, created: Int, containers: Int, _ rng: inout SplitMix64) -> Placement {
        let axesChoice = Int.random(in: 0..<20, using: &rng)
        let axes: AxisSet = axesChoice < 12 ? .both : (axesChoice < 17 ? .current : .normal)
        // Level boundaries among the containers: [0, b1) houses, [b1, b2) rooms, [b2, b3) furniture, [b3, containers) boxes.
        let bounds = [
            0, max(1, containers / 100), max(2, containers / 10), max(3, containers * 4 / 10), max(4, containers),
        ]
        func pick(_ level: Int, _ rng: inout SplitMix64) -> Int? {
            let lo = bounds[level]
            let hi = min(bounds[level + 1], created)
            return lo < hi ? Int.random(in: lo..<hi, using: &rng) : nil
        }
        func level(_ k: Int) -> Int? {
            for l in 0..<4 where k >= bounds[l] && k < bounds[l + 1] { return l }
            return nil
        }
        let positional: [Relation] = [.under, .above, .leftOf, .rightOf, .nextTo]
        for _ in 0..<8 {
            let x = Int.random(in: 0..<created, using: &rng)
            let roll = Int.random(in: 0..<100, using: &rng)
            var relation: Relation = .in
            var y: Int?
            if let l = level(x) {
                if roll < 70 {
                    if l == 0 {
                        y = nil
                    } else {
                        relation = roll < 55 ? .in : .on
                        y = pick(l - 1, &rng)
                        if y == nil { continue }
                    }
                } else {
                    relation = positional[roll % 5]
                    y = pick(l, &rng)
                    if y == nil { continue }
                }
            } else if roll < 50 {
                relation = [.in, .in, .on, .attachedTo][roll % 4]
                y = pick(1 + roll % 3, &rng)
                if y == nil { continue }
            } else if roll < 54 {
                relation = .attachedTo
                y = Int.random(in: min(bounds[4], created - 1)..<created, using: &rng)
            } else {
                relation = positional[roll % 5]
                y = roll < 80 ? Int.random(in: min(bounds[4], created - 1)..<created, using: &rng) : pick(2, &rng)
                if y == nil { continue }
            }
            let target = y.map { ObjectIndex($0) } ?? .world
            if Decider.checkPlacement(ObjectIndex(x), relation, target, axes, in: state) == nil {
                return Placement(
                    object: ObjectID(unchecked: Self.code(x)), relation: relation,
                    target: y.map { ObjectID(unchecked: Self.code($0)) }, axes: axes)
            }
        }
        let x = Int.random(in: 0..<created, using: &rng)
        return Placement(object: ObjectID(unchecked: Self.code(x)), relation: .in, target: nil, axes: axes)
    }
}

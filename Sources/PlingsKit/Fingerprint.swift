/// Deterministic digests of every projection, for proving that two ways of
/// reaching a state (live, full replay, snapshot plus tail, fast or general
/// path) agree. Only the state counts, not how it is laid out in memory.
public struct Fingerprint: Sendable, Hashable, Codable {
    /// The digest of the ids and names, in creation order.
    public var registry: String
    /// The digest of every object's container on the current axis.
    public var currentParents: String
    /// The digest of every object's container on the normal axis.
    public var normalParents: String
    /// The digest of the positional relations on the current axis.
    public var currentPositional: String
    /// The digest of the positional relations on the normal axis.
    public var normalPositional: String
    /// The digest of the replay's bookkeeping (last seq and time, skipped events).
    public var replay: String
    /// The digest of the world as a person sees it, whatever history led to it: every thing
    /// that is not archived, in any order, with its id, name, and on each axis its container
    /// (by id) and relation and its positional relation (by id and token), and a lent thing's
    /// loan as the spreadsheet writes it (borrower, due day, note; not since when). An export imported
    /// into an empty log has the same world digest as the log it came from, whatever the order
    /// of its rows (the other digests count every event and every thing ever made, by index).
    public var world: String
    /// One digest over all of the above but `world` (which they determine).
    public var all: String
    /// The last seq the fingerprinted state has seen.
    public var seq: Int64
    /// How many objects the state has.
    public var objects: Int

    /// Digests every projection of `state`.
    /// - Complexity: O(n) in the objects, plus the skipped events and command ids.
    public init(_ state: WorldState) {
        registry = Self.registryDigest(state)
        currentParents = Self.parentsDigest(state, .current)
        normalParents = Self.parentsDigest(state, .normal)
        currentPositional = Self.positionalDigest(state, .current)
        normalPositional = Self.positionalDigest(state, .normal)
        replay = Self.replayDigest(state)
        world = Self.worldDigest(state)
        let parts = [registry, currentParents, normalParents, currentPositional, normalPositional, replay]
        all = Self.digest { h in
            for part in parts { h.update(Array(part.utf8)) }
        }
        seq = state.lastSeq
        objects = state.registry.count
    }

    private static func digest(_ fill: (inout SHA256) -> Void) -> String {
        var h = SHA256()
        fill(&h)
        return h.finalize().hex
    }

    private static func int(_ v: Int64, _ h: inout SHA256) { withUnsafeBytes(of: v.littleEndian) { h.update($0) } }

    /// Every id and name, in index order, each ended by a zero byte.
    private static func registryDigest(_ state: WorldState) -> String {
        let r = state.registry
        return digest { h in
            for x in r.indices {
                h.update(r.idSlice(x))
                h.update([0])
                h.update(r.nameSlice(x))
                h.update([0])
            }
        }
    }

    /// Every object's parent and relation on `axis`.
    private static func parentsDigest(_ state: WorldState, _ axis: Axis) -> String {
        let tree = state.projection(axis).parents
        return digest { h in
            for x in state.registry.indices {
                let e = tree.edge(x)
                int(Int64(e.parent), &h)
                h.update([e.relation.rawValue])
            }
        }
    }

    /// Every object's positional relation on `axis`, or a marker for none.
    private static func positionalDigest(_ state: WorldState, _ axis: Axis) -> String {
        let edges = state.projection(axis).positional
        return digest { h in
            for x in state.registry.indices {
                if let e = edges.outbound(x) {
                    int(Int64(e.target), &h)
                    h.update([e.relation.rawValue])
                } else {
                    int(-1, &h)
                    h.update([0xFF])
                }
            }
        }
    }

    /// Every thing not archived: id, name, and per axis its parent edge and positional edge, by
    /// ids and tokens, each thing's record hashed alone and the hashes added up (four 64-bit
    /// lanes, wrapping), so the digest does not depend on the order the things were made in.
    private static func worldDigest(_ state: WorldState) -> String {
        let r = state.registry
        var sum = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var count: Int64 = 0
        var record: [UInt8] = []
        for x in r.indices where !state.status.isArchived(x) {
            record.removeAll(keepingCapacity: true)
            record += r.idSlice(x)
            record.append(0)
            record += r.nameSlice(x)
            record.append(0)
            for axis in Axis.allCases {
                let projection = state.projection(axis)
                let edge = projection.parents.edge(x)
                if edge.parent != .world { record += r.idSlice(edge.parent) }
                record += [0] + Array(edge.relation.token.utf8) + [0]
                if let positional = projection.positional.outbound(x) {
                    record += r.idSlice(positional.target)
                    record += [0] + Array(positional.relation.token.utf8)
                }
                record.append(0)
            }
            if let loan = WorldRows.loan(x, state) {
                // A loan as the spreadsheet writes it: who (as `lend --to` takes it back), due, note.
                for cell in [loan.borrower, loan.due?.description ?? "", loan.note ?? ""] {
                    record += Array(cell.utf8) + [0]
                }
            }
            var h = SHA256()
            h.update(record)
            let d = h.finalize()
            sum = (sum.0 &+ d.w0, sum.1 &+ d.w1, sum.2 &+ d.w2, sum.3 &+ d.w3)
            count += 1
        }
        return digest { h in
            for lane in [sum.0, sum.1, sum.2, sum.3] { withUnsafeBytes(of: lane.littleEndian) { h.update($0) } }
            int(count, &h)
        }
    }

    /// What the replay itself kept: last seq and time, skipped events, away times, command ids.
    private static func replayDigest(_ state: WorldState) -> String {
        digest { h in
            int(state.lastSeq, &h)
            int(state.lastAt.milliseconds, &h)
            for s in state.skipped {
                int(s.seq, &h)
                // The error's code and members, not words in some language.
                var bytes = ByteWriter()
                ErrorCoding.write(s.error, &bytes)
                h.update(bytes.buffer)
            }
            for since in state.awaySince { int(since, &h) }
            for since in state.awaySinceAt { int(since, &h) }
            for (cid, seq) in state.commandIDs.sorted(by: { $0.key < $1.key }) {
                h.update(Array(cid.utf8))
                int(seq, &h)
            }
            let status = state.status
            let seen = status.seenColumns
            for values in [seen.seq, seen.at, status.checkedSeq, status.checkedAt] {
                for v in values { int(v, &h) }
            }
            for (x, record) in status.archives.sorted(by: { $0.key < $1.key }) {
                for v in [Int64(x), record.seq, record.at.milliseconds, Int64(record.root)] { int(v, &h) }
                h.update(Array((record.note ?? "\u{0}").utf8))
            }
            // Loans (a log without one hashes nothing more, so its fingerprint is as before).
            for (x, loan) in status.loans.sorted(by: { $0.key < $1.key }) {
                for v in [Int64(x), loan.seq, loan.at.milliseconds] { int(v, &h) }
                switch loan.holder {
                case .thing(let y): int(Int64(y), &h)
                case .name(let name): h.update(Array(("\u{1}" + name).utf8))
                }
                h.update(Array((loan.due?.description ?? "\u{0}").utf8))
                h.update(Array((loan.note ?? "\u{0}").utf8))
            }
        }
    }
}

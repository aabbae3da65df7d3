/// Projector: what happened to each object besides its location — when it
/// was last seen, when it was last seen or placed by someone (the stocktake's
/// clock), since when it has been away from home, and whether it is archived.
public struct ObjectStatus: Sendable {
    /// One object's clocks: its last handling and the start of its current
    /// absence. Every placement writes them together, so they share one
    /// 32-byte record (one or two cache lines, not four).
    @usableFromInline
    struct Clock: Sendable, Equatable {
        var checkedSeq: Int64
        var checkedAt: Int64
        /// The seq of the event since which the object has been away from
        /// home without a break, 0 when it is at home; and that event's time.
        var awaySince: Int64 = 0
        var awaySinceAt: Int64 = 0
    }

    /// Per object: the seq of its last `seen` event, 0 when never seen; and
    /// the time of that event in milliseconds. Both stay empty until the
    /// first `seen` event, so a log without one (every version-1 log) does
    /// not pay 16 bytes an object for zeros; read them through `seen(_:)`
    /// or `seenColumns`.
    private var seenSeqs: [Int64] = []
    private var seenAts: [Int64] = []
    /// Per object: its clocks (see `Clock`).
    @usableFromInline var clocks: [Clock] = []
    /// Per object: whether it is archived (out of the world).
    @usableFromInline package internal(set) var archivedFlags: [Bool] = []
    /// The archive record of every archived object.
    public internal(set) var archives: [ObjectIndex: ArchiveRecord] = [:]
    /// The loan of every object that is lent now (ADR 0011).
    public internal(set) var loans: [ObjectIndex: LoanRecord] = [:]

    package init() {}

    /// Rebuilds the projector from its parts (a snapshot); nil when they do not fit together.
    package init?(
        seenSeq: [Int64], seenAt: [Int64], checkedSeq: [Int64], checkedAt: [Int64],
        archives: [ObjectIndex: ArchiveRecord], loans: [ObjectIndex: LoanRecord] = [:], count: Int
    ) {
        guard seenSeq.count == count, seenAt.count == count, checkedSeq.count == count, checkedAt.count == count
        else { return nil }
        var flags = [Bool](repeating: false, count: count)
        for (x, record) in archives {
            guard x >= 0, Int(x) < count, record.root >= 0, Int(record.root) < count else { return nil }
            flags[Int(x)] = true
        }
        let neverSeen = !seenSeq.contains { $0 != 0 } && !seenAt.contains { $0 != 0 }
        (seenSeqs, seenAts) = neverSeen ? ([], []) : (seenSeq, seenAt)
        clocks = zip(checkedSeq, checkedAt).map { Clock(checkedSeq: $0, checkedAt: $1) }
        for (x, record) in loans {
            guard x >= 0, Int(x) < count else { return nil }
            if case .thing(let y) = record.holder, y < 0 || Int(y) >= count { return nil }
        }
        self.archivedFlags = flags
        self.archives = archives
        self.loans = loans
    }

    /// Number of objects the projector knows.
    public var count: Int { archivedFlags.count }

    /// The seq and time (milliseconds) of `x`'s last `seen` event; zeros when never seen.
    package func seen(_ x: ObjectIndex) -> (seq: Int64, at: Int64) {
        seenSeqs.isEmpty ? (0, 0) : (seenSeqs[Int(x)], seenAts[Int(x)])
    }

    /// Per object: the seq of the last event in which a person handled it —
    /// created, placed, returned, restored or seen (not a cascade).
    package var checkedSeq: [Int64] { clocks.map(\.checkedSeq) }
    /// Per object: the time of that event in milliseconds.
    package var checkedAt: [Int64] { clocks.map(\.checkedAt) }
    /// Per object: the seq of the event since which it has been away from
    /// home without a break (0 at home).
    package var awaySince: [Int64] { clocks.map(\.awaySince) }
    /// Per object: that event's time in milliseconds.
    package var awaySinceAt: [Int64] { clocks.map(\.awaySinceAt) }

    /// The seq and time (milliseconds) of the last event in which a person handled `x`.
    package func checked(_ x: ObjectIndex) -> (seq: Int64, at: Int64) {
        let clock = clocks[Int(x)]
        return (clock.checkedSeq, clock.checkedAt)
    }

    /// The seq and time (milliseconds) of the event since which `x` has been away from home; zeros at home.
    package func away(_ x: ObjectIndex) -> (seq: Int64, at: Int64) {
        let clock = clocks[Int(x)]
        return (clock.awaySince, clock.awaySinceAt)
    }

    /// Bytes the clocks hold (by capacity), for the benchmark's memory report.
    package var clockBytes: Int { clocks.capacity * MemoryLayout<Clock>.stride }

    /// Both seen columns at full length, zeros where never seen (for snapshots and fingerprints).
    package var seenColumns: (seq: [Int64], at: [Int64]) {
        if seenSeqs.isEmpty { return ([Int64](repeating: 0, count: count), [Int64](repeating: 0, count: count)) }
        return (seenSeqs, seenAts)
    }

    /// Bytes the seen columns hold (by capacity), for the benchmark's memory report.
    package var seenBytes: Int { (seenSeqs.capacity + seenAts.capacity) * MemoryLayout<Int64>.stride }

    /// Whether `x` is archived (World never is).
    @inlinable
    public func isArchived(_ x: ObjectIndex) -> Bool { x != .world && archivedFlags[Int(x)] }

    /// A new object, handled at `seq`.
    mutating func appendObject(seq: Int64, at: Timestamp) {
        if !seenSeqs.isEmpty {
            seenSeqs.append(0)
            seenAts.append(0)
        }
        clocks.append(Clock(checkedSeq: seq, checkedAt: at.milliseconds))
        archivedFlags.append(false)
    }

    /// Someone handled `x` at `seq`.
    mutating func check(_ x: ObjectIndex, seq: Int64, at: Timestamp) {
        clocks[Int(x)].checkedSeq = seq
        clocks[Int(x)].checkedAt = at.milliseconds
    }

    /// `x` is `away` from home or not after the event `seq`: an absence
    /// starts at the first event that finds it away and ends at home.
    mutating func updateAway(_ x: ObjectIndex, away: Bool, seq: Int64, at: Timestamp) {
        if away {
            if clocks[Int(x)].awaySince == 0 {
                clocks[Int(x)].awaySince = seq
                clocks[Int(x)].awaySinceAt = at.milliseconds
            }
        } else {
            clocks[Int(x)].awaySince = 0
            clocks[Int(x)].awaySinceAt = 0
        }
    }

    /// Sets every object's absence from columns (a snapshot's); false when they do not fit.
    mutating func setAway(seq: [Int64], at: [Int64]) -> Bool {
        guard seq.count == clocks.count, at.count == clocks.count else { return false }
        for k in clocks.indices {
            clocks[k].awaySince = seq[k]
            clocks[k].awaySinceAt = at[k]
        }
        return true
    }

    /// Someone saw `x` at `seq`.
    mutating func see(_ x: ObjectIndex, seq: Int64, at: Timestamp) {
        if seenSeqs.isEmpty {
            seenSeqs = [Int64](repeating: 0, count: count)
            seenAts = [Int64](repeating: 0, count: count)
        }
        seenSeqs[Int(x)] = seq
        seenAts[Int(x)] = at.milliseconds
        check(x, seq: seq, at: at)
    }

    mutating func archive(_ x: ObjectIndex, _ record: ArchiveRecord) {
        archivedFlags[Int(x)] = true
        archives[x] = record
    }

    /// The loan `x` is on now, if any.
    package func loan(_ x: ObjectIndex) -> LoanRecord? { loans.isEmpty ? nil : loans[x] }

    /// Whether `x` is lent now.
    package func isLent(_ x: ObjectIndex) -> Bool { !loans.isEmpty && loans[x] != nil }

    mutating func lend(_ x: ObjectIndex, _ record: LoanRecord) {
        loans[x] = record
    }

    /// Ends the loan of `x`, if it is lent (cheap when nothing is).
    mutating func endLoan(_ x: ObjectIndex) {
        if !loans.isEmpty { loans[x] = nil }
    }

    mutating func restore(_ x: ObjectIndex) {
        archivedFlags[Int(x)] = false
        archives[x] = nil
    }

    /// Reserves room for `count` more objects.
    mutating func reserve(_ count: Int) {
        if !seenSeqs.isEmpty {
            seenSeqs.reserveCapacity(seenSeqs.count + count)
            seenAts.reserveCapacity(seenAts.count + count)
        }
        clocks.reserveCapacity(clocks.count + count)
        archivedFlags.reserveCapacity(archivedFlags.count + count)
    }
}

extension ObjectStatus: Equatable {
    /// Equal when every object has the same status (absence included),
    /// whether or not the seen columns have been made yet.
    public static func == (a: ObjectStatus, b: ObjectStatus) -> Bool {
        guard a.clocks == b.clocks, a.archivedFlags == b.archivedFlags,
            a.archives == b.archives, a.loans == b.loans
        else { return false }
        if a.seenSeqs.isEmpty == b.seenSeqs.isEmpty { return a.seenSeqs == b.seenSeqs && a.seenAts == b.seenAts }
        return a.seenColumns == b.seenColumns
    }
}

/// Why and when an object left the world.
public struct ArchiveRecord: Sendable, Hashable {
    /// The `archived` event.
    public var seq: Int64
    /// When the archive happened.
    public var at: Timestamp
    /// The object the archive named: this one, or the container it went with.
    public var root: ObjectIndex
    /// The note given with the archive, if any.
    public var note: String?

    package init(seq: Int64, at: Timestamp, root: ObjectIndex, note: String?) {
        self.seq = seq
        self.at = at
        self.root = root
        self.note = note
    }
}

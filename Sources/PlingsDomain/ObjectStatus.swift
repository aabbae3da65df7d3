/// Projector: what happened to each object besides its location — when it
/// was last seen, when it was last seen or placed by someone (the stocktake's
/// clock), and whether it is archived.
public struct ObjectStatus: Sendable, Equatable {
    /// Per object: the seq of its last `seen` event, 0 when never seen.
    package internal(set) var seenSeq: [Int64] = []
    /// Per object: the time of that event in milliseconds, 0 when never seen.
    package internal(set) var seenAt: [Int64] = []
    /// Per object: the seq of the last event in which a person handled it —
    /// created, placed, returned, restored or seen (not a cascade).
    package internal(set) var checkedSeq: [Int64] = []
    /// Per object: the time of that event in milliseconds.
    package internal(set) var checkedAt: [Int64] = []
    /// Per object: whether it is archived (out of the world).
    @usableFromInline package internal(set) var archivedFlags: [Bool] = []
    /// The archive record of every archived object.
    public internal(set) var archives: [ObjectIndex: ArchiveRecord] = [:]

    package init() {}

    /// Rebuilds the projector from its parts (a snapshot); nil when they do not fit together.
    package init?(
        seenSeq: [Int64], seenAt: [Int64], checkedSeq: [Int64], checkedAt: [Int64],
        archives: [ObjectIndex: ArchiveRecord], count: Int
    ) {
        guard seenSeq.count == count, seenAt.count == count, checkedSeq.count == count, checkedAt.count == count
        else { return nil }
        var flags = [Bool](repeating: false, count: count)
        for (x, record) in archives {
            guard x >= 0, Int(x) < count, record.root >= 0, Int(record.root) < count else { return nil }
            flags[Int(x)] = true
        }
        (self.seenSeq, self.seenAt, self.checkedSeq, self.checkedAt) = (seenSeq, seenAt, checkedSeq, checkedAt)
        self.archivedFlags = flags
        self.archives = archives
    }

    /// Number of objects the projector knows.
    public var count: Int { archivedFlags.count }

    /// Whether `x` is archived (World never is).
    @inlinable
    public func isArchived(_ x: ObjectIndex) -> Bool { x != .world && archivedFlags[Int(x)] }

    /// A new object, handled at `seq`.
    mutating func appendObject(seq: Int64, at: Timestamp) {
        seenSeq.append(0)
        seenAt.append(0)
        checkedSeq.append(seq)
        checkedAt.append(at.milliseconds)
        archivedFlags.append(false)
    }

    /// Someone handled `x` at `seq`.
    mutating func check(_ x: ObjectIndex, seq: Int64, at: Timestamp) {
        checkedSeq[Int(x)] = seq
        checkedAt[Int(x)] = at.milliseconds
    }

    /// Someone saw `x` at `seq`.
    mutating func see(_ x: ObjectIndex, seq: Int64, at: Timestamp) {
        seenSeq[Int(x)] = seq
        seenAt[Int(x)] = at.milliseconds
        check(x, seq: seq, at: at)
    }

    mutating func archive(_ x: ObjectIndex, _ record: ArchiveRecord) {
        archivedFlags[Int(x)] = true
        archives[x] = record
    }

    mutating func restore(_ x: ObjectIndex) {
        archivedFlags[Int(x)] = false
        archives[x] = nil
    }

    /// Reserves room for `count` more objects.
    mutating func reserve(_ count: Int) {
        seenSeq.reserveCapacity(seenSeq.count + count)
        seenAt.reserveCapacity(seenAt.count + count)
        checkedSeq.reserveCapacity(checkedSeq.count + count)
        checkedAt.reserveCapacity(checkedAt.count + count)
        archivedFlags.reserveCapacity(archivedFlags.count + count)
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

import PlingsDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a replay stops: after a seq, or after the last event at or before a time.
public enum ReplayLimit: Sendable, Hashable {
    case seq(Int64)
    case time(Timestamp)

    @inlinable
    func allows(seq: Int64, at: Timestamp) -> Bool {
        switch self {
        case .seq(let s): return seq <= s
        case .time(let t): return at <= t
        }
    }
}

/// Folds log lines into a `WorldState`.
///
/// The fast path reads the log's own canonical line layout with a fixed-order
/// byte scanner: ids are resolved straight from the bytes through the
/// registry's hash table, names are copied as bytes, and the checks are the
/// decider's own (`Decider.checkPlacement`, `Decider.checkCreate`). Any line
/// it does not recognise in every detail goes through the general path —
/// `LineDecoder`, `ChainChecker` and `WorldState.apply` — which gives the
/// same state or the precise error. Tests compare both paths.
public struct Replayer {
    public var state: WorldState
    public let path: String
    // The cursor, kept in parts so the fast path never parses a hash it may not need.
    private var offset: Int64
    private var lines: Int
    private var lastSeq: Int64
    private var lastAt: Timestamp
    /// Where reading has come to. The last hash is parsed from hex on each read of this property.
    public var cursor: LogCursor {
        get {
            let hash = lastHashHex.withUnsafeBufferPointer { Digest(hexBytes: $0) } ?? .zero
            return LogCursor(offset: offset, lines: lines, lastSeq: lastSeq, lastAt: lastAt, lastHash: hash)
        }
        set {
            offset = newValue.offset
            lines = newValue.lines
            lastSeq = newValue.lastSeq
            lastAt = newValue.lastAt
            lastHashHex = newValue.lastHash.hexBytes
        }
    }
    public var verifyHashes = false
    /// Use the fast path (on by default; off forces the general path).
    public var fastPath = true
    /// Lines read through the general path (for the benchmark and tests).
    public private(set) var generalLines = 0
    private var cachedDate: UInt64 = 0
    private var cachedDateTail: UInt16 = 0
    private var cachedDayMilliseconds: Int64 = 0
    /// Last hash as hex, for comparing `prev` without parsing it.
    private var lastHashHex: [UInt8]

    public init(path: String, state: WorldState = WorldState(), cursor: LogCursor = LogCursor()) {
        self.path = path
        self.state = state
        offset = cursor.offset
        lines = cursor.lines
        lastSeq = cursor.lastSeq
        lastAt = cursor.lastAt
        lastHashHex = cursor.lastHash.hexBytes
    }

    /// Takes over a state and cursor the caller has moved on itself (after an append).
    public mutating func adopt(state: WorldState, cursor: LogCursor) {
        self.state = state
        self.cursor = cursor
    }

    /// Moves the cursor past lines the caller appended and applied itself.
    public mutating func moved(to cursor: LogCursor) {
        self.cursor = cursor
    }

    /// Reads every line of `file` from the cursor on, stopping before the
    /// first event past `limit`. `observe` (when given) sees each decoded
    /// event with its effects, and forces the general path. `every` is called
    /// after each `interval` lines with the replayer itself (for snapshots
    /// and progress).
    /// - Returns: the torn tail, if the file ends in one and the limit was not reached.
    @discardableResult
    public mutating func run(
        _ file: LogFile, limit: ReplayLimit? = nil,
        observe: ((Event, [Effect], WorldState) -> Void)? = nil,
        interval: Int = 0, every: ((inout Replayer) -> Void)? = nil
    ) throws(LogError) -> TornTail? {
        let size = try file.size()
        if size < offset { throw .shrunk(path: path, size: size, read: offset) }
        var stopped = false
        let recording = observe != nil
        var effects = EffectLog(recording: recording)
        try file.readLines(from: offset) { (line, offset) throws(LogError) in
            if stopped { return }
            if observe == nil, fastPath, try fastLine(line, offset, limit: limit, stopped: &stopped) {
                // done
            } else if !stopped {
                var checker = ChainChecker(path: path, cursor: cursor, verifyHashes: verifyHashes)
                let decoded = try checker.check(line, at: offset)
                if let limit, !limit.allows(seq: decoded.event.seq, at: decoded.event.at) {
                    stopped = true
                    return
                }
                generalLines += 1
                effects.clear()
                state.apply(decoded.event, effects: &effects)
                observe?(decoded.event, effects.items, state)
                cursor = checker.cursor
            }
            if stopped { return }
            if interval > 0, let every, lines % interval == 0 { every(&self) }
        }
        if stopped { return nil }
        let end = try file.size()
        return end > offset ? TornTail(offset: offset, length: end - offset) : nil
    }

    // MARK: - The fast path

    /// Handles one line if it is in the canonical layout and passes every
    /// check; returns false (changing nothing) otherwise.
    private mutating func fastLine(
        _ p: UnsafeBufferPointer<UInt8>, _ offset: Int64, limit: ReplayLimit?, stopped: inout Bool
    ) throws(LogError) -> Bool {
        let n = p.count
        guard n >= 120, n < LineFormat.maxLineBytes, p[0] == 0x7B else { return false }
        let bodyEnd = n - LineFormat.hashSuffixLength
        // The hash member: `,"hash":"` + 64 hex + `"}`.
        guard p[bodyEnd] == 0x2C, p[bodyEnd + 2] == 0x68, p[n - 1] == 0x7D, p[n - 2] == 0x22 else { return false }
        var i = 1
        @inline(__always) func literal(_ s: StaticString) -> Bool {
            let count = s.utf8CodeUnitCount
            guard i + count <= bodyEnd else { return false }
            // Eight bytes at a time.
            let a = UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped + i)
            let b = UnsafeRawPointer(s.utf8Start)
            var k = 0
            while k + 8 <= count {
                if a.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                    != b.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                {
                    return false
                }
                k += 8
            }
            while k < count {
                if a.load(fromByteOffset: k, as: UInt8.self) != b.load(fromByteOffset: k, as: UInt8.self) {
                    return false
                }
                k += 1
            }
            i += count
            return true
        }
        /// A string of plain bytes (no escapes, no control characters); returns its range.
        @inline(__always) func plainString() -> Range<Int>? {
            let start = i
            while i < bodyEnd {
                let c = p[i]
                if c == 0x22 {
                    let r = start..<i
                    i += 1
                    return r
                }
                if c == 0x5C || c < 0x20 || c >= 0x80 { return nil }
                i += 1
            }
            return nil
        }
        if literal("\"actor\":\"") {
            // Plain printable ASCII only; anything else is checked by the general path.
            guard let r = plainString(), !r.isEmpty, r.count <= Actor.maxBytes, literal(",") else { return false }
            for k in r where p[k] == 0x7F { return false }
        }
        guard literal("\"at\":\""), i + 25 <= bodyEnd, p[i + 24] == 0x22, let at = time(p, i) else { return false }
        i += 25
        var axes: AxisSet = []
        if literal(",\"axes\":[\"") {
            if literal("current\",\"normal\"]") {
                axes = .both
            } else if literal("current\"]") {
                axes = .current
            } else if literal("normal\"]") {
                axes = .normal
            } else {
                return false
            }
        }
        var cidRange: Range<Int>?
        if literal(",\"cid\":\"") {
            guard let r = plainString(), !r.isEmpty, r.count <= 64 else { return false }
            for k in r where !ObjectID.isIDByte(p[k]) { return false }
            cidRange = r
        }
        var nameRange: Range<Int>?
        var nameEscaped = false
        if literal(",\"name\":\"") {
            let start = i
            while i < bodyEnd {
                let c = p[i]
                if c == 0x22 { break }
                if c < 0x20 { return false }
                if c == 0x5C {
                    nameEscaped = true
                    i += 2
                    continue
                }
                i += 1
            }
            guard i < bodyEnd else { return false }
            nameRange = start..<i
            i += 1
        }
        guard literal(",\"object\":\""), let objectRange = plainString() else { return false }
        guard literal(",\"prev\":\""), i + 65 <= bodyEnd, p[i + 64] == 0x22 else { return false }
        let prevStart = i
        i += 65
        var relation: Relation?
        if literal(",\"relation\":\"") {
            guard let r = plainString(), let rel = Self.relation(p, r) else { return false }
            relation = rel
        }
        guard literal(",\"seq\":") else { return false }
        var seq: Int64 = 0
        let digitsStart = i
        while i < bodyEnd, p[i] >= 0x30, p[i] <= 0x39, i - digitsStart < 18 {
            seq = seq * 10 + Int64(p[i] - 0x30)
            i += 1
        }
        guard i > digitsStart, p[digitsStart] != 0x30 || i - digitsStart == 1 else { return false }
        var targetRange: Range<Int>?
        if literal(",\"target\":\"") {
            guard let r = plainString() else { return false }
            targetRange = r
        }
        guard literal(",\"type\":\"") else { return false }
        let kind: UInt8
        if literal("created\"") {
            kind = 0
        } else if literal("renamed\"") {
            kind = 1
        } else if literal("placed\"") {
            kind = 2
        } else {
            return false
        }
        guard literal(",\"v\":1"), i == bodyEnd else { return false }
        // Members per type, exactly.
        switch kind {
        case 0, 1: guard nameRange != nil, axes.isEmpty, relation == nil, targetRange == nil else { return false }
        default: guard nameRange == nil, !axes.isEmpty, relation != nil, targetRange != nil else { return false }
        }
        // Envelope rules; anything off goes to the general path, which names the problem.
        guard seq == lastSeq + 1, at >= lastAt else { return false }
        let hashStart = bodyEnd + 9
        let chained = lastHashHex.withUnsafeBufferPointer { last in
            memcmp(p.baseAddress.unsafelyUnwrapped + prevStart, last.baseAddress.unsafelyUnwrapped, 64) == 0
        }
        guard chained else { return false }
        guard Self.isLowerHex64(UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped + hashStart)) else { return false }
        if let limit, !limit.allows(seq: seq, at: at) {
            stopped = true
            return true
        }
        if verifyHashes {
            let digest = SHA256.hash(UnsafeRawBufferPointer(start: p.baseAddress, count: bodyEnd))
            guard let written = Digest(hexBytes: UnsafeBufferPointer(rebasing: p[hashStart..<(hashStart + 64)])),
                digest == written
            else { return false }
        }
        let object = UnsafeBufferPointer(rebasing: p[objectRange])
        switch kind {
        case 0, 1:
            // Names with escapes are rare: the general path unescapes them.
            guard let nameRange, !nameEscaped else { return false }
            let name = UnsafeBufferPointer(rebasing: p[nameRange])
            guard ObjectID.isValid(object) else { return false }
            if kind == 0 {
                state.replayCreated(id: object, name: name, seq: seq, at: at)
            } else {
                state.replayRenamed(id: object, name: name, seq: seq, at: at)
            }
        default:
            guard let relation, let targetRange else { return false }
            let targetBytes = UnsafeBufferPointer(rebasing: p[targetRange])
            let world = Self.isWorld(targetBytes)
            guard
                state.replayPlaced(
                    object: object, relation: relation, target: world ? nil : targetBytes, axes: axes, seq: seq, at: at)
            else { return false }
        }
        if let cidRange {
            state.recordCommandID(String(decoding: UnsafeBufferPointer(rebasing: p[cidRange]), as: UTF8.self), seq: seq)
        }
        lastHashHex.withUnsafeMutableBufferPointer { last in
            _ = memcpy(last.baseAddress.unsafelyUnwrapped, p.baseAddress.unsafelyUnwrapped + hashStart, 64)
        }
        self.offset = offset + Int64(n) + 1
        lines += 1
        lastSeq = seq
        lastAt = at
        return true
    }

    /// Whether 64 bytes are all lowercase hex digits, eight bytes at a time:
    /// adding a constant to each byte sets its high bit exactly when the byte
    /// is at least some bound (no carries, since every byte is below 0x80).
    @inline(__always)
    static func isLowerHex64(_ base: UnsafeRawPointer) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        for k in stride(from: 0, to: 64, by: 8) {
            let w = base.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            if w & high != 0 { return false }
            let atLeast0 = w &+ 0x5050_5050_5050_5050
            let above9 = w &+ 0x4646_4646_4646_4646
            let atLeastA = w &+ 0x1F1F_1F1F_1F1F_1F1F
            let aboveF = w &+ 0x1919_1919_1919_1919
            if ((atLeast0 & ~above9) | (atLeastA & ~aboveF)) & high != high { return false }
        }
        return true
    }

    /// Parses the canonical time at `i`, reusing the day of the line before
    /// when the date is the same (it nearly always is).
    @inline(__always)
    private mutating func time(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> Timestamp? {
        let base = UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped + i)
        let date = base.loadUnaligned(as: UInt64.self)
        let dateTail = base.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        if date == cachedDate && dateTail == cachedDateTail, base.load(fromByteOffset: 10, as: UInt8.self) == 0x54 {
            // Only the time of day: HH:MM:SS.mmmZ at offsets 11…23.
            @inline(__always) func d(_ k: Int) -> Int64? {
                let c = base.load(fromByteOffset: k, as: UInt8.self) &- 0x30
                return c < 10 ? Int64(c) : nil
            }
            guard base.load(fromByteOffset: 13, as: UInt8.self) == 0x3A,
                base.load(fromByteOffset: 16, as: UInt8.self) == 0x3A,
                base.load(fromByteOffset: 19, as: UInt8.self) == 0x2E,
                base.load(fromByteOffset: 23, as: UInt8.self) == 0x5A,
                let h1 = d(11), let h2 = d(12), let m1 = d(14), let m2 = d(15), let s1 = d(17), let s2 = d(18),
                let f1 = d(20), let f2 = d(21), let f3 = d(22)
            else { return nil }
            let h = h1 * 10 + h2
            let m = m1 * 10 + m2
            let sec = s1 * 10 + s2
            guard h < 24, m < 60, sec < 60 else { return nil }
            return Timestamp(
                milliseconds: cachedDayMilliseconds + ((h * 60 + m) * 60 + sec) * 1000 + f1 * 100 + f2 * 10 + f3)
        }
        guard let full = Timestamp.parseCanonical(UnsafeBufferPointer(rebasing: p[i..<(i + 24)])) else { return nil }
        cachedDate = date
        cachedDateTail = dateTail
        let day: Int64 = 86_400_000
        cachedDayMilliseconds =
            full.milliseconds >= 0 ? full.milliseconds / day * day : (full.milliseconds - day + 1) / day * day
        return full
    }

    static func isWorld(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        p.count == 5 && p[0] == 0x77 && p[1] == 0x6F && p[2] == 0x72 && p[3] == 0x6C && p[4] == 0x64
    }

    static let relationTokens: [[UInt8]] = Relation.allCases.map { Array($0.token.utf8) }

    static func relation(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Relation? {
        for (k, token) in relationTokens.enumerated() where token.count == r.count {
            var same = true
            for j in 0..<token.count where p[r.lowerBound + j] != token[j] {
                same = false
                break
            }
            if same { return Relation(rawValue: UInt8(k)) }
        }
        return nil
    }
}

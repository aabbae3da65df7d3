import PlingsDomain

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
    public private(set) var cursor: LogCursor
    public let path: String
    public var verifyHashes = false
    /// Use the fast path (on by default; off forces the general path).
    public var fastPath = true
    /// Lines read through the general path (for the benchmark and tests).
    public private(set) var generalLines = 0
    /// Last hash as hex, for comparing `prev` without parsing it.
    private var lastHashHex: [UInt8]

    public init(path: String, state: WorldState = WorldState(), cursor: LogCursor = LogCursor()) {
        self.path = path
        self.state = state
        self.cursor = cursor
        self.lastHashHex = cursor.lastHash.hexBytes
    }

    /// Takes over a state and cursor the caller has moved on itself (after an append).
    public mutating func adopt(state: WorldState, cursor: LogCursor) {
        self.state = state
        self.cursor = cursor
        lastHashHex = cursor.lastHash.hexBytes
    }

    /// Moves the cursor past lines the caller appended and applied itself.
    public mutating func moved(to cursor: LogCursor) {
        self.cursor = cursor
        lastHashHex = cursor.lastHash.hexBytes
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
        var stopped = false
        let recording = observe != nil
        var effects = EffectLog(recording: recording)
        try file.readLines(from: cursor.offset) { (line, offset) throws(LogError) in
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
                lastHashHex = cursor.lastHash.hexBytes
            }
            if stopped { return }
            if interval > 0, let every, cursor.lines % interval == 0 { every(&self) }
        }
        if stopped { return nil }
        let end = try file.size()
        return end > cursor.offset ? TornTail(offset: cursor.offset, length: end - cursor.offset) : nil
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
            let base = s.utf8Start
            for k in 0..<count where p[i + k] != base[k] { return false }
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
        guard literal("\"at\":\""), i + 25 <= bodyEnd, p[i + 24] == 0x22,
            let at = Timestamp.parseCanonical(UnsafeBufferPointer(rebasing: p[i..<(i + 24)]))
        else { return false }
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
        guard seq == cursor.lastSeq + 1, at >= cursor.lastAt else { return false }
        for k in 0..<64 where p[prevStart + k] != lastHashHex[k] { return false }
        let hashStart = bodyEnd + 9
        for k in hashStart..<(hashStart + 64) {
            let c = p[k]
            guard (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) else { return false }
        }
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
        guard ObjectID.isValid(object),
            let hash = Digest(hexBytes: UnsafeBufferPointer(rebasing: p[hashStart..<(hashStart + 64)]))
        else { return false }
        // The event itself.
        var none = EffectLog(recording: false)
        switch kind {
        case 0, 1:
            // Names with escapes are rare: the general path unescapes them.
            guard let nameRange, !nameEscaped else { return false }
            let name = UnsafeBufferPointer(rebasing: p[nameRange])
            if kind == 0 {
                if let error = Decider.checkCreate(idBytes: object, nameBytes: name, in: state) {
                    state.recordSkip(seq: seq, at: at, error: error)
                } else {
                    state.applyCreate(idBytes: object, nameBytes: name, effects: &none)
                    state.advance(seq: seq, at: at)
                }
            } else if let x = state.registry.index(bytes: object), ObjectName.isValid(name) {
                state.registry.rename(x, toBytes: name, effects: &none)
                state.advance(seq: seq, at: at)
            } else {
                return false
            }
        default:
            guard let relation, let targetRange else { return false }
            let targetBytes = UnsafeBufferPointer(rebasing: p[targetRange])
            guard let x = state.registry.index(bytes: object) else { return false }
            let target: ObjectIndex
            if Self.isWorld(targetBytes) {
                target = .world
            } else {
                guard ObjectID.isValid(targetBytes), let y = state.registry.index(bytes: targetBytes) else {
                    return false
                }
                target = y
            }
            if let error = Decider.checkPlacement(x, relation, target, axes, in: state) {
                state.recordSkip(seq: seq, at: at, error: error)
            } else {
                state.applyPlacement(x, relation, target, axes, seq: seq, at: at, effects: &none)
                state.advance(seq: seq, at: at)
            }
        }
        if let cidRange {
            state.recordCommandID(String(decoding: UnsafeBufferPointer(rebasing: p[cidRange]), as: UTF8.self), seq: seq)
        }
        for k in 0..<64 { lastHashHex[k] = p[hashStart + k] }
        cursor = LogCursor(
            offset: offset + Int64(n) + 1, lines: cursor.lines + 1, lastSeq: seq, lastAt: at, lastHash: hash)
        return true
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

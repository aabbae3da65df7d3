import PlingsDomain

/// The payload's members as the line writes them, and the version they need.
struct LineMembers {
    var name: String?
    var relation: Relation?
    var target: String?
    var axes: AxisSet?
    var note: String?
    var due: String?
    var code: String?
    var command: String?
    var reason: String?
    var version: Int64 = 1

    init(_ event: Event, batch: Int?) {
        switch event.payload {
        case .created(_, let name), .renamed(_, let name):
            self.name = name
        case .placed(let p):
            relation = p.relation
            target = p.target?.rawValue ?? ObjectID.worldToken
            axes = p.axes
        case .returned, .seen:
            version = 2
        case .archived(_, let note):
            self.note = note
            version = 2
        case .restored(let p):
            relation = p.relation
            target = p.target?.rawValue ?? ObjectID.worldToken
            axes = p.axes
            version = 2
        case .refused(let r):
            (name, relation, target, axes) = (r.name, r.relation, r.target, r.axes)
            (code, command, reason) = (r.code, r.command, r.reason)
            // A refused loan is as new as a loan: an older reader says "upgrade Plings".
            version = r.command == "lend" ? 4 : 2
        case .lent(let loan):
            switch loan.borrower {
            case .thing(let id): target = id.rawValue
            case .name(let who): name = who
            }
            (due, note) = (loan.due?.description, loan.note)
            version = 4
        }
        if batch != nil || event.origin != nil || event.undoes != nil { version = max(version, 2) }
        // Depth came with version 2 and the diagonals with 3: an older reader must say "upgrade Plings".
        if let relation { version = max(version, relation.lineVersion) }
        // The clock's own reading beside a clamped time came with version 4.
        if event.clock != nil { version = max(version, 4) }
    }
}

/// Writes one line's members in order, `{`, then `"key":value` pairs joined by
/// commas, through a pointer into scratch space the encoder sized for the line
/// beforehand (see `LineEncoder.bound`): no capacity check or reference count per byte.
struct LineWriter {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var first = true

    init(base: UnsafeMutablePointer<UInt8>) {
        self.base = base
    }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always)
    mutating func bytes(_ p: UnsafeBufferPointer<UInt8>) {
        guard let start = p.baseAddress else { return }
        (base + count).update(from: start, count: p.count)
        count += p.count
    }

    mutating func open() {
        byte(0x7B)
    }

    private mutating func key(_ key: StaticString) {
        if !first { byte(0x2C) }
        first = false
        byte(0x22)
        bytes(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        byte(0x22)
        byte(0x3A)
    }

    mutating func string(_ name: StaticString, _ value: String) {
        key(name)
        var value = value
        value.withUTF8 { jsonString($0) }
    }

    mutating func integer(_ name: StaticString, _ value: Int64) {
        key(name)
        if value < 0 { byte(0x2D) }
        // The magnitude's digits (at most 19), written right to left.
        var v = value.magnitude
        var n = 1
        var scale: UInt64 = 10
        while scale <= v {
            n += 1
            scale &*= 10
        }
        for k in stride(from: n - 1, through: 0, by: -1) {
            base[count + k] = 0x30 + UInt8(truncatingIfNeeded: v % 10)
            v /= 10
        }
        count += n
    }

    /// A time member, its 24 canonical bytes given.
    mutating func time(_ name: StaticString, _ text: UnsafeBufferPointer<UInt8>) {
        key(name)
        byte(0x22)
        bytes(text)
        byte(0x22)
    }

    mutating func hex(_ name: StaticString, _ value: Digest) {
        key(name)
        byte(0x22)
        hex64(value)
        byte(0x22)
    }

    /// The 64 hex digits of `value`.
    mutating func hex64(_ value: Digest) {
        value.writeHex(into: base + count)
        count += 64
    }

    mutating func axes(_ axes: AxisSet) {
        key("axes")
        let form = MemberScanner.axisForms.first { $0.1 == axes } ?? MemberScanner.axisForms[0]
        form.0.withUnsafeBufferPointer { bytes($0) }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as raw UTF-8
    /// (the same bytes as `LineFormat.appendJSONString`).
    private mutating func jsonString(_ p: UnsafeBufferPointer<UInt8>) {
        byte(0x22)
        var plain = 0
        while plain < p.count, p[plain] >= 0x20, p[plain] != 0x22, p[plain] != 0x5C { plain += 1 }
        bytes(UnsafeBufferPointer(rebasing: p[0..<plain]))
        if plain < p.count {
            // The rest starts at an ASCII byte of valid UTF-8, so it is valid UTF-8 too.
            var escaped: [UInt8] = []
            LineFormat.appendJSONString(
                String(decoding: UnsafeBufferPointer(rebasing: p[plain...]), as: UTF8.self), to: &escaped)
            // Without the quotes appendJSONString put around it.
            escaped.withUnsafeBufferPointer { bytes(UnsafeBufferPointer(rebasing: $0[1..<($0.count - 1)])) }
        }
        byte(0x22)
    }
}

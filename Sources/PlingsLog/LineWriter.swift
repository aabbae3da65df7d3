import PlingsDomain

/// The payload's members as the line writes them, and the version they need.
struct LineMembers {
    var name: String?
    var relation: Relation?
    var target: String?
    var axes: AxisSet?
    var note: String?
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
            version = 2
        }
        if batch != nil || event.origin != nil || event.undoes != nil { version = 2 }
        // The depth relations came with version 2: an older reader must say "upgrade Plings".
        if let relation, relation.isVersion2 { version = 2 }
    }
}

/// Writes one line's members in order: `{`, then `"key":value` pairs joined by commas.
struct LineWriter {
    var out: [UInt8]
    private var first = true

    init(out: [UInt8]) {
        self.out = out
    }

    mutating func open() {
        out.append(0x7B)
    }

    private mutating func key(_ key: StaticString) {
        if !first { out.append(0x2C) }
        first = false
        out.append(0x22)
        out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        out.append(contentsOf: [0x22, 0x3A])
    }

    mutating func string(_ name: StaticString, _ value: String) {
        key(name)
        LineFormat.appendJSONString(value, to: &out)
    }

    mutating func integer(_ name: StaticString, _ value: Int64) {
        key(name)
        LineFormat.appendDecimal(value, to: &out)
    }

    mutating func time(_ name: StaticString, _ value: Timestamp) {
        key(name)
        out.append(0x22)
        value.appendCanonical(to: &out)
        out.append(0x22)
    }

    mutating func hex(_ name: StaticString, _ value: Digest) {
        key(name)
        out.append(0x22)
        out.append(contentsOf: value.hexBytes)
        out.append(0x22)
    }

    mutating func axes(_ axes: AxisSet) {
        key("axes")
        let form = MemberScanner.axisForms.first { $0.1 == axes } ?? MemberScanner.axisForms[0]
        out.append(contentsOf: form.0)
    }
}

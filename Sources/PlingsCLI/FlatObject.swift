import PlingsKit

/// A small parser for one flat JSON object whose values are all strings (and
/// `seq`, which may also be a plain integer), for `plings apply`'s input (not the log: the log has its own strict decoder).
/// It keeps the members a command can have and names the first other one.
///
/// It reads straight from the input buffer: keys are matched as bytes, and a
/// value without escapes becomes a string in one step (no byte array per value).
enum FlatObject {
    /// The members a command line can have.
    static let names = [
        "command", "object", "name", "relation", "target", "axes", "cid", "note", "contents", "in", "seq", "to", "due",
    ]

    /// The index of each member in `names`.
    enum Key: Int, CaseIterable {
        case command, object, name, relation, target, axes, cid, note, contents, `in`, seq, to, due

        /// The bit of this member in `Fields.present`.
        var bit: UInt16 { 1 << UInt16(rawValue) }

        /// The member spelled by these raw (unescaped) key bytes, if any.
        static func match(_ p: UnsafeBufferPointer<UInt8>) -> Key? {
            func equals(_ word: StaticString) -> Bool {
                guard p.count == word.utf8CodeUnitCount else { return false }
                for k in 0..<p.count where p[k] != word.utf8Start[k] { return false }
                return true
            }
            switch p.count {
            case 2: return equals("in") ? .in : equals("to") ? .to : nil
            case 3: return equals("cid") ? .cid : equals("seq") ? .seq : equals("due") ? .due : nil
            case 4: return equals("name") ? .name : equals("axes") ? .axes : equals("note") ? .note : nil
            case 6: return equals("object") ? .object : equals("target") ? .target : nil
            case 7: return equals("command") ? .command : nil
            case 8: return equals("relation") ? .relation : equals("contents") ? .contents : nil
            default: return nil
            }
        }
    }

    /// The members of one line, without a heap allocation for the line itself.
    struct Fields {
        private var command, object, name, relation, target, axes, cid, note, contents, inside, seq, to, due: String?
        /// The members present, one bit per `Key`.
        private(set) var present: UInt16 = 0
        /// The first member that is not one of `names`.
        var unexpected: String?

        subscript(_ name: String) -> String? {
            guard let k = FlatObject.names.firstIndex(of: name).flatMap(Key.init(rawValue:)) else { return nil }
            return self[k]
        }

        subscript(_ key: Key) -> String? {
            switch key {
            case .command: command
            case .object: object
            case .name: name
            case .relation: relation
            case .target: target
            case .axes: axes
            case .cid: cid
            case .note: note
            case .contents: contents
            case .in: inside
            case .seq: seq
            case .to: to
            case .due: due
            }
        }

        /// Sets a member; false when it was set already.
        mutating func set(_ key: Key, _ value: String) -> Bool {
            guard present & key.bit == 0 else { return false }
            present |= key.bit
            switch key {
            case .command: command = value
            case .object: object = value
            case .name: name = value
            case .relation: relation = value
            case .target: target = value
            case .axes: axes = value
            case .cid: cid = value
            case .note: note = value
            case .contents: contents = value
            case .in: inside = value
            case .seq: seq = value
            case .to: to = value
            case .due: due = value
            }
            return true
        }

        /// The members present, in `names` order, then the unexpected one.
        var keys: [String] {
            Key.allCases.filter { present & $0.bit != 0 }.map { FlatObject.names[$0.rawValue] }
                + (unexpected.map { [$0] } ?? [])
        }
    }

    /// What is wrong with a line that is not one flat object of strings.
    enum Fault: Equatable {
        /// Not an object of string members at all (or not valid UTF-8).
        case notObject
        /// A member given twice.
        case repeated(String)
        /// A member whose value is neither a string nor, for `seq`, a whole number of 1 or more.
        case badValue(String)
    }

    /// Parses a line; nil when it is not one flat object of strings in valid UTF-8 with no repeated member.
    static func parse(_ p: UnsafeBufferPointer<UInt8>) -> Fields? {
        var fields = Fields()
        return parse(p, into: &fields) == nil ? fields : nil
    }

    /// Parses a line into `fields` (which must be empty).
    /// - Returns: nil when it is one flat object of strings in valid UTF-8 with no repeated
    ///   member; otherwise what is wrong.
    static func parse(_ p: UnsafeBufferPointer<UInt8>, into fields: inout Fields) -> Fault? {
        var scanner = Scanner(p: p)
        scanner.space()
        guard scanner.take(0x7B) else { return .notObject }
        scanner.space()
        if !scanner.take(0x7D) {
            repeat {
                scanner.space()
                guard let key = scanner.key() else { return .notObject }
                scanner.space()
                guard scanner.take(0x3A) else { return .notObject }
                scanner.space()
                let name = key.known.map { FlatObject.names[$0.rawValue] } ?? key.other ?? ""
                guard let value = key.known == .seq ? scanner.integer() ?? scanner.string() : scanner.string()
                else { return .badValue(name) }
                if let k = key.known {
                    guard fields.set(k, value) else { return .repeated(name) }
                } else if fields.unexpected == nil {
                    fields.unexpected = key.other
                }
                scanner.space()
            } while scanner.take(0x2C)
            guard scanner.take(0x7D) else { return .notObject }
        }
        scanner.space()
        return scanner.atEnd ? nil : .notObject
    }
}

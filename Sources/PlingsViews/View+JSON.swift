import PlingsDomain

// How each view writes itself as JSON. One vocabulary for every command:
// fields in a fixed order, every field always present (`null` when there
// is nothing), arrays as `[]` when empty. docs/json.md shows each shape.

extension ObjectRef: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("id", id)
            $0.field("name", name)
        }
    }
}

extension PositionalRef: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("relation", relation)
            $0.field("target", target)
            $0.field("targetName", targetName)
        }
    }
}

extension RelatedRef: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("id", id)
            $0.field("name", name)
            $0.field("relation", relation)
        }
    }
}

extension JSONWriter {
    /// An array of JSON-writable values (an element or a top-level value).
    package mutating func array<S: Sequence>(_ values: S) where S.Element: JSONWritable {
        beginArray()
        for v in values { v.write(to: &self) }
        endArray()
    }

    /// A member whose value is an array of JSON-writable values.
    package mutating func field<S: Sequence>(_ name: String, _ values: S) where S.Element: JSONWritable {
        field(name, array: values) { w, v in v.write(to: &w) }
    }
}

extension Location: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("parent", parent)
            $0.field("relation", relation)
            $0.field("path", path)
            if elided { $0.field("elided", true) }
            $0.field("positional", positional)
            $0.field("inbound", inbound)
        }
    }
}

extension Card: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("asOfSeq", asOfSeq)
            $0.field("id", id)
            $0.field("name", name)
            $0.field("away", away)
            $0.key("current")
            current.write(to: &$0)
            $0.key("normal")
            normal.write(to: &$0)
            $0.field("contents", contents)
            $0.field("belongings", belongings)
            $0.key("lastSeen")
            if let lastSeen { lastSeen.write(to: &$0) } else { $0.null() }
            $0.key("archived")
            if let archived { archived.write(to: &$0) } else { $0.null() }
            $0.key("loan")
            if let loan { loan.write(to: &$0) } else { $0.null() }
        }
    }
}

import PlingsDomain

/// Writes the away list as text one entry at a time, from the bytes of its
/// names and ids (`AwayRowBytes`), exactly as `AwayEntry.render` renders the
/// entry a row stands for; the words are looked up once, as bytes.
package struct AwayText {
    private let language: Language
    /// What goes between the id and the current place (")\n  is at: "), the places
    /// ("\n  belongs: ") and the normal place and the seq ("\n  away since #").
    private let isAt: [UInt8]
    private let belongs: [UInt8]
    private let since: [UInt8]
    private let world: [UInt8]
    /// What comes before the parent's name when its relation is not `in` (" (on "), and before
    /// a positional relation's target (", under "), by raw value.
    private let held: [[UInt8]]
    private let beside: [[UInt8]]

    package init(language: Language) {
        let t = Texts(language)
        self.language = language
        isAt = Array(")\n  \(t.catalog(.awayIsAt)): ".utf8)
        belongs = Array("\n  \(t.catalog(.awayBelongs)): ".utf8)
        since = Array("\n  \(t.catalog(.awaySince)) #".utf8)
        world = Array(t.world.utf8)
        let relations = (0...UInt8.max).map { Relation(rawValue: $0) }.prefix { $0 != nil }.compactMap { $0 }
        held = relations.map { Array(" (\(t.word($0)) ".utf8) }
        beside = relations.map { Array(", \(t.word($0)) ".utf8) }
    }

    /// Writes the entry of `row`.
    package func write(_ row: AwayRowBytes, to out: inout OutputBuffer) {
        out.write(quoting: row.thing.name)
        out.write(literal: " (")
        out.write(decoding: row.thing.id)
        write(isAt, to: &out)
        if let loan = row.loan { out.write(loan.phrase(language)) } else { write(row.current, to: &out) }
        write(belongs, to: &out)
        write(row.normal, to: &out)
        write(since, to: &out)
        out.write(decimal: row.sinceSeq)
        out.write(literal: " ")
        out.write(rfc3339: Timestamp(milliseconds: row.sinceAt))
        out.write(literal: "\n")
    }

    /// A place as `AwayEntry.render` says it: the path (World when empty; "…" where containers
    /// are left out), the parent relation when it is not `in`, the positional relation.
    private func write(_ place: AwayRowBytes.Place, to out: inout OutputBuffer) {
        if place.path.isEmpty { write(world, to: &out) }
        for (k, container) in place.path.enumerated() {
            if k > 0 { out.write(literal: " › ") }
            if place.elided && k == HistoryText.pathHead { out.write(literal: "… › ") }
            out.write(quoting: container.name)
        }
        if place.elided && !place.path.isEmpty && place.path.count <= HistoryText.pathHead {
            out.write(literal: " › …")
        }
        if let (relation, parent) = place.parent, relation != .in, !place.path.isEmpty {
            write(held[Int(relation.rawValue)], to: &out)
            out.write(quoting: place.path.last?.name ?? parent.name)
            out.write(literal: ")")
        }
        if let (relation, target) = place.positional {
            write(beside[Int(relation.rawValue)], to: &out)
            out.write(quoting: target.name)
        }
    }

    private func write(_ bytes: [UInt8], to out: inout OutputBuffer) {
        bytes.withUnsafeBufferPointer { out.write(utf8: $0) }
    }
}

/// Writes the away list as JSON one entry at a time, from the bytes of its
/// names and ids (`AwayRowBytes`, its inbound relations made), exactly as
/// `AwayEntry.write(to:)` writes the entry a row stands for; the keys and
/// punctuation go out as literals.
package enum AwayJSON {
    /// Writes the entry of `row` (an element of the `away` array).
    package static func write(_ row: AwayRowBytes, to w: inout JSONWriter) {
        w.start(encoded: "{\"id\":")
        w.string(utf8: row.thing.id)
        w.after(encoded: ",\"name\":", then: .value)
        w.string(utf8: row.thing.name)
        w.after(encoded: ",\"current\":", then: .value)
        write(row.current, to: &w)
        w.after(encoded: ",\"normal\":", then: .value)
        write(row.normal, to: &w)
        w.after(encoded: ",\"sinceSeq\":", then: .value)
        w.int(row.sinceSeq)
        w.after(encoded: ",\"since\":", then: .value)
        w.string(rfc3339: Timestamp(milliseconds: row.sinceAt))
        guard let loan = row.loan else { return w.after(encoded: ",\"loan\":null}", then: .more) }
        w.after(encoded: ",\"loan\":", then: .value)
        loan.write(to: &w)
        w.endObject()
    }

    /// A place as `Location.write(to:)` writes it.
    private static func write(_ place: AwayRowBytes.Place, to w: inout JSONWriter) {
        w.start(encoded: "{\"parent\":")
        w.string(utf8: place.parent?.parent.id)
        if let (relation, _) = place.parent {
            w.after(encoded: ",\"relation\":", then: .value)
            w.string(relation.token)
            w.after(encoded: ",\"path\":[", then: .value)
        } else {
            w.after(encoded: ",\"relation\":null,\"path\":[", then: .value)
        }
        for container in place.path { named(container, to: &w) }
        if place.elided {
            w.after(encoded: "],\"elided\":true,\"positional\":[", then: .value)
        } else {
            w.after(encoded: "],\"positional\":[", then: .value)
        }
        if let (relation, target) = place.positional {
            w.start(encoded: "{\"relation\":")
            w.string(relation.token)
            w.after(encoded: ",\"target\":", then: .value)
            w.string(utf8: target.id)
            w.after(encoded: ",\"targetName\":", then: .value)
            w.string(utf8: target.name)
            w.after(encoded: "}", then: .more)
        }
        w.after(encoded: "],\"inbound\":[", then: .value)
        for related in place.inbound {
            named(related.source, to: &w) {
                $0.after(encoded: ",\"relation\":", then: .value)
                $0.string(related.relation.token)
            }
        }
        w.after(encoded: "]}", then: .more)
    }

    /// `{"id":…,"name":…}`, and what `more` writes before the brace closes.
    private static func named(
        _ thing: AwayRowBytes.Named, to w: inout JSONWriter, _ more: (inout JSONWriter) -> Void = { _ in }
    ) {
        w.start(encoded: "{\"id\":")
        w.string(utf8: thing.id)
        w.after(encoded: ",\"name\":", then: .value)
        w.string(utf8: thing.name)
        more(&w)
        w.after(encoded: "}", then: .more)
    }
}

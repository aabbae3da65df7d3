import PlingsDomain
import PlingsText

/// One line of an object's history, with its facts as fields and its
/// sentence in `text`.
public struct HistoryEntry: Sendable, Hashable {
    /// What kind of entry: `event` (an event about the object), `reference`
    /// (another object was placed relative to it), `cascade` (one of its
    /// positional relations was dropped because its reference moved), `path`
    /// (a container above it moved or was renamed), `skipped` (an event about
    /// it was invalid and ignored on replay).
    public var kind: String
    /// The seq of the event the entry comes from.
    public var seq: Int64
    /// The event's time, as RFC 3339 text.
    public var at: String
    /// Who made the event, if recorded.
    public var actor: String?
    /// The object the event is about (for `reference`, the other object).
    public var object: String
    /// The name given by a `created` or `renamed` event.
    public var name: String?
    /// The relation placed (`event`, `reference`) or dropped (`cascade`).
    public var relation: String?
    /// The target of that relation; nil for World or when there is none.
    public var target: String?
    /// The axes concerned (`current`, `normal`); empty when axes do not apply.
    public var axes: [String]
    /// For derived entries: the object whose event caused it.
    public var cause: String?
    /// The entry as a sentence in the chosen language.
    public var text: String
    /// For an event a hub took from a device: the device, and the time on
    /// the device (`at` is the time recorded at the hub).
    public var device: String?
    public var deviceAt: String?
    /// The writer's clock, as RFC 3339 text, when it was behind the log and `at` is the log's
    /// last time instead (`Event.clock`); nil when the clock was right.
    public var clock: String?

    package init(
        kind: String, seq: Int64, at: Timestamp, actor: String?, object: String, name: String? = nil,
        relation: String? = nil, target: String? = nil, axes: [Axis] = [], cause: String? = nil, text: String,
        origin: Origin? = nil, clock: Timestamp? = nil
    ) {
        self.kind = kind
        self.seq = seq
        self.at = at.rfc3339
        self.actor = actor
        self.object = object
        self.name = name
        self.relation = relation
        self.target = target
        self.axes = axes.map(\.token)
        self.cause = cause
        self.text = text
        self.device = origin?.device
        self.deviceAt = origin?.deviceAt.rfc3339
        self.clock = clock?.rfc3339
    }

    /// `#57  2026-06-28T15:36:37.000Z  paul  Placerad under Bord …`; an event
    /// from a device shows both times: `#57  HUB-TIME  phone@DEVICE-TIME  …`.
    public func render() -> String { render(seqWidth: 0) }

    /// As `render()`, with the seq padded to `seqWidth` digits so that the times of a list line up:
    /// `#7   …` above `#12  …`.
    package func render(seqWidth: Int) -> String {
        let who = actor.map { "  " + Printable.quote($0) } ?? ""
        let origin = device.map { "  \(Printable.quote($0))@\(deviceAt ?? "")" } ?? ""
        let number = String(seq)
        let pad = String(repeating: " ", count: max(0, seqWidth - number.count))
        return "#\(number)\(pad)  \(at)\(who)\(origin)  \(text)"
    }
}

extension HistoryEntry: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("kind", kind)
            $0.field("seq", seq)
            $0.field("at", at)
            $0.field("actor", actor)
            $0.field("object", object)
            $0.field("name", name)
            $0.field("relation", relation)
            $0.field("target", target)
            $0.field("axes", strings: axes)
            $0.field("cause", cause)
            $0.field("text", text)
            $0.field("clock", clock)
        }
    }
}

/// Sentences for history entries, built from projection state and effects,
/// in the words of the catalog.
package struct HistoryText: Sendable {
    package let language: Language
    let t: Texts
    var catalog: Catalog { t.catalog }
    package init(_ language: Language) {
        self.language = language
        t = Texts(language)
    }

    package func name(_ x: ObjectIndex, _ world: some CardReading) -> String {
        x == .world ? t.world : Printable.quote(world.name(x))
    }

    package func axes(_ axes: [Axis]) -> String {
        if axes.count == 2 { return catalog(.historyAxesBoth) }
        return catalog(axes.first == .current ? .historyAxesCurrent : .historyAxesNormal)
    }

    package func created(_ name: String) -> String { catalog(.historyCreated, ["name": Printable.quote(name)]) }

    package func renamed(_ from: String, _ to: String) -> String {
        catalog(.historyRenamed, ["from": Printable.quote(from), "to": Printable.quote(to)])
    }

    /// "Placerad under Bord (i Vardagsrummet), både nuvarande och hem";
    /// "Placerad i Köksbordet", "Fastsatt på Väggen", "Flyttad till Världen".
    package func moved(
        _ relation: Relation, _ target: ObjectIndex, containers: [ObjectIndex], axes: [Axis], changed: Bool,
        _ world: some CardReading
    ) -> String {
        var text: String
        if target == .world {
            text = catalog(.historyMovedToWorld)
        } else if relation == .attachedTo {
            text = catalog(.historyAttached, ["target": name(target, world)])
        } else {
            text = catalog(.historyPlaced, ["relation": t.word(relation), "target": name(target, world)])
        }
        if relation.isPositional {
            let places = Array(Set(containers)).sorted().map { name($0, world) }
            text += catalog(.historyContainers, ["places": places.joined(separator: " / ")])
        }
        text += ", " + self.axes(axes)
        if !changed { text += catalog(.historyNoChange) }
        return text
    }

    package func reference(_ other: ObjectIndex, _ relation: Relation, _ x: ObjectIndex, _ world: some CardReading)
        -> String
    {
        catalog(
            .historyReference,
            ["other": name(other, world), "relation": t.word(relation), "object": name(x, world)])
    }

    package func dropped(_ edge: PositionalEdge, _ axis: Axis, because mover: ObjectIndex, _ world: some CardReading)
        -> String
    {
        catalog(
            .historyDropped,
            [
                "relation": t.word(edge.relation), "target": name(edge.target, world), "axis": t.axisName(axis),
                "mover": name(mover, world),
            ])
    }

    package func pathChanged(
        _ axis: Axis, because mover: ObjectIndex, renamed: Bool, path: String, _ world: some CardReading
    )
        -> String
    {
        catalog(
            renamed ? .historyPathRenamed : .historyPathMoved,
            ["axis": t.axisName(axis), "mover": name(mover, world), "path": path])
    }

    package func skipped(_ error: DomainError) -> String {
        catalog(.historySkipped, ["reason": catalog.message(error)])
    }

    /// The path of `x` on `axis` as history shows it: in full up to five
    /// containers, otherwise the top two, "…" and the last three,
    /// so that a deep chain gives short lines.
    /// - Complexity: O(depth) steps.
    package func path(_ x: ObjectIndex, _ axis: Axis, _ world: some CardReading) -> String {
        path(chain: world.path(to: x, axis).reversed(), world)
    }

    /// The same for a chain of containers given nearest first.
    /// - Complexity: O(1) for a long chain.
    package func path(chain: [ObjectIndex], _ world: some CardReading) -> String {
        let (shown, elided) = Self.shown(chain)
        return path(shown: shown, elided: elided, world)
    }

    /// The containers a path shows of a chain given nearest first: all of them up to five, otherwise
    /// the nearest three and the top two (still nearest first), with `elided` set.
    package static func shown(_ chain: [ObjectIndex]) -> (shown: [ObjectIndex], elided: Bool) {
        guard chain.count > pathHead + pathTail else { return (chain, false) }
        return (Array(chain.prefix(pathTail)) + Array(chain.suffix(pathHead)), true)
    }

    /// The path text of containers `shown` (nearest first), with "…" after the top two when `elided`.
    package func path(shown: [ObjectIndex], elided: Bool, _ world: some CardReading) -> String {
        if shown.isEmpty { return t.world }
        var names = shown.reversed().map { name($0, world) }
        if elided { names.insert("…", at: Self.pathHead) }
        return names.joined(separator: " › ")
    }

    static let pathHead = 2
    static let pathTail = 3
}

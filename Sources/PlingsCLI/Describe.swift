import PlingsKit

/// Sentences about events, for people.
enum Describe {
    static func name(_ id: ObjectID?, _ state: WorldState, _ language: Language = .sv) -> String {
        guard let id else { return Texts(language).world }
        guard let x = state.registry.index(of: id) else { return id.rawValue }
        return Printable.quote(state.registry.name(x))
    }

    /// "Plastlåda (yTvK) placerad under Bord (5GgB), både nuvarande och hem".
    static func event(_ event: Event, state: WorldState, _ language: Language) -> String {
        let sv = language == .sv
        switch event.payload {
        case .created(let id, let name):
            return sv ? "skapade \(Printable.quote(name)) (\(id))" : "created \(Printable.quote(name)) (\(id))"
        case .renamed(let id, let name):
            return sv ? "döpte om \(id) till \(Printable.quote(name))" : "renamed \(id) to \(Printable.quote(name))"
        case .placed(let p):
            let world = Texts(language).world
            let target = p.target.map { "\(self.name($0, state)) (\($0))" } ?? world
            let verb = sv ? "placerade" : "placed"
            return "\(verb) \(self.name(p.object, state)) (\(p.object)) \(p.relation.label(language).lowercased()) "
                + "\(target), \(HistoryText(language).axes(p.axes.axes))"
        }
    }
}

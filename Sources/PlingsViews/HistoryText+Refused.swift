import PlingsDomain

extension HistoryText {
    /// "refused: place under Bord (X is inside Y …)": a device's command the hub
    /// refused, with why in this language: the error found again against
    /// `state`, the state the hub decided it in (see `Refusal.error(against:)`).
    package func refused(_ r: Refusal, in state: WorldState) -> String {
        refused(r, error: r.error(against: state))
    }

    /// The same with the error already found again (nil when the recorded code was not).
    package func refused(_ r: Refusal, error: DomainError?) -> String {
        // Every member comes from the log: each is shown through the one quoting function.
        var words = [Printable.quote(r.command)]
        if let name = r.name { words.append("'\(Printable.quote(name))'") }
        if let relation = r.relation { words.append(t.word(relation)) }
        if let target = r.target { words.append(Printable.quote(target)) }
        if let axes = r.axes { words.append("(\(self.axes(axes.axes)))") }
        return catalog(.historyRefused, ["command": words.joined(separator: " "), "reason": reason(r, error: error)])
    }

    /// Why the hub refused `r`, in this language.
    package func reason(_ r: Refusal, in state: WorldState) -> String {
        reason(r, error: r.error(against: state))
    }

    /// Why the hub refused `r`, from the error found again (nil: only the code is known).
    package func reason(_ r: Refusal, error: DomainError?) -> String {
        error.map(catalog.message) ?? catalog(.refusedUnknownCode, ["code": Printable.quote(r.code)])
    }
}

import PlingsDomain

extension HistoryText {
    /// "refused: place under Bord (X is inside Y …)": a device's command the hub
    /// refused, with the reason the hub recorded (in English, as in the log).
    public func refused(_ r: Refusal) -> String {
        var words = [r.command]
        if let name = r.name { words.append("'\(Printable.quote(name))'") }
        if let relation = r.relation { words.append(relation.label(language).lowercased()) }
        if let target = r.target { words.append(target) }
        if let axes = r.axes { words.append("(\(self.axes(axes.axes)))") }
        return (sv ? "vägrad: " : "refused: ") + words.joined(separator: " ") + " (\(r.reason))"
    }
}

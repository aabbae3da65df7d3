/// Numbers as markup writes them: at most two decimals, no exponent, no locale.
enum Number {
    /// `12`, `3.5`, `-0.25`; rounded half away from zero to hundredths. Not-a-number and the
    /// infinities and magnitudes past 10¹⁵ (which no layout makes) are written as 0.
    static func text(_ value: Double) -> String {
        guard value.isFinite, value.magnitude < 1e15 else { return "0" }
        let hundredths = Int((value * 100).rounded(.toNearestOrAwayFromZero))
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction == 0 { return sign + whole }
        if fraction % 10 == 0 { return sign + whole + "." + String(fraction / 10) }
        return sign + whole + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}

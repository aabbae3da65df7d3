/// A sheet of sticky labels: the paper, the grid, each label's size and where the first one
/// starts, in millimetres.
public struct LabelLayout: Sendable, Hashable {
    /// The paper sizes the layouts use.
    public enum Paper: Sendable, Hashable {
        /// ISO A4, 210 × 297 mm.
        case a4
        /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
        case letter

        /// Width and height in millimetres.
        public var size: (width: Double, height: Double) {
            switch self {
            case .a4: return (210, 297)
            case .letter: return (215.9, 279.4)
            }
        }
    }

    /// The name `--layout` and `?layout=` take.
    public var name: String
    /// The paper.
    public var paper: Paper
    /// Labels across and down.
    public var columns: Int
    public var rows: Int
    /// One label's width and height.
    public var labelWidth: Double
    public var labelHeight: Double
    /// From the paper's top and left edges to the first label.
    public var top: Double
    public var left: Double
    /// From one label's left (top) edge to the next one's.
    public var columnPitch: Double
    public var rowPitch: Double

    /// Labels on one sheet.
    public var perSheet: Int { columns * rows }

    /// A4, 3 × 7 labels of 63.5 × 38.1 mm (Avery L7160 and its equivalents).
    public static let l7160 = LabelLayout(
        name: "l7160", paper: .a4, columns: 3, rows: 7, labelWidth: 63.5, labelHeight: 38.1, top: 15.15, left: 7.25,
        columnPitch: 66.04, rowPitch: 38.1)

    /// A4, 3 × 8 labels of 63.5 × 33.9 mm (Avery L7159 and its equivalents).
    public static let a4x24 = LabelLayout(
        name: "3x8", paper: .a4, columns: 3, rows: 8, labelWidth: 63.5, labelHeight: 33.9, top: 12.9, left: 7.25,
        columnPitch: 66.04, rowPitch: 33.9)

    /// US Letter, 3 × 10 labels of 2⅝ × 1 in (Avery 5160 and its equivalents).
    public static let letter5160 = LabelLayout(
        name: "letter", paper: .letter, columns: 3, rows: 10, labelWidth: 66.675, labelHeight: 25.4, top: 12.7,
        left: 4.7625, columnPitch: 69.85, rowPitch: 25.4)

    /// Every layout, the default first.
    public static let all = [l7160, a4x24, letter5160]

    /// The layout called `name` (`l7160`, `3x8`, `letter`; also `5160` and `l7159`), any case.
    public static func named(_ name: String) -> LabelLayout? {
        switch name.lowercased() {
        case "l7160", "3x7", "a4": return .l7160
        case "3x8", "l7159": return .a4x24
        case "letter", "5160", "3x10": return .letter5160
        default: return nil
        }
    }

    /// The top-left corner of position `n` (0 is the top left, then across), in millimetres.
    public func corner(_ n: Int) -> (x: Double, y: Double) {
        (left + Double(n % columns) * columnPitch, top + Double(n / columns % rows) * rowPitch)
    }
}

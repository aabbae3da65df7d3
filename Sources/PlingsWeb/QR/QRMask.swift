/// The eight data mask patterns (ISO/IEC 18004, table 10); x is the column, y the row.
enum QRMask {
    /// Whether mask `pattern` flips the module at column `x`, row `y`.
    static func flips(_ pattern: Int, x: Int, y: Int) -> Bool {
        switch pattern {
        case 0: return (x + y) % 2 == 0
        case 1: return y % 2 == 0
        case 2: return x % 3 == 0
        case 3: return (x + y) % 3 == 0
        case 4: return (x / 3 + y / 2) % 2 == 0
        case 5: return x * y % 2 + x * y % 3 == 0
        case 6: return (x * y % 2 + x * y % 3) % 2 == 0
        default: return ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }
}

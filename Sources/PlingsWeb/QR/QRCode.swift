/// A QR code symbol (ISO/IEC 18004, model 2): the module matrix of some bytes in byte mode,
/// in the smallest version that holds them at the chosen error correction level, with the
/// mask whose penalty score is lowest.
///
/// ```swift
/// let code = try QRCode("https://example.org/plings/o/yTvK")   // level M: version 3, 29×29
/// code.isDark(x: 0, y: 0)                                      // true: a finder pattern's corner
/// ```
///
/// The matrix is the symbol only; a renderer adds the quiet zone (four light modules on
/// every side, `QRCode.quietZone`).
public struct QRCode: Sendable, Hashable {
    /// The version, 1 to 40: the symbol is `4·version + 17` modules wide.
    public let version: Int
    /// The error correction level.
    public let level: QRLevel
    /// The mask pattern chosen, 0 to 7.
    public let mask: Int
    /// Modules per side.
    public let size: Int
    /// The modules row by row, top left first; true is dark.
    public let modules: [Bool]

    /// The light border every reader needs around the symbol, in modules.
    public static let quietZone = 4

    /// Encodes `text` as UTF-8 bytes.
    /// - Parameters:
    ///   - level: the error correction level (default M).
    ///   - minimumVersion: the smallest version to use (default 1); a larger one is taken when
    ///     the bytes need it.
    ///   - mask: a mask pattern to use instead of the one the penalty score picks (0–7).
    /// - Throws: `QRError.tooLong` when the bytes do not fit version 40 at `level`.
    public init(
        _ text: String, level: QRLevel = .medium, minimumVersion: Int = 1, mask: Int? = nil
    ) throws(QRError) {
        try self.init(bytes: Array(text.utf8), level: level, minimumVersion: minimumVersion, mask: mask)
    }

    /// Encodes `bytes` in byte mode; see `init(_:level:minimumVersion:mask:)`.
    public init(bytes: [UInt8], level: QRLevel = .medium, minimumVersion: Int = 1, mask: Int? = nil) throws(QRError) {
        let first = min(max(minimumVersion, QRVersion.range.lowerBound), QRVersion.range.upperBound)
        guard
            let number = (first...QRVersion.range.upperBound).first(where: {
                QRCodewords.fits(count: bytes.count, version: QRVersion(number: $0), level: level)
            })
        else {
            throw .tooLong(bytes: bytes.count, capacity: QRCode.capacity(level: level))
        }
        let version = QRVersion(number: number)
        let data = QRCodewords.data(bytes, version: version, level: level)
        var matrix = QRMatrix(version: version)
        matrix.place(QRCodewords.interleaved(data, version: version, level: level))
        let chosen = mask.map { min(max($0, 0), 7) } ?? QRCode.bestMask(matrix, level)
        matrix.applyMask(chosen)
        matrix.drawFormat(QRMatrix.formatBits(level, mask: chosen))
        self.version = number
        self.level = level
        self.mask = chosen
        self.size = matrix.size
        self.modules = (0..<matrix.size * matrix.size).map { matrix[$0 % matrix.size, $0 / matrix.size] }
    }

    /// Whether the module at column `x`, row `y` is dark; false outside the symbol (the quiet zone).
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The most bytes a symbol can hold in byte mode at `level` (version 40).
    public static func capacity(level: QRLevel) -> Int {
        let version = QRVersion(number: QRVersion.range.upperBound)
        return (version.dataCodewords(level) * 8 - 4 - version.byteCountBits) / 8
    }

    /// The mask with the lowest penalty for the placed, unmasked `matrix`; the first on a tie.
    static func bestMask(_ matrix: QRMatrix, _ level: QRLevel) -> Int {
        var best = 0
        var bestScore = Int.max
        for pattern in 0..<8 {
            var candidate = matrix
            candidate.applyMask(pattern)
            candidate.drawFormat(QRMatrix.formatBits(level, mask: pattern))
            let score = QRPenalty.score(candidate)
            if score < bestScore {
                best = pattern
                bestScore = score
            }
        }
        return best
    }
}

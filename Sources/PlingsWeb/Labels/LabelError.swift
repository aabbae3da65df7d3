/// Why a label sheet could not be made.
public enum LabelError: Error, Sendable, Hashable {
    /// A card URL is too long for a QR code on this layout's labels with modules of at least
    /// 0.5 mm (`version` is the QR version it needs).
    case tooLong(id: String, url: String, version: Int)
    /// More labels than one page makes (`LabelSheet.maximumLabels`).
    case tooMany(count: Int, maximum: Int)
    /// `--skip` is not less than the labels on one sheet.
    case skipTooLarge(skip: Int, perSheet: Int)
}

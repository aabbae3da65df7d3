import Foundation

/// Where tests keep what a person looks at afterwards (the browser checks' screenshots): the
/// folder `PLINGS_ARTIFACTS` names (relative to the package's folder unless absolute), else
/// the package's `.build`; `.ci/run` points it at `ci-artifacts/` in the clone so a CI keeps
/// them. Read here and nowhere else.
public enum Artifacts {
    /// The package's folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The artifacts' folder: `PLINGS_ARTIFACTS`, else `.build` of the package.
    public static var root: String { root(ProcessInfo.processInfo.environment["PLINGS_ARTIFACTS"]) }

    /// The folder for `setting` (a value of `PLINGS_ARTIFACTS`, nil or empty for none).
    public static func root(_ setting: String?) -> String {
        guard let setting, !setting.isEmpty else { return packageRoot + "/.build" }
        return setting.hasPrefix("/") ? setting : packageRoot + "/" + setting
    }

    /// The folder `name` below the artifacts' folder, made when missing.
    public static func folder(_ name: String) -> String {
        let path = root + "/" + name
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

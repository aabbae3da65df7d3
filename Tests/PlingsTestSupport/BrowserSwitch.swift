import Foundation

/// The browser switch: `PLINGS_BROWSER=1` (set by `.ci/run`) runs the tests that start headless
/// Chromium, read here and nowhere else. Without it they are reported as skipped.
public enum BrowserSwitch {
    /// Whether the tests that start Chromium run.
    public static let enabled: Bool = ProcessInfo.processInfo.environment["PLINGS_BROWSER"] == "1"
}

/// What makes a log a device's mirror of a hub: its settings file beside
/// it (`<log>.device`, written by PlingsSync's clone). A mirror takes only
/// the hub's lines, appended by the device's sync; the store refuses every
/// other append to it (`LogError.mirror`), whoever asks: the command line,
/// an app, a tool.
package enum DeviceMark {
    /// The settings file of the device whose mirror is the log at `logPath`.
    package static func path(forLog logPath: String) -> String { logPath + ".device" }

    /// Whether the log at `logPath` is a device's mirror (its settings file is there, whatever it holds).
    package static func isMirror(logPath: String) -> Bool { SideFile(path(forLog: logPath), log: logPath).exists }
}

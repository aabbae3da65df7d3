import PlingsPlatform

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

    /// Whether the file at `logPath` is a device's mirror, decided by the file itself: a symbolic
    /// link to a mirror, or another name (a hard link) of a mirror in the same folder, is that
    /// mirror too, whatever name it is reached by. What the store's device rule and a hub ask.
    package static func isMirrorFile(logPath: String) -> Bool {
        if isMirror(logPath: logPath) { return true }
        guard let real = Platform.realPath(logPath) else { return false }
        if SideFile(path(forLog: real), log: real).exists { return true }
        guard let own = try? Platform.status(real), own.linkCount > 1 else { return false }
        // The file has other names: a mirror among its neighbours may be it (same device and inode).
        for folder in Set([Platform.directory(of: logPath), Platform.directory(of: real)]) {
            guard let names = try? Platform.listDirectory(folder) else { continue }
            for name in names where name.hasSuffix(".device") {
                let mirror = folder + "/" + name.dropLast(".device".count)
                if let other = try? Platform.status(mirror), other.isSameFile(as: own) { return true }
            }
        }
        return false
    }
}

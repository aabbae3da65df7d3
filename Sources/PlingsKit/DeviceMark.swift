import PlingsPlatform

/// What makes a log a device's mirror of a hub: its settings file beside
/// it (`<log>.device`, written by PlingsSync's clone). A mirror takes only
/// the hub's lines, appended by the device's sync; the store refuses every
/// other append to it (`LogError.mirror`), whoever asks: the command line,
/// an app, a tool.
package enum DeviceMark {
    /// The settings file of the device whose mirror is the log at `logPath`.
    package static func path(forLog logPath: String) -> String { logPath + ".device" }

    /// The extended attribute a device's mirror carries: its own device and inode (`D:I`). Every
    /// name of the file (a hard link in any folder) carries it, and it matches only there: a copy of
    /// the mirror (`cp -a` keeps attributes) has another inode and is not a mirror.
    static let attributeName = "user.plings.mirror"

    /// Marks the file at `logPath` as a device's mirror (clone and every device's open do), so it is
    /// known as one by whatever name it is reached. A file system without extended attributes keeps
    /// only the settings file beside the name (and the checks below by name and folder), silently.
    package static func mark(logPath: String) {
        guard let status = try? Platform.status(logPath) else { return }
        let value = Array("\(status.device):\(status.inode)".utf8)
        if Platform.attribute(logPath, attributeName) == value { return }
        try? Platform.setAttribute(logPath, attributeName, value)
    }

    /// Whether the file at `logPath` carries the mirror mark made for this very file.
    package static func isMarked(logPath: String) -> Bool {
        guard let value = Platform.attribute(logPath, attributeName), let status = try? Platform.status(logPath)
        else { return false }
        return value == Array("\(status.device):\(status.inode)".utf8)
    }

    /// Whether the log at `logPath` is a device's mirror (its settings file is there, whatever it holds).
    package static func isMirror(logPath: String) -> Bool { SideFile(path(forLog: logPath), log: logPath).exists }

    /// Whether the file at `logPath` is a device's mirror, decided by the file itself: a symbolic
    /// link to a mirror, or another name (a hard link) of a mirror in the same folder, is that
    /// mirror too, whatever name it is reached by. What the store's device rule and a hub ask.
    package static func isMirrorFile(logPath: String) -> Bool {
        if isMirror(logPath: logPath) || isMarked(logPath: logPath) { return true }
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

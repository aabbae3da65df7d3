/// Whole-file steps built from the system calls in Platform.swift.
extension Platform {
    /// Fsyncs the directory that holds `path`, so that a file just created or
    /// renamed there keeps its name after a crash. File systems that cannot
    /// sync a directory (`EINVAL`) are taken as done.
    package static func syncDirectory(containing path: String) throws(SystemErrno) {
        try syncDirectory(directory(of: path))
    }

    /// Fsyncs the directory `path` itself (`EINVAL` is taken as done).
    package static func syncDirectory(_ path: String) throws(SystemErrno) {
        let dir = try open(path, .readOnly, .directory)
        defer { dir.close() }
        do {
            try dir.sync()
        } catch {
            if error != .invalidArgument { throw error }
        }
    }

    /// The directory part of `path`: "." for a bare name, "/" for a file at the root.
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// Reads a whole file.
    package static func readFile(_ path: String) throws(SystemErrno) -> [UInt8] {
        let fd = try open(path, .readOnly)
        return try fd.closeAfter { () throws(SystemErrno) in try fd.readToEnd() }
    }

    /// Writes a file atomically: a temporary file beside it, written and
    /// synced, renamed over `path`, then the directory synced. A failure
    /// leaves `path` as it was and removes the temporary file.
    package static func writeFileAtomically(_ path: String, _ bytes: [UInt8]) throws(SystemErrno) {
        let temp = directory(of: path) + "/.tmp-\(processID)-\(UInt64(monotonicNanoseconds()))"
        do {
            let fd = try open(temp, .writeOnly, [.create, .exclusive, .noFollow])
            try fd.closeAfter { () throws(SystemErrno) in
                try fd.writeAll(bytes)
                try fd.sync()
            }
            try rename(temp, to: path)
        } catch {
            try? remove(temp)
            throw error
        }
        try syncDirectory(containing: path)
    }
}

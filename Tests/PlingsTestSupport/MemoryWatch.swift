import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The peak resident memory of a running process, from /proc/PID/status (VmHWM),
/// sampled every millisecond until the process has gone; and what it was when `markStart` was called.
public final class MemoryWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var pid: Int32 = 0
    private var peakKB = 0
    private var startKB = 0
    private var wantStart = false
    private let done = DispatchSemaphore(value: 0)

    public init() {}

    /// Starts sampling `pid`: once now, then on a thread of its own.
    public func watch(_ pid: Int32) {
        lock.lock()
        self.pid = pid
        lock.unlock()
        _ = sample(pid)
        Thread { [self] in
            while sample(pid) { usleep(1000) }
            done.signal()
        }.start()
    }

    /// Takes one sample of `pid` (the start too, when one is wanted); false once the process has gone.
    private func sample(_ pid: Int32) -> Bool {
        guard let kb = Self.highWater(pid) else { return false }
        lock.lock()
        peakKB = max(peakKB, kb)
        if wantStart {
            (startKB, wantStart) = (kb, false)
        }
        lock.unlock()
        return true
    }

    /// Takes the start now, on the caller's thread (the peer calls it as it begins to answer),
    /// so that it never waits for the sampling thread to be scheduled; before `watch`, its first sample.
    public func markStart() {
        lock.lock()
        let pid = self.pid
        wantStart = true
        lock.unlock()
        if pid != 0 { _ = sample(pid) }
    }

    /// The high water mark at the start and at the end, in KB, once the process has gone.
    public func result() -> (start: Int, peak: Int) {
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return (startKB, peakKB)
    }

    public static func highWater(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}

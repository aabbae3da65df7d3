import Foundation
import PlingsPlatform

/// Figures over repeated measurements, and what the system says about files and memory.
enum Statistics {
    /// The middle value (the mean of the two middle values for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The value below which a share `p` of the values lie; 0 for none.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    /// The peak resident memory of this process image, from /proc/self/status
    /// (VmHWM). Not getrusage: its maximum survives fork and exec, so a child
    /// would report its parent's peak. 0 where there is no /proc.
    static func peakMemoryMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kb / 1024
    }

    /// A file's size in bytes; 0 when it cannot be read.
    static func fileSize(_ path: String) -> Int64 {
        (try? Platform.status(path).size) ?? 0
    }
}

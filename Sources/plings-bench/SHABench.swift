import Foundation
import PlingsKit

/// `plings-bench sha`: SHA-256 throughput of each implementation on log-like
/// input held in memory (so the disk is out of the figure): every line hashed
/// on its own, as readers check them, and the whole buffer as one stream, the
/// figure to set beside `openssl dgst -sha256` of a file of the same size.
func shaBench(lines: Int, lineBytes: Int, runs: Int, json: Bool) {
    var rng = SplitMix64(seed: 1)
    var offsets: [Int] = [0]
    offsets.reserveCapacity(lines + 1)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(lines * (lineBytes + lineBytes / 4))
    for _ in 0..<lines {
        let length = Int.random(in: (lineBytes * 3 / 4)...(lineBytes * 5 / 4), using: &rng)
        for _ in 0..<length { buffer.append(UInt8.random(in: 0x20...0x7e, using: &rng)) }
        buffer.append(0x0a)
        offsets.append(buffer.count)
    }
    let megabytes = Double(buffer.count) / 1e6
    var figures: [String: Double] = ["lines": Double(lines), "megabytes": megabytes]
    var sink: UInt64 = 0
    for implementation in SHA256.Implementation.available {
        let name = implementation == .accelerated ? "accelerated" : "portable"
        var perLine: [Double] = []
        var stream: [Double] = []
        buffer.withUnsafeBytes { all in
            for _ in 0..<runs {
                let t0 = Monotonic.seconds()
                for k in 0..<lines {
                    let line = UnsafeRawBufferPointer(rebasing: all[offsets[k]..<(offsets[k + 1] - 1)])
                    sink &+= SHA256.hash(line, implementation: implementation).w0
                }
                let t1 = Monotonic.seconds()
                sink &+= SHA256.hash(all, implementation: implementation).w0
                perLine.append(t1 - t0)
                stream.append(Monotonic.seconds() - t1)
            }
        }
        figures["\(name)PerLineMBPerSecond"] = megabytes / (perLine.min() ?? 1)
        figures["\(name)LinesPerSecond"] = Double(lines) / (perLine.min() ?? 1)
        figures["\(name)StreamMBPerSecond"] = megabytes / (stream.min() ?? 1)
        if !json {
            print(
                String(
                    format: "%@ (%@): per line %.0f MB/s (%.2f M lines/s), one stream %.0f MB/s", name,
                    implementation.description, megabytes / (perLine.min() ?? 1),
                    Double(lines) / (perLine.min() ?? 1) / 1e6, megabytes / (stream.min() ?? 1)))
        }
    }
    if json {
        let body = figures.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
        print("{\(body)}")
    } else {
        print(
            String(
                format: "%d lines, %.1f MB in memory, best of %d runs (checksum %016llx)", lines, megabytes, runs, sink)
        )
    }
}

import Foundation
import PlingsKit

extension Commands {
    /// `plings log --follow`: the log's events, then each new one as any
    /// process appends it, until the process is stopped (or, with `to`, until
    /// the log has passed that point). With `json`, the stored lines byte for
    /// byte — a feed for other tools, e.g. piped to a Kafka or NATS
    /// command-line producer.
    static func follow(_ filter: LogFilter, to: ReplayLimit?, json: Bool, _ context: Context) throws -> Int32 {
        var tail = LogTail(path: context.logPath, state: json ? nil : WorldState())
        var done = false
        // As wide as the log's last seq when it starts; a later, wider seq widens its own line.
        let width = json ? 0 : SeqColumn.width(logPath: context.logPath, to: to)
        while !done {
            var pending = ""
            let read = try tail.poll { event, line, state in
                if done { return }
                if let to, !to.allows(event) {
                    done = true
                    return
                }
                guard filter.wants(event) else { return }
                if json {
                    pending += String(decoding: line, as: UTF8.self) + "\n"
                } else if let state {
                    pending += logLine(event, state: state, seqWidth: width, context)
                }
            }
            if !pending.isEmpty { context.terminal.out(pending) }
            if read == 0 && !done { Thread.sleep(forTimeInterval: 0.1) }
        }
        return ExitStatus.ok
    }
}

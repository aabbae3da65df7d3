import PlingsDomain

extension Snapshot {
    /// The status projector's loans, by index, right after the archive records.
    static func writeLoans(_ status: ObjectStatus, _ w: inout ByteWriter) {
        let records = status.loans.sorted { $0.key < $1.key }
        w.i64(Int64(records.count))
        for (x, record) in records {
            w.i64(Int64(x))
            w.i64(record.seq)
            w.i64(record.at.milliseconds)
            switch record.holder {
            case .thing(let y):
                w.i64(0)
                w.i64(Int64(y))
            case .name(let name):
                w.i64(1)
                w.string(name)
            }
            w.i64(record.due.map { Int64($0.year * 10_000 + $0.month * 100 + $0.day) } ?? 0)
            w.i64(record.note == nil ? 0 : 1)
            if let note = record.note { w.string(note) }
        }
    }

    /// The loans of a world of `count` objects (the same rules for the whole
    /// snapshot's bytes and its last section read in place); nil when they do not check out.
    static func readLoans(_ r: inout some SnapshotWordReader, count: Int) -> [ObjectIndex: LoanRecord]? {
        guard let n = r.i64(), n >= 0, n <= count else { return nil }
        var loans: [ObjectIndex: LoanRecord] = [:]
        func index(_ v: Int64) -> ObjectIndex? {
            guard let x = ObjectIndex(exactly: v), x >= 0, Int(x) < count else { return nil }
            return x
        }
        for _ in 0..<n {
            guard let raw = r.i64(), let x = index(raw), let seq = r.i64(), let at = r.i64(), let kind = r.i64()
            else { return nil }
            let holder: LoanRecord.Holder
            switch kind {
            case 0:
                guard let v = r.i64(), let y = index(v) else { return nil }
                holder = .thing(y)
            case 1:
                guard let name = r.string() else { return nil }
                holder = .name(name)
            default: return nil
            }
            guard let dueValue = r.i64(), let hasNote = r.i64() else { return nil }
            var due: CalendarDay?
            if dueValue != 0 {
                guard dueValue > 0, dueValue < 100_000_000,
                    let day = CalendarDay(
                        year: Int(dueValue / 10_000), month: Int(dueValue / 100 % 100), day: Int(dueValue % 100))
                else { return nil }
                due = day
            }
            var note: String?
            if hasNote != 0 {
                guard let text = r.string() else { return nil }
                note = text
            }
            loans[x] = LoanRecord(seq: seq, at: Timestamp(milliseconds: at), holder: holder, due: due, note: note)
        }
        return loans
    }
}

import PlingsDomain
import PlingsLog
import PlingsTestSupport
import Testing

/// `Timestamp.parseCanonical` reads its 24 bytes a word at a time; these
/// tests hold it to the byte-by-byte rules it replaced (`reference`), on
/// valid stamps and on every one-byte change of them.
@Suite("The canonical time scan reads words as the byte rules read bytes")
struct TimestampScanTests {
    /// The rules byte by byte: fixed punctuation, digits elsewhere, ranges checked.
    static func reference(_ p: [UInt8]) -> Int64? {
        guard p.count == 24, p[4] == 0x2D, p[7] == 0x2D, p[10] == 0x54, p[13] == 0x3A, p[16] == 0x3A,
            p[19] == 0x2E, p[23] == 0x5A
        else { return nil }
        func num(_ at: Int, _ n: Int) -> Int64? {
            var v: Int64 = 0
            for k in at..<(at + n) {
                guard p[k] >= 0x30, p[k] <= 0x39 else { return nil }
                v = v * 10 + Int64(p[k] - 0x30)
            }
            return v
        }
        guard let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2), let mi = num(14, 2),
            let s = num(17, 2), let ms = num(20, 3), (1...12).contains(mo), d >= 1, h < 24, mi < 60, s < 60
        else { return nil }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard d <= lengths[Int(mo) - 1] else { return nil }
        // Days since 1970-01-01 by counting, independent of the civil-date formula.
        var days: Int64 = 0
        if y >= 1970 {
            for year in 1970..<y { days += (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 366 : 365 }
        } else {
            for year in y..<1970 { days -= (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 366 : 365 }
        }
        for m in 0..<Int(mo) - 1 { days += lengths[m] }
        days += d - 1
        return days * 86_400_000 + ((h * 60 + mi) * 60 + s) * 1000 + ms
    }

    static func parse(_ bytes: [UInt8]) -> Int64? {
        bytes.withUnsafeBufferPointer { Timestamp.parseCanonical($0)?.milliseconds }
    }

    @Test("valid stamps over four centuries read as their milliseconds")
    func validStamps() {
        var rng = SplitMix64(seed: 1201)
        for _ in 0..<3_000 {
            let ms = Int64.random(in: -12_000_000_000_000...12_000_000_000_000, using: &rng)
            let text = Array(Timestamp(milliseconds: ms).rfc3339.utf8)
            guard text.count == 24 else { continue }
            #expect(Self.parse(text) == ms, "\(String(decoding: text, as: UTF8.self))")
            #expect(Self.reference(text) == ms)
        }
        for text in [
            "2024-02-29T23:59:59.999Z", "2023-02-29T00:00:00.000Z", "2000-02-29T00:00:00.000Z",
            "1900-02-29T00:00:00.000Z", "0000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z",
            "2024-04-31T00:00:00.000Z", "2024-00-10T00:00:00.000Z", "2024-13-10T00:00:00.000Z",
            "2024-01-00T00:00:00.000Z", "2024-01-01T24:00:00.000Z", "2024-01-01T00:60:00.000Z",
            "2024-01-01T00:00:60.000Z",
        ] {
            let bytes = Array(text.utf8)
            #expect(Self.parse(bytes) == Self.reference(bytes), "\(text)")
        }
    }

    @Test("the ends of February and of the year, over ten thousand years")
    func monthEnds() {
        for year in stride(from: 0, through: 9999, by: 97) {
            let y = String(year)
            let yyyy = String(repeating: "0", count: 4 - y.count) + y
            for date in ["01-01", "02-28", "02-29", "03-01", "12-31"] {
                let bytes = Array("\(yyyy)-\(date)T23:59:59.999Z".utf8)
                #expect(Self.parse(bytes) == Self.reference(bytes), "\(yyyy)-\(date)")
            }
        }
    }

    @Test("every one-byte change of a stamp gets the byte rules' verdict")
    func everyByteChanged() {
        var rng = SplitMix64(seed: 1202)
        for _ in 0..<12 {
            let ms = Int64.random(in: 0...4_000_000_000_000, using: &rng)
            let text = Array(Timestamp(milliseconds: ms).rfc3339.utf8)
            for at in text.indices {
                for byte in UInt8.min...UInt8.max {
                    var changed = text
                    changed[at] = byte
                    #expect(Self.parse(changed) == Self.reference(changed))
                }
            }
        }
        // Shorter and longer stamps are never read.
        let text = Array("2024-01-01T00:00:00.000Z".utf8)
        #expect(Self.parse(Array(text.dropLast())) == nil)
        #expect(Self.parse(text + [0x5A]) == nil)
    }

    @Test("any 64 bits of milliseconds print without overflow (a time read from a forged cache file)")
    func extremeTimesPrint() {
        for ms in [Int64.min, Int64.min + 1, -86_400_001, -1, 0, Int64.max - 1, Int64.max] {
            let t = Timestamp(milliseconds: ms)
            #expect(!t.rfc3339.isEmpty)
            var bytes: [UInt8] = []
            t.appendCanonical(to: &bytes)
            #expect(!bytes.isEmpty)
        }
        #expect(Timestamp(milliseconds: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp(milliseconds: -86_400_000).rfc3339 == "1969-12-31T00:00:00.000Z")
    }
}

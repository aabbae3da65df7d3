import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// An attacker who edits a line re-hashes it, so its own hash passes: then
/// only the strict scan stands between the edit and the replay. These tests
/// edit lines of every kind, re-hash them, and hold the scanner to its rule:
/// a line is accepted only in the one form the encoder writes.
@Suite("Re-hashed edits of lines")
struct RehashedMutationTests {
    /// Lines of every type and member, as the encoder writes them (without `\n`).
    static func lines() -> [[UInt8]] {
        let at = Timestamp(milliseconds: 1_764_460_800_123)
        let origin = Origin(device: "anna", deviceSeq: 7, deviceAt: at)
        let placement = Placement(object: oid("box-1"), relation: .inFrontOf, target: oid("shelf"), axes: .current)
        let refusal = Refusal(
            command: "place", object: oid("shelf"), name: nil, relation: .in, target: "box", axes: .both,
            code: "cycle", reason: "'box' is inside 'shelf'")
        let events = [
            Event(seq: 1, at: at, actor: "Paul \"P\" Wisén", payload: .created(oid("box"), name: "Lå\\da\t\u{1}€𝄞")),
            Event(seq: 2, at: at, commandID: "c-2", payload: .placed(placement)),
            Event(
                seq: 3, at: at, payload: .placed(Placement(object: oid("b"), relation: .in, target: nil, axes: .both))),
            Event(seq: 4, at: at, actor: "me", undoes: 2, payload: .renamed(oid("box"), name: "ny")),
            Event(seq: 5, at: at, origin: origin, payload: .refused(refusal)),
            Event(seq: 6, at: at, actor: "x", payload: .archived(oid("box"), note: "sold \"it\"")),
            Event(seq: 7, at: at, payload: .returned(oid("box"))),
            Event(
                seq: 8, at: at,
                payload: .placed(
                    Placement(object: oid("lamp"), relation: .behindLeftOf, target: oid("box"), axes: .both))),
        ]
        return events.enumerated().map { k, event in
            Array(LineFormat.encode(event, prev: .zero, batch: k == 6 ? 2 : nil).bytes.dropLast())
        }
    }

    /// `line` with its hash member made to match its (edited) bytes again.
    static func rehashed(_ line: [UInt8]) -> [UInt8] {
        guard line.count > LineFormat.hashSuffixLength else { return line }
        let bodyEnd = line.count - LineFormat.hashSuffixLength
        var out = Array(line[..<bodyEnd])
        let hash = SHA256.hash(out)
        out += Array(",\"hash\":\"".utf8) + hash.hexBytes + [0x22, 0x7D]
        return out
    }

    /// One random edit within the members (the hash suffix is rewritten anyway).
    static func edit(_ line: inout [UInt8], _ source: [UInt8], _ rng: inout SplitMix64) {
        let bodyEnd = line.count - LineFormat.hashSuffixLength
        guard bodyEnd > 1 else { return }
        let at = Int.random(in: 1..<bodyEnd, using: &rng)
        let bytes: [UInt8] = [
            0x22, 0x5C, 0x2C, 0x3A, 0x20, 0x7B, 0x7D, 0x5B, 0x5D, 0x30, 0x31, 0x39, 0x61, 0x41, 0x75,
            0x00, 0x01, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xFF,
        ]
        let byte =
            Bool.random(using: &rng)
            ? bytes[Int.random(in: 0..<bytes.count, using: &rng)] : UInt8.random(in: 0...255, using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: line[at] = byte
        case 1: line.insert(byte, at: at)
        case 2: line.remove(at: at)
        case 3:
            let from = Int.random(in: 0..<source.count, using: &rng)
            line.insert(
                contentsOf: source[from..<min(source.count, from + Int.random(in: 1...24, using: &rng))], at: at)
        default:
            let length = min(bodyEnd - at, Int.random(in: 1...12, using: &rng))
            line.removeSubrange(at..<(at + length))
        }
    }

    /// 15,000 edited lines by default (a seeded generator; PLINGS_SEED picks another), 1,000,000 with PLINGS_STRESS.
    @Test("a re-hashed edit is accepted only when it is again exactly what the encoder writes for what it holds")
    func editsStayCanonical() {
        let seed = UInt64(ProcessInfo.processInfo.environment["PLINGS_SEED"] ?? "") ?? 1212
        var rng = SplitMix64(seed: seed)
        let runs = Stress.rounds(15_000, stress: 1_000_000)
        let lines = Self.lines()
        let source = lines.flatMap { $0 }
        var accepted = 0
        var previous = lines[0]
        for run in 0..<runs {
            var line = lines[run % lines.count]
            for _ in 0..<Int.random(in: 1...3, using: &rng) { Self.edit(&line, source, &rng) }
            line = Self.rehashed(line)
            let single = decode(line)
            if case .success(let decoded) = single {
                accepted += 1
                let again = LineFormat.encode(decoded.event, prev: decoded.prev, batch: decoded.batch).bytes
                let canonical = Array(again.dropLast()) == line
                #expect(canonical, "accepted a line the encoder would not write: \(line)")
            }
            // The paired scan (hashes computed together) gives each line the verdict it has alone.
            var (fa, fb) = (LineFields(), LineFields())
            let (pa, pb) = line.withUnsafeBufferPointer { a in
                previous.withUnsafeBufferPointer { b in LineCodec.scan(a, into: &fa, b, into: &fb) }
            }
            let alone = previous.withUnsafeBufferPointer { LineCodec.scan($0) }
            #expect(pa == single.failureProblem)
            #expect(pb == alone.failureProblem)
            previous = line
        }
        print("re-hashed edits (seed \(seed)): \(runs) lines, \(accepted) accepted, each one canonical")
    }
}

extension RehashedMutationTests {
    @Test("a known key followed by NUL bytes before its quote is refused, not read as the key")
    func keyWithNul() {
        let good = WordScanTests.line(.created(oid("x"), name: "n"), actor: "a")
        let text = String(decoding: good, as: UTF8.self)
        for member in ["actor", "at", "name", "object", "prev", "seq", "type", "v"] {
            for nuls in 1...3 {
                let key = member + String(repeating: "\u{0}", count: nuls)
                let bad = Self.rehashed(
                    Array(text.replacingOccurrences(of: "\"\(member)\":", with: "\"\(key)\":").utf8))
                #expect(throws: LineProblem.nul) { try decode(bad).get() }
            }
        }
    }
}

extension Result where Failure == LineProblem {
    /// The problem, or nil on success.
    var failureProblem: LineProblem? {
        if case .failure(let problem) = self { return problem }
        return nil
    }
}

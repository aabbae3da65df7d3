import PlingsKit
import PlingsTestSupport
import Testing

/// The scan's shortcut for version-1 `placed` lines (`MemberScanner.placedLine`)
/// is the same codec with its keys matched as runs: for every line, valid or
/// not, it gives the general path's verdict and the same fields.
@Suite("The placed-line shortcut agrees with the general scan")
struct PlacedShortcutTests {
    /// A `placed` line (without its `\n`), varied where the shortcut reads values.
    static func placedLine(_ seq: Int64, _ rng: inout SplitMix64) -> [UInt8] {
        let ids = ["a", "b1", "00000", "8Jsrl", "box-12", "shelf_0001", "a-much-longer-object-id-of-many-bytes"]
        let actors: [String?] = [nil, nil, "anna", "Paul \"P\" Wisén", "x"]
        let placement = Placement(
            object: oid(ids[Int.random(in: 0..<ids.count, using: &rng)]),
            // The ten relations of versions 1 and 2 mostly, a diagonal (version 3) one time in four.
            relation: Relation.allCases[
                Int.random(
                    in: 0..<(Int.random(in: 0..<4, using: &rng) == 0 ? Relation.allCases.count : 10), using: &rng)],
            target: Bool.random(using: &rng) ? oid(ids[Int.random(in: 0..<ids.count, using: &rng)]) : nil,
            axes: [.both, .current, .normal][Int.random(in: 0..<3, using: &rng)])
        let event = Event(
            seq: seq, at: Timestamp(milliseconds: Int64.random(in: 0...4_000_000_000_000, using: &rng)),
            actor: actors[Int.random(in: 0..<actors.count, using: &rng)], payload: .placed(placement))
        let prev = SHA256.hash(Array("\(seq)".utf8))
        return Array(LineFormat.encode(event, prev: prev).bytes.dropLast())
    }

    /// `line`'s body (everything before `,"hash":`, or all of it when it has
    /// no such end) closed with its own hash, so that only the members decide.
    static func rehashed(_ body: [UInt8]) -> [UInt8] {
        body + Array(",\"hash\":\"".utf8) + SHA256.hash(body).hexBytes + Array("\"}".utf8)
    }

    static func body(_ line: [UInt8]) -> [UInt8] { Array(line.dropLast(LineFormat.hashSuffixLength)) }

    /// Both paths on `line`: the same verdict and, when it passed, the same fields.
    static func expectAgreement(_ line: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        line.withUnsafeBufferPointer { p in
            var fast = LineFields()
            var general = LineFields()
            let fastProblem = LineCodec.members(p, into: &fast, shortcut: true)
            let generalProblem = LineCodec.members(p, into: &general, shortcut: false)
            #expect(
                fastProblem == generalProblem, "\(String(decoding: line, as: UTF8.self))",
                sourceLocation: sourceLocation)
            if fastProblem == nil && generalProblem == nil {
                #expect(fast == general, "\(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("the common lines take the shortcut, and both paths read them alike")
    func commonLines() {
        var rng = SplitMix64(seed: 412)
        var taken = 0
        for seq in 1...2_000 {
            let line = Self.placedLine(Int64(seq), &rng)
            Self.expectAgreement(line)
            let isVersion1 = !line.contains(subsequence: "\"v\":2") && !line.contains(subsequence: "\"v\":3")
            let hasPlainActorOrNone = !line.contains(subsequence: "\\\"")
            let takes = line.withUnsafeBufferPointer { LineCodec.takesShortcut($0) }
            if isVersion1 && hasPlainActorOrNone { #expect(takes) }
            if takes { taken += 1 }
        }
        #expect(taken > 1_000)
    }

    /// Lines of seqs 1 to 12 with `PLINGS_STRESS`; by default of one- and two-digit seqs at each end.
    @Test("a near miss at every byte of the pattern: each path reaches the same verdict")
    func nearMisses() {
        var rng = SplitMix64(seed: 413)
        let replacements: [UInt8] = [
            0x00, 0x09, 0x20, 0x22, 0x2C, 0x30, 0x31, 0x3A, 0x5C, 0x61, 0x7B, 0x7D, 0x7F, 0xC3,
        ]
        for seq in Stress.enabled ? Array(1...12) : [1, 2, 11, 12] {
            let body = Self.body(Self.placedLine(Int64(seq), &rng))
            for at in 0..<body.count {
                var variants: [[UInt8]] = []
                for byte in replacements + [body[at] &+ 1, body[at] &- 1] where byte != body[at] {
                    var m = body
                    m[at] = byte
                    variants.append(m)
                }
                var removed = body
                removed.remove(at: at)
                variants.append(removed)
                var inserted = body
                inserted.insert(body[at], at: at)
                variants.append(inserted)
                for m in variants {
                    Self.expectAgreement(Self.rehashed(m))
                    Self.expectAgreement(m + Self.rehashed(body).suffix(LineFormat.hashSuffixLength))
                }
            }
            // Cut short at every byte, rehashed: the members end early.
            for count in 0...body.count { Self.expectAgreement(Self.rehashed(Array(body.prefix(count)))) }
        }
    }

    @Test("random edits of random lines: each path reaches the same verdict")
    func randomEdits() {
        var rng = SplitMix64(seed: 414)
        for seq in 1...20_000 {
            let line =
                seq % 4 == 0
                ? Array(LineFormat.encode(randomEvent(Int64(seq), &rng), prev: .zero).bytes.dropLast())
                : Self.placedLine(Int64(seq), &rng)
            var body = Self.body(line)
            for _ in 0..<Int.random(in: 0...3, using: &rng) where !body.isEmpty {
                let at = Int.random(in: 0..<body.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: body[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: body.insert(UInt8.random(in: 0...255, using: &rng), at: at)
                case 2: body.remove(at: at)
                default:
                    let from = Int.random(in: 0..<line.count, using: &rng)
                    body.insert(contentsOf: line[from..<min(line.count, from + 12)], at: at)
                }
            }
            Self.expectAgreement(Self.rehashed(body))
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

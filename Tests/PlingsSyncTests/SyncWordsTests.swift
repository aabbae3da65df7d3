import Foundation
import PlingsKit
import Testing

@testable import PlingsSync

/// Every sync error, and every reason inside one, is worded by the catalog: in Swedish no
/// English word is left in it (the reasons were English strings built where they were thrown).
@Suite("Every sync error reads in one language")
struct SyncWordsTests {
    /// One error of each case, with each reason of each reason type, the peer's tokens all "x".
    static let errors: [SyncError] =
        [
            .truncated, .oversized(70_000), .messageTooLarge(limit: 64), .newerProtocol(9),
            .hub(code: "x", message: "x"), .store(.log(.notALog(path: "x"))), .notADevice("x"),
            .alreadyADevice("x"), .alreadyCloned("x"), .mirrorNotAHub("x"), .notCarried,
            .unrecordedVerdict(dseq: 3), .deviceSeqOutOfRange(0), .samePendingQueue("x"), .deviceTaken("x"),
            .timeout(seconds: 30), .peerSilent(seconds: 30), .answerTooSlow(seconds: 600),
            .peerTooSlow(seconds: 600), .http(status: 500, reason: "x"), .unauthorized(host: "x", loginSent: true),
            .unauthorized(host: "x", loginSent: false), .privateCA("x"), .insecureURL("x"), .noSnapshot,
            .shallowNotCarried, .snapshotTooLarge(limit: 9), .snapshotDamaged, .connectionClosed,
            .sshSource("x", .notSSHURL), .sshSource("x", .optionLike("user")), .sshSource("x", .optionLike("host")),
            .sshSource("x", .badPort("x")),
        ]
        + [CommandMemberProblem.missing, .notTaken, .notAnID, .tooLong(limit: 9), .unknown].map {
            SyncError.badCommand(kind: "x", member: "x", problem: $0)
        }
        + [DeviceNameProblem.length, .leadingDash, .characters].map { SyncError.invalidDevice("x", $0) }
        + protocolProblems.map(SyncError.protocolViolation)
        + protocolProblems.map { SyncError.pendingDamaged(path: "x", line: 2, problem: .protocolViolation($0)) }
        + divergences.map(SyncError.diverged) + transportProblems.map(SyncError.transport)
        + pageProblems.map { SyncError.badPage(hub: "x", line: 2, offset: 9, problem: $0) }

    static let protocolProblems: [ProtocolProblem] = [
        .notValidLine(kind: "x", text: "x"), .missingMember(op: "x", member: "x"), .batchTooLarge(lines: 9),
        .snapshotAfterRefusal, .bytesAfterMessage, .announcesLines(-1), .unaskedEncoding("x"),
        .transferEncoding("x"), .contentLength("x"), .httpLineTooLong(limit: 9), .notHTTP(begins: "x"),
        .headTooLong(limit: 9), .headerField("x"), .chunkSize("x"), .chunkTooLong, .unknownRequest("x"),
        .userNotActor("x"), .seqGap(dseq: 3, device: "x", after: 1), .noRecordedVerdict(dseq: 3, device: "x"),
        .badDeviceTime(dseq: 3), .pageRange(offset: 9, range: "x"), .unexpectedAnswer(expected: "x", got: "x"),
        .verdictCount(verdicts: 1, commands: 2), .verdictOutOfOrder(dseq: 3, due: 2), .pulledLineUnread,
        .pendingVersion(2), .pendingOutOfOrder(dseq: 3, due: 2),
    ]
    static let divergences: [Divergence] = [
        .mirrorLonger, .emptyMirrorWithHead, .noLineWithHash(offset: 9, hash: "x"), .noLineEndsAt(offset: 9),
        .seqTaken(dseq: 3, device: "x"), .headDiffers, .notFollowing(offset: 9, seq: 3, hash: "x"),
    ]
    static let transportProblems: [TransportProblem] = [
        .webServerStoppedReading(errno: 32), .webConnectionFailed(errno: 104), .cannotStart("x"), .hubStoppedReading,
        .hubEndedWithoutAnswer, .notWebURL("x"), .noHTTPAnswer, .webRequestFailed(detail: "x"),
        .deviceStoppedReading, .noSource, .unknownHost("x"), .cannotConnect("x", errno: 111),
    ]
    static let pageProblems: [PageProblem] = [
        .line(.notAnObject), .seqOutOfOrder(expected: 2, found: 3), .chainBroken(seq: 2), .hashMismatch(seq: 2),
        .timeWentBack(seq: 2), .noWholeBatch,
    ]

    /// The arm of each case: the switches have no default, so a new case does not compile until it
    /// is given an arm here, and the counts below make the lists above hold one of each.
    static func arm(_ error: SyncError) -> Int {
        switch error {
        case .protocolViolation: return 0
        case .truncated: return 1
        case .oversized: return 2
        case .messageTooLarge: return 3
        case .newerProtocol: return 4
        case .hub: return 5
        case .diverged: return 6
        case .transport: return 7
        case .store: return 8
        case .notADevice: return 9
        case .alreadyADevice: return 10
        case .alreadyCloned: return 11
        case .mirrorNotAHub: return 12
        case .notCarried: return 13
        case .invalidDevice: return 14
        case .unrecordedVerdict: return 15
        case .deviceSeqOutOfRange: return 16
        case .samePendingQueue: return 17
        case .deviceTaken: return 18
        case .timeout: return 19
        case .peerSilent: return 20
        case .answerTooSlow: return 21
        case .peerTooSlow: return 22
        case .http: return 23
        case .unauthorized: return 24
        case .privateCA: return 25
        case .insecureURL: return 26
        case .noSnapshot: return 27
        case .shallowNotCarried: return 28
        case .snapshotTooLarge: return 29
        case .snapshotDamaged: return 30
        case .connectionClosed: return 31
        case .sshSource: return 32
        case .badCommand: return 33
        case .pendingDamaged: return 34
        case .badPage: return 35
        }
    }
    static let arms = 36

    /// The same for the reasons: how many cases each type has, by an exhaustive switch.
    static func reasonArm(_ problem: ProtocolProblem) -> Int {
        switch problem {
        case .notValidLine: 0
        case .missingMember: 1
        case .batchTooLarge: 2
        case .snapshotAfterRefusal: 3
        case .bytesAfterMessage: 4
        case .announcesLines: 5
        case .unaskedEncoding: 6
        case .transferEncoding: 7
        case .contentLength: 8
        case .httpLineTooLong: 9
        case .notHTTP: 10
        case .headTooLong: 11
        case .headerField: 12
        case .chunkSize: 13
        case .chunkTooLong: 14
        case .unknownRequest: 15
        case .userNotActor: 16
        case .seqGap: 17
        case .noRecordedVerdict: 18
        case .badDeviceTime: 19
        case .pageRange: 20
        case .unexpectedAnswer: 21
        case .verdictCount: 22
        case .verdictOutOfOrder: 23
        case .pulledLineUnread: 24
        case .pendingVersion: 25
        case .pendingOutOfOrder: 26
        }
    }

    static func reasonArm(_ divergence: Divergence) -> Int {
        switch divergence {
        case .mirrorLonger: 0
        case .emptyMirrorWithHead: 1
        case .noLineWithHash: 2
        case .noLineEndsAt: 3
        case .seqTaken: 4
        case .headDiffers: 5
        case .notFollowing: 6
        }
    }

    static func reasonArm(_ problem: TransportProblem) -> Int {
        switch problem {
        case .webServerStoppedReading: 0
        case .webConnectionFailed: 1
        case .cannotStart: 2
        case .hubStoppedReading: 3
        case .hubEndedWithoutAnswer: 4
        case .notWebURL: 5
        case .noHTTPAnswer: 6
        case .webRequestFailed: 7
        case .deviceStoppedReading: 8
        case .noSource: 9
        case .unknownHost: 10
        case .cannotConnect: 11
        }
    }

    /// English words that no Swedish sentence of these holds.
    static let english: Set<String> = [
        "the", "is", "of", "and", "was", "with", "not", "has", "hub", "mirror", "line", "lines", "failed",
        "cannot", "answer", "device", "stopped", "reading", "without", "which", "than", "after", "where", "due",
        "request", "connection", "server", "bytes", "message", "it", "its", "no", "does", "for",
        "ended", "answering", "web", "allowed", "must", "starts", "characters", "page", "batch", "ends",
    ]

    @Test("each case and each reason is in the lists once")
    func everyCase() {
        #expect(Set(Self.errors.map(Self.arm)) == Set(0..<Self.arms))
        #expect(Set(Self.protocolProblems.map(Self.reasonArm)) == Set(0..<27))
        #expect(Set(Self.divergences.map(Self.reasonArm)) == Set(0..<7))
        #expect(Set(Self.transportProblems.map(Self.reasonArm)) == Set(0..<12))
    }

    @Test("in Swedish, no sync error holds an English word; in English each reads otherwise")
    func swedishOnly() {
        for error in Self.errors {
            let sv = error.message(.sv)
            // Option names (`--device`) are the command line's, the same in both languages.
            let prose = sv.replacingOccurrences(of: "--[a-z-]+", with: " ", options: .regularExpression)
            let words = prose.lowercased().split { !$0.isLetter }.map(String.init)
            let found = words.filter { Self.english.contains($0) }
            #expect(found.isEmpty, "\(error): \(found) in '\(sv)'")
            #expect(sv != error.message(.en), "\(error)")
        }
    }
}

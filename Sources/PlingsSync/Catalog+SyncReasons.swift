import PlingsKit
import PlingsText

extension Catalog {
    /// How a peer broke the protocol, in this catalog's language (a peer's tokens quoted).
    func reason(_ problem: ProtocolProblem) -> String {
        let q = { (text: String) in Printable.quote(text, limit: 80) }
        switch problem {
        case .notValidLine(let kind, let text):
            return self(.reasonNotValidLine, ["kind": q(kind), "text": q(String(text.prefix(60)))])
        case .missingMember(let op, let member): return self(.reasonMissingMember, ["op": q(op), "member": q(member)])
        case .batchTooLarge(let lines): return self(.reasonBatchTooLarge, ["lines": String(lines)])
        case .snapshotAfterRefusal: return self(.reasonSnapshotAfterRefusal)
        case .bytesAfterMessage: return self(.reasonBytesAfterMessage)
        case .announcesLines(let count): return self(.reasonAnnouncesLines, ["count": String(count)])
        case .unaskedEncoding(let coding): return self(.reasonUnaskedEncoding, ["coding": q(coding)])
        case .transferEncoding(let coding): return self(.reasonTransferEncoding, ["coding": q(coding)])
        case .contentLength(let text): return self(.reasonContentLength, ["text": q(text)])
        case .httpLineTooLong(let limit): return self(.reasonHTTPLineTooLong, ["limit": String(limit)])
        case .notHTTP(let begins): return self(.reasonNotHTTP, ["text": q(begins)])
        case .headTooLong(let limit): return self(.reasonHeadTooLong, ["limit": String(limit)])
        case .headerField(let text): return self(.reasonHeaderField, ["text": q(text)])
        case .chunkSize(let text): return self(.reasonChunkSize, ["text": q(text)])
        case .chunkTooLong: return self(.reasonChunkTooLong)
        case .unknownRequest(let op): return self(.reasonUnknownRequest, ["op": q(op)])
        case .userNotActor(let user): return self(.reasonUserNotActor, ["user": q(user)])
        case .seqGap(let dseq, let device, let after):
            return self(.reasonSeqGap, ["dseq": String(dseq), "device": q(device), "after": String(after)])
        case .noRecordedVerdict(let dseq, let device):
            return self(.reasonNoRecordedVerdict, ["dseq": String(dseq), "device": q(device)])
        case .badDeviceTime(let dseq): return self(.reasonBadDeviceTime, ["dseq": String(dseq)])
        case .pageRange(let offset, let range):
            return self(.reasonPageRange, ["offset": String(offset), "range": q(range)])
        case .unexpectedAnswer(let expected, let got):
            return self(.reasonUnexpectedAnswer, ["expected": q(expected), "got": q(got)])
        case .verdictCount(let verdicts, let commands):
            return self(.reasonVerdictCount, ["verdicts": String(verdicts), "commands": String(commands)])
        case .verdictOutOfOrder(let dseq, let due):
            return self(.reasonVerdictOutOfOrder, ["dseq": String(dseq), "due": String(due)])
        case .pulledLineUnread: return self(.reasonPulledLineUnread)
        case .pendingVersion(let pending): return self(.reasonPendingVersion, ["pending": String(pending)])
        case .pendingOutOfOrder(let dseq, let due):
            return self(.reasonVerdictOutOfOrder, ["dseq": String(dseq), "due": String(due)])
        }
    }

    /// Why the mirror is not a prefix of the hub's log, in this catalog's language.
    func reason(_ divergence: Divergence) -> String {
        switch divergence {
        case .mirrorLonger: return self(.reasonMirrorLonger)
        case .emptyMirrorWithHead: return self(.reasonEmptyMirrorWithHead)
        case .noLineWithHash(let offset, let hash):
            return self(.reasonNoLineWithHash, ["offset": String(offset), "hash": Printable.quote(hash)])
        case .noLineEndsAt(let offset): return self(.reasonNoLineEndsAt, ["offset": String(offset)])
        case .seqTaken(let dseq, let device):
            return self(.reasonSeqTaken, ["dseq": String(dseq), "device": Printable.quote(device)])
        case .headDiffers: return self(.reasonHeadDiffers)
        case .notFollowing(let offset, let seq, let hash):
            return self(
                .reasonNotFollowing, ["offset": String(offset), "seq": String(seq), "hash": Printable.quote(hash)])
        }
    }

    /// Why the connection failed, in this catalog's language (a system error by the catalog too).
    func reason(_ problem: TransportProblem) -> String {
        switch problem {
        case .webServerStoppedReading(let code): return self(.reasonWebServerStoppedReading, ["why": systemError(code)])
        case .webConnectionFailed(let code): return self(.reasonWebConnectionFailed, ["why": systemError(code)])
        case .cannotStart(let executable): return self(.reasonCannotStart, ["command": Printable.quote(executable)])
        case .hubStoppedReading: return self(.reasonHubStoppedReading)
        case .hubEndedWithoutAnswer: return self(.reasonHubEndedWithoutAnswer)
        case .notWebURL(let text): return self(.reasonNotWebURL, ["url": Printable.quote(text)])
        case .noHTTPAnswer: return self(.reasonNoHTTPAnswer)
        case .webRequestFailed(let detail):
            return self(.reasonWebRequestFailed, ["detail": Printable.quote(detail, limit: 200)])
        case .deviceStoppedReading: return self(.reasonDeviceStoppedReading)
        case .noSource: return self(.reasonNoSource)
        case .unknownHost(let host): return self(.reasonUnknownHost, ["host": Printable.quote(host)])
        case .cannotConnect(let authority, let code):
            return self(.reasonCannotConnect, ["host": Printable.quote(authority), "why": systemError(code)])
        }
    }

    /// What is wrong with a device name, in this catalog's language.
    func reason(_ problem: DeviceNameProblem) -> String {
        switch problem {
        case .length: return self(.reasonDeviceNameLength)
        case .leadingDash: return self(.reasonDeviceNameDash)
        case .characters: return self(.reasonDeviceNameCharacters)
        }
    }
}

import PlingsKit
import PlingsText

extension Catalog {
    /// A sync failure as one sentence in this catalog's language.
    package func message(_ error: SyncError) -> String {
        switch error {
        // A peer's words (a hub's error, a reason the protocol carried) reach a terminal only
        // through the one quoting function.
        case .protocolViolation(let why): return self(.syncProtocol, ["why": reason(why)])
        case .truncated: return self(.syncTruncated)
        case .messageTooLarge(let limit): return self(.syncMessageTooLarge, ["limit": String(limit)])
        case .oversized(let n):
            return self(.syncOversized, ["bytes": String(n), "limit": String(SyncProtocol.maxLineBytes)])
        case .newerProtocol(let v):
            return self(.syncNewerProtocol, ["version": String(v), "ours": String(SyncProtocol.version)])
        case .hub(let code, let message):
            return self(
                .syncHubError, ["code": Printable.quote(code), "message": Printable.quote(message, limit: 400)])
        case .diverged(let why): return self(.syncDiverged, ["why": reason(why)])
        case .transport(let why): return self(.syncTransport, ["why": reason(why)])
        case .store(let error): return message(error)
        case .notADevice(let path): return self(.syncNotADevice, ["path": Printable.quote(path)])
        case .alreadyADevice(let path): return self(.syncAlreadyADevice, ["path": Printable.quote(path)])
        case .alreadyCloned(let path): return self(.syncAlreadyCloned, ["path": Printable.quote(path)])
        case .mirrorNotAHub(let path): return self(.syncMirrorNotAHub, ["path": Printable.quote(path)])
        case .notCarried: return self(.syncNotCarried)
        case .deviceSeqOutOfRange(let dseq):
            return self(.syncDeviceSeqOutOfRange, ["dseq": String(dseq), "limit": String(LineFormat.maxInteger)])
        case .unrecordedVerdict(let dseq): return self(.syncUnrecordedVerdict, ["dseq": String(dseq)])
        case .invalidDevice(let name, let why):
            return self(.syncInvalidDevice, ["name": Printable.quote(name), "why": reason(why)])
        case .samePendingQueue(let path): return self(.syncSamePendingQueue, ["path": Printable.quote(path)])
        case .deviceTaken(let name): return self(.syncDeviceTaken, ["name": Printable.quote(name)])
        case .timeout(let seconds): return self(.syncTimeout, ["seconds": Self.seconds(seconds)])
        case .peerSilent(let seconds): return self(.syncPeerSilent, ["seconds": Self.seconds(seconds)])
        case .answerTooSlow(let seconds): return self(.syncAnswerTooSlow, ["seconds": Self.seconds(seconds)])
        case .peerTooSlow(let seconds): return self(.syncPeerTooSlow, ["seconds": Self.seconds(seconds)])
        case .http(let status, let reason):
            return self(.syncHTTP, ["status": String(status), "reason": Printable.quote(reason)])
        case .insecureURL(let url): return self(.syncInsecureURL, ["url": Printable.quote(url)])
        case .privateCA(let path): return self(.syncPrivateCA, ["path": Printable.quote(path)])
        case .noSnapshot: return self(.syncNoSnapshot)
        case .shallowNotCarried: return self(.syncShallowNotCarried)
        case .snapshotTooLarge(let limit): return self(.syncSnapshotTooLarge, ["limit": String(limit)])
        case .snapshotDamaged: return self(.syncSnapshotDamaged)
        case .connectionClosed: return self(.syncConnectionClosed)
        case .sshSource(let url, let problem): return sshSource(url, problem)
        case .badCommand(let kind, let member, let problem):
            return self(.syncBadCommand, ["what": badCommand(kind, member, problem)])
        case .pendingDamaged(let path, let line, let problem):
            let why: String
            switch problem {
            // The reason alone: the queue is this device's file, no peer broke anything.
            case .protocolViolation(let what): why = reason(what)
            case .badCommand(let kind, let member, let problem): why = badCommand(kind, member, problem)
            default: why = message(problem)
            }
            return self(.syncPendingDamaged, ["path": Printable.quote(path), "line": String(line), "why": why])
        case .badPage(let hub, let line, let offset, let problem):
            return self(
                .syncBadPage,
                ["hub": Printable.quote(hub), "line": String(line), "offset": String(offset), "why": message(problem)])
        case .unauthorized(let host, let sent):
            return self(sent ? .syncLoginRefused : .syncSignInRequired, ["host": Printable.quote(host)])
        }
    }

    /// Why a line of a hub's page does not check out, without where or what to do.
    private func message(_ problem: PageProblem) -> String {
        switch problem {
        case .line(let problem): return message(problem)
        case .seqOutOfOrder(let expected, let found):
            return self(.syncPageSeqOutOfOrder, ["expected": String(expected), "found": String(found)])
        case .chainBroken(let seq): return self(.syncPageChainBroken, ["seq": String(seq)])
        case .hashMismatch(let seq): return self(.syncPageHashMismatch, ["seq": String(seq)])
        case .timeWentBack(let seq): return self(.syncPageTimeWentBack, ["seq": String(seq)])
        case .noWholeBatch: return self(.syncPageNoWholeBatch)
        }
    }

    /// "a 'place' command without its 'axes'", and the like.
    private func badCommand(_ kind: String, _ member: String, _ problem: CommandMemberProblem) -> String {
        var values = ["kind": Printable.quote(kind, limit: 40), "member": member]
        switch problem {
        case .missing: return self(.syncCommandMissing, values)
        case .notTaken: return self(.syncCommandNotTaken, values)
        case .notAnID: return self(.syncCommandNotAnID, values)
        case .tooLong(let limit):
            values["limit"] = String(limit)
            return self(.syncCommandTooLong, values)
        case .unknown: return self(.syncCommandUnknown, values)
        }
    }

    private func sshSource(_ url: String, _ problem: SSHSourceProblem) -> String {
        let quoted = Printable.quote(url)
        switch problem {
        case .notSSHURL: return self(.syncSSHNotURL, ["url": quoted])
        case .optionLike(let part):
            return self(part == "user" ? .syncSSHUserOption : .syncSSHHostOption, ["url": quoted])
        case .badPort(let port): return self(.syncSSHPort, ["url": quoted, "port": Printable.quote(port)])
        }
    }

    /// Seconds as a message says them: whole ones without a fraction.
    static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

}

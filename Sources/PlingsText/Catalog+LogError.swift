import PlingsDomain
import PlingsLog

extension Catalog {
    /// A log error as one sentence. `inVerify` swaps "run 'plings verify'" for what to do once verify has spoken.
    public func message(_ error: LogError, inVerify: Bool = false) -> String {
        let advice = self(inVerify ? .adviceRestore : .adviceVerify)
        func at(_ path: String, _ line: Int, _ offset: Int64) -> String {
            self(.location, ["path": Printable.quote(path), "line": String(line), "offset": String(offset)])
        }
        switch error {
        case .io(let path, let operation, let code):
            return self(
                .ioFailed,
                ["operation": self.operation(operation), "path": Printable.quote(path), "reason": systemError(code)])
        case .damaged(let path, let line, let offset, .newerVersion(let v)):
            // Not damage: a line from a newer Plings. Upgrading is the whole advice.
            return at(path, line, offset) + ": " + message(.newerVersion(v))
        case .damaged(let path, let line, let offset, let problem):
            return self(.damaged, ["where": at(path, line, offset), "problem": message(problem), "advice": advice])
        case .seqOutOfOrder(let path, let line, let offset, let expected, let found):
            return self(
                .seqOutOfOrder,
                [
                    "where": at(path, line, offset), "expected": String(expected), "found": String(found),
                    "advice": advice,
                ])
        case .chainBroken(let path, let line, let offset, let seq):
            return self(.chainBroken, ["where": at(path, line, offset), "seq": String(seq), "advice": advice])
        case .hashMismatch(let path, let line, let offset, let seq):
            return self(.hashMismatch, ["where": at(path, line, offset), "seq": String(seq), "advice": advice])
        case .timeWentBack(let path, let line, let offset, let seq):
            return self(.timeWentBack, ["where": at(path, line, offset), "seq": String(seq), "advice": advice])
        case .conflict(let expected, let actual):
            return self(.conflict, ["expected": String(expected), "actual": String(actual)])
        case .shrunk(let path, let size, let read):
            return self(.shrunk, ["path": Printable.quote(path), "size": String(size), "read": String(read)])
        case .readOnly(let path): return self(.readOnly, ["path": Printable.quote(path)])
        case .notALog(let path): return self(.notALog, ["path": Printable.quote(path)])
        case .replaced(let path): return self(.replaced, ["path": Printable.quote(path)])
        case .notRegular(let path): return self(.notRegular, ["path": Printable.quote(path)])
        case .mirror(let path): return self(.syncDeviceReadOnly, ["path": Printable.quote(path)])
        case .beforeBase(let seq): return self(.beforeBase, ["seq": String(seq)])
        case .damagedBase(let path): return self(.damagedBase, ["path": Printable.quote(path)])
        case .baseFormat(let path, let version, let newest):
            return self(
                version > newest ? .baseFormatNewer : .baseFormatOlder,
                ["path": Printable.quote(path), "version": String(version), "newest": String(newest)])
        case .lineTooLong(let seq, let bytes):
            return self(
                .lineWouldBeTooLong,
                ["seq": String(seq), "bytes": String(bytes), "limit": String(LineFormat.maxLineBytes)])
        case .cacheFolder(let path, let flaw):
            return self(.cacheFolderUnwritable, ["path": Printable.quote(path), "why": self(Self.key(flaw))])
        case .cacheNameTaken(let path): return self(.cacheNameTaken, ["path": Printable.quote(path)])
        }
    }

    /// Why a cache folder is not used, as the catalog words it ("it is a symbolic link").
    public static func key(_ flaw: CacheFolderFlaw) -> MessageKey {
        switch flaw {
        case .link: return .cacheIsLink
        case .notFolder: return .cacheNotFolder
        case .notOwned: return .cacheNotOwned
        case .writableByOthers: return .cacheWritableByOthers
        }
    }

    /// Why a line of the log cannot be read.
    public func message(_ problem: LineProblem) -> String {
        switch problem {
        case .tooLong(let n): return self(.lineTooLong, ["bytes": String(n), "limit": String(LineFormat.maxLineBytes)])
        case .byteOrderMark: return self(.lineByteOrderMark)
        case .carriageReturn: return self(.lineCarriageReturn)
        case .nul: return self(.lineNul)
        case .invalidUTF8: return self(.lineInvalidUTF8)
        case .notAnObject: return self(.lineNotObject)
        case .missingHash: return self(.lineMissingHash)
        case .badJSON(let fault): return self(.lineBadJSON, ["why": why(fault)])
        case .newerVersion(let v): return self(.lineNewerVersion, ["version": String(v)])
        case .unknownType(let t): return self(.lineUnknownType, ["value": Printable.quote(t)])
        case .missingField(let f): return self(.lineMissingField, ["field": Printable.quote(f)])
        case .unexpectedField(let f): return self(.lineUnexpectedField, ["field": Printable.quote(f)])
        case .badField(let f, let fault): return self(.lineBadField, ["field": Printable.quote(f), "why": why(fault)])
        case .ownHash(let seq): return self(.lineOwnHash, ["seq": String(seq)])
        }
    }

    /// How a line breaks the canonical JSON layout.
    public func why(_ fault: JSONFault) -> String {
        switch fault {
        case .notSeparated: return self(.jsonNotSeparated)
        case .keyNotPlain: return self(.jsonKeyNotPlain)
        case .outOfOrder(let key): return self(.jsonOutOfOrder, ["key": Printable.quote(key)])
        case .rawControl: return self(.jsonRawControl)
        case .escape: return self(.jsonEscape)
        case .unclosed: return self(.jsonUnclosed)
        }
    }

    /// What is wrong with a member's value: "must be 1 or more".
    public func why(_ fault: FieldFault) -> String {
        switch fault {
        case .appearsTwice: return self(.faultAppearsTwice)
        case .versionTooLowForMembers: return self(.faultVersionTooLow)
        case .versionHigherThanNeeded: return self(.faultVersionHigher)
        case .badVersion: return self(.faultBadVersion)
        case .originIncomplete: return self(.faultOrigin)
        case .tooSmall(let minimum): return self(.faultTooSmall, ["minimum": String(minimum)])
        case .undoesNotEarlier: return self(.faultUndoes)
        case .clockNotBehind: return self(.faultClockNotBehind)
        case .empty: return self(.faultEmpty)
        case .notWholeNumber: return self(.faultNotWholeNumber)
        case .notTime: return self(.faultNotTime)
        case .notHash: return self(.faultNotHash)
        case .notAxes: return self(.faultNotAxes)
        case .notString: return self(.faultNotString)
        case .notRelation(let token): return self(.faultNotRelation, ["value": Printable.quote(token)])
        case .notID(let problem?): return self(.faultNotID, ["why": why(problem, "")])
        case .notID(nil): return self(.faultEscapedID)
        case .notCommandID(let problem): return self(.faultNotCommandID, ["why": why(problem, "")])
        case .notActor(let problem): return self(.faultNotActor, ["why": why(problem, limit: Actor.maxBytes)])
        case .nestedBatch: return self(.faultNestedBatch)
        case .notCode(let code): return self(.faultNotCode, ["value": Printable.quote(code)])
        case .notCommandKind(let kind): return self(.faultNotCommandKind, ["value": Printable.quote(kind)])
        case .notText(let problem): return self(.faultNotText, ["why": why(problem, limit: LineFormat.maxLineBytes)])
        }
    }

    /// What was being done to a file, as a verb for "cannot … 'path'".
    public func operation(_ operation: FileOperation) -> String {
        switch operation {
        case .opening: return self(.opOpen)
        case .creating: return self(.opCreate)
        case .reading: return self(.opRead)
        case .writing: return self(.opWrite)
        case .syncing: return self(.opSync)
        case .locking: return self(.opLock)
        case .renamingInto: return self(.opRename)
        case .renamingOnto: return self(.opRenameOnto)
        case .creatingFolder: return self(.opCreateFolder)
        case .usingCacheFolder: return self(.opUse)
        case .cuttingTornTail: return self(.opCutTail)
        case .readingSize: return self(.opSize)
        case .openingDirectory: return self(.opOpenDirectory)
        case .syncingDirectory: return self(.opSyncDirectory)
        }
    }
}

import PlingsKit
import PlingsSync
import PlingsText

/// Errors of the lower layers as one sentence in the user's language.
extension Catalog {
    /// Any error the CLI can meet, as the text after `plings: `.
    func message(anyError error: any Error) -> String {
        switch error {
        case let error as CLIError: return error.message
        case let error as DomainError: return message(error)
        case let error as StoreError: return message(store: error)
        case let error as LogError: return message(log: error)
        case let error as SyncError: return message(sync: error)
        default: return self(.errOther, ["code": String(describing: error)])
        }
    }

    func message(store error: StoreError) -> String {
        switch error {
        case .domain(let error): return message(error)
        case .log(let error): return message(log: error)
        }
    }

    /// A log error. `inVerify` swaps "run 'plings verify'" for what to do once verify has spoken.
    func message(log error: LogError, inVerify: Bool = false) -> String {
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
            return at(path, line, offset) + ": " + message(line: .newerVersion(v))
        case .damaged(let path, let line, let offset, let problem):
            return self(
                .damaged, ["where": at(path, line, offset), "problem": message(line: problem), "advice": advice])
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
        }
    }

    /// Why a line of the log cannot be read.
    func message(line problem: LineProblem) -> String {
        switch problem {
        case .tooLong(let n): return self(.lineTooLong, ["bytes": String(n), "limit": String(LineFormat.maxLineBytes)])
        case .byteOrderMark: return self(.lineByteOrderMark)
        case .carriageReturn: return self(.lineCarriageReturn)
        case .nul: return self(.lineNul)
        case .invalidUTF8: return self(.lineInvalidUTF8)
        case .notAnObject: return self(.lineNotObject)
        case .missingHash: return self(.lineMissingHash)
        case .badJSON: return self(.lineBadJSON)
        case .newerVersion(let v): return self(.lineNewerVersion, ["version": String(v)])
        case .unknownType(let t): return self(.lineUnknownType, ["value": Printable.quote(t)])
        case .missingField(let f): return self(.lineMissingField, ["field": Printable.quote(f)])
        case .unexpectedField(let f): return self(.lineUnexpectedField, ["field": Printable.quote(f)])
        case .badField(let f, _): return self(.lineBadField, ["field": Printable.quote(f)])
        case .ownHash(let seq): return self(.lineOwnHash, ["seq": String(seq)])
        }
    }
}

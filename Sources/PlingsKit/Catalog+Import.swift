import PlingsText

extension ImportProblem {
    /// One line for a person: where in the file (`source`, as it is to be shown), and what is wrong.
    package func message(_ language: Language = .en, source: String) -> String {
        Catalog(language).message(self, source: source)
    }
}

extension Catalog {
    /// "things.csv:4, column 3 ('container'): …", in this catalog's language.
    package func message(_ problem: ImportProblem, source: String) -> String {
        var values = ["source": source, "line": String(problem.line)]
        let place: String
        if let column = problem.column {
            values["number"] = String(column.number)
            values["column"] = Printable.quote(column.header)
            place = self(.importAtColumn, values)
        } else {
            place = self(.importAt, values)
        }
        return place + ": " + reason(problem.kind, source: source)
    }

    /// What is wrong, without where.
    package func reason(_ kind: ImportProblem.Kind, source: String) -> String {
        let columns = ImportColumn.allCases.map { $0.header(self) }.joined(separator: ", ")
        switch kind {
        case .csv(let problem): return reason(problem, source: source)
        case .emptyFile: return self(.importEmptyFile, ["columns": columns])
        case .unknownColumn(let text, let suggestion):
            if let suggestion {
                return self(.importUnknownColumnSuggest, ["value": Printable.quote(text), "suggestion": suggestion])
            }
            return self(.importUnknownColumn, ["value": Printable.quote(text), "columns": columns])
        case .columnTwice(let text): return self(.importColumnTwice, ["value": Printable.quote(text)])
        case .noIDOrNameColumn:
            return self(
                .importNoIDOrNameColumn,
                ["id": ImportColumn.id.header(self), "name": ImportColumn.name.header(self), "columns": columns])
        case .cellWithoutColumn: return self(.importCellWithoutColumn)
        case .invalidID(let text, let problem): return message(DomainError.invalidID(text, problem))
        case .invalidName(let text, let problem): return message(DomainError.invalidName(text, problem))
        case .noIDOrName: return self(.importNoIDOrName)
        case .nameMissing(let id): return self(.importNameMissing, ["id": id])
        case .idTwice(let id, let first): return self(.importIDTwice, ["id": id, "first": String(first)])
        case .unknownRelation(let text): return unknownRelation(text)
        case .relationWithoutContainer: return self(.importRelationWithoutContainer)
        case .unknownReference(let text, let suggestion):
            if let suggestion {
                return self(.importUnknownReferenceSuggest, ["value": Printable.quote(text), "suggestion": suggestion])
            }
            return self(.importUnknownReference, ["value": Printable.quote(text)])
        case .ambiguousName(let text, let count):
            return self(.importAmbiguousName, ["value": Printable.quote(text), "count": String(count)])
        case .archived(let id): return self(.importArchived, ["id": id])
        case .circle(let lines, let axis):
            let list = lines.map(String.init).joined(separator: ", ")
            return self.count(.importCircle, lines.count, ["lines": list, "axis": axisWord(axis)])
        case .referenceHasError(let text, let line):
            return self(.importReferenceHasError, ["value": Printable.quote(text), "first": String(line)])
        case .badDue(let text): return self(.importBadDue, ["value": Printable.quote(text)])
        case .badSince(let text): return self(.importBadSince, ["value": Printable.quote(text)])
        case .loanWithoutBorrower: return self(.importLoanWithoutBorrower, ["column": ImportColumn.lentTo.header(self)])
        case .lentButPlaced:
            return self(
                .importLentButPlaced,
                ["container": ImportColumn.container.header(self), "home": ImportColumn.homeContainer.header(self)])
        case .refused(let error): return message(error)
        }
    }

    /// Why bytes are not CSV.
    package func reason(_ problem: CSVProblem, source: String) -> String {
        switch problem {
        case .utf16: return self(.importUTF16)
        case .invalidUTF8: return self(.importInvalidUTF8)
        case .quoteInPlainCell: return self(.importQuoteInCell)
        case .textAfterQuote: return self(.importTextAfterQuote)
        case .unclosedQuote: return self(.importUnclosedQuote)
        case .loneCarriageReturn: return self(.importLoneCarriageReturn)
        case .recordTooLong(_, let limit): return self(.importRowTooLong, ["limit": String(limit)])
        case .readFailed(let code): return self(.cannotRead, ["path": source, "reason": systemError(code)])
        }
    }
}

import PlingsText

/// A column of the spreadsheet `plings import` reads and `plings export --csv` writes.
package enum ImportColumn: Int, CaseIterable, Sendable, Hashable {
    /// The thing's id; empty: made from its name (see `GeneratedID`).
    case id
    /// The thing's name.
    case name
    /// What it is in, on or at now: an id, a name, or World.
    case container
    /// How it stands to the container (`in` when empty).
    case relation
    /// What it belongs in, on or at.
    case homeContainer
    /// How it stands to its home container (`in` when empty).
    case homeRelation
    /// Who has it, when it is lent out: the id of a thing, or a name (as `plings lend --to` takes it).
    case lentTo
    /// When the loan began, as export writes it (RFC 3339) or a day (`YYYY-MM-DD`): written for
    /// the reader and checked when read; an imported loan begins at the import (the log records
    /// when things happen).
    case lentSince
    /// The day a loan is due back (`YYYY-MM-DD`).
    case due
    /// The loan's note.
    case loanNote

    /// The column's header in a language.
    package func header(_ text: Catalog) -> String { text(key) }

    private var key: MessageKey {
        switch self {
        case .id: return .csvColumnID
        case .name: return .csvColumnName
        case .container: return .csvColumnContainer
        case .relation: return .csvColumnRelation
        case .homeContainer: return .csvColumnHomeContainer
        case .homeRelation: return .csvColumnHomeRelation
        case .lentTo: return .csvColumnLentTo
        case .lentSince: return .csvColumnLentSince
        case .due: return .csvColumnDue
        case .loanNote: return .csvColumnLoanNote
        }
    }

    /// The column a header names, in either language: case, accents, spaces, `_`, `-` and `.`
    /// aside (`Home container`, `home_container`, `hembehållare` and `HEMBEHALLARE` all name one).
    package init?(header: String) {
        let wanted = Self.folded(header)
        for column in Self.allCases {
            for language in [Language.en, .sv] where Self.folded(column.header(Catalog(language))) == wanted {
                self = column
                return
            }
        }
        return nil
    }

    /// `text` without case, accents and the characters that separate words.
    private static func folded(_ text: String) -> [UInt8] {
        TextFold.fold(text).filter {
            $0 != 0x20 && $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ".")
        }
    }
}

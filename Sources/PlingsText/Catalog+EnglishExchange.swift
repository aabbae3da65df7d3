extension Catalog {
    /// Spreadsheets in and out (`plings import`, `plings export`) in English.
    static let englishExchange: [MessageKey: Entry] = [
        .csvColumnID: .text("id"),
        .csvColumnName: .text("name"),
        .csvColumnContainer: .text("container"),
        .csvColumnRelation: .text("relation"),
        .csvColumnHomeContainer: .text("home container"),
        .csvColumnHomeRelation: .text("home relation"),
        .csvColumnLentTo: .text("lent to"),
        .csvColumnLentSince: .text("lent since"),
        .csvColumnDue: .text("due"),
        .csvColumnLoanNote: .text("loan note"),
        .importAt: .text("{source}:{line}"),
        .importAtColumn: .text("{source}:{line}, column {number} ('{column}')"),
        .importUTF16: .text("the file is UTF-16; save it as CSV UTF-8 (in Excel: Save As, 'CSV UTF-8')"),
        .importInvalidUTF8: .text("the cell is not valid UTF-8; save the file as CSV UTF-8"),
        .importQuoteInCell: .text(
            "a quote inside a cell that does not start with one; put the cell in quotes and write the quote twice (\"\")"
        ),
        .importTextAfterQuote: .text(
            "text after the quote that closes the cell; a quote inside a quoted cell is written twice (\"\")"),
        .importUnclosedQuote: .text("the quote that opens this cell is never closed; close it with a quote"),
        .importLoneCarriageReturn: .text(
            "a carriage return without a line feed; save the file with CRLF or LF line ends"),
        .importRowTooLong: .text("a row longer than {limit} bytes; is a quote above never closed?"),
        .importEmptyFile: .text("the file is empty; its first line names the columns: {columns}"),
        .importUnknownColumn: .text("unknown column '{value}'; the columns are {columns}"),
        .importUnknownColumnSuggest: .text("unknown column '{value}'; did you mean '{suggestion}'?"),
        .importColumnTwice: .text("column '{value}' is named twice; name each column once"),
        .importNoIDOrNameColumn: .text(
            "the first line names neither an '{id}' nor a '{name}' column; name the columns there: {columns}"),
        .importCellWithoutColumn: .text("a cell under no column; name its column in the first line, or empty it"),
        .importNoIDOrName: .text("the row has neither an id nor a name; give one of them"),
        .importNameMissing: .text("'{id}' is new (the log has no such thing) and needs a name; fill in its name"),
        .importIDTwice: .text("id '{id}' is on line {first} too; give each thing one row"),
        .importRelationWithoutContainer: .text(
            "a relation without a container; name the thing it is relative to in the container column"),
        .importUnknownReference: .text(
            "no thing of the file or the log has the id or name '{value}'; give an id or a name from either"),
        .importUnknownReferenceSuggest: .text(
            "no thing has the id or name '{value}'; ids are case-sensitive: did you mean '{suggestion}'?"),
        .importAmbiguousName: .text("{count} things are named '{value}'; give the id of the one you mean"),
        .importArchived: .text(
            "'{id}' is archived; bring it back first with 'plings restore {id} --to TARGET', or leave the row out"),
        .importCircle: .plural(
            one: "this row and line {lines} place their things relative to each other in a circle ({axis}), "
                + "which no order of placements makes; change one of them",
            other: "this row and lines {lines} place their things relative to each other in a circle ({axis}), "
                + "which no order of placements makes; change one of them"),
        .importReferenceHasError: .text(
            "'{value}' is the thing of line {first}, which has an error; fix that row first"),
        .importBadDue: .text("'{value}' is not a day; write the due day as YYYY-MM-DD (2027-06-01)"),
        .importBadSince: .text(
            "'{value}' is not a time; write when the loan began as YYYY-MM-DD (2027-05-01) or as export writes it (2027-05-01T10:00:00.000Z)"
        ),
        .importLoanWithoutBorrower: .text(
            "a due day, loan note or lent-since without a borrower; fill in '{column}' (who has it), or empty this cell"
        ),
        .importLentButPlaced: .text(
            "a thing lent out is at World: leave '{container}' empty or write World, and give where it belongs in '{home}'"
        ),
        .importGenerated: .text("line {line}: id '{id}' made from the name '{name}'"),
        .importSummary: .text(
            "imported {rows} from '{source}': {created}, {changed}, {unchanged}, {rejected}; appended {events} in {batches}"
        ),
        .importDrySummary: .text(
            "would import {rows} from '{source}': {created}, {changed}, {unchanged}, {rejected}; "
                + "would append {events} in {batches}; nothing was written"),
        .importNothingWritten: .text(
            "nothing imported from '{source}': {errors}; fix them, or import the other rows with --on-error skip"),
        .importBatches: .text(
            "written in {batches} of up to {limit} events while the log stayed locked; each is whole or not at all, "
                + "and importing the same file again finishes an import that was cut short"),
        .importPartial: .text(
            "before that, {batches} ({events}, through seq {seq}) were written, each whole; "
                + "importing the same file again finishes the import"),
        .importProgress: .text("import: {phase} {done} of {total} commands ({percent}%)"),
        .importChecking: .text("checking"),
        .importWriting: .text("writing"),
        .exportOneFormat: .text("give --csv or --json, not both"),
        .fpWorld: .text("world"),
        .pointAsOfSeq: .text("As of #{seq} ({at})"),
        .diffFromPoint: .text("From: {point}"),
        .diffToPoint: .text("To: {point}"),
        .pointAsOfTime: .text("As of #{seq} ({at}), the last event by {instant}"),
        .pointAfterLastTime: .text("After the last event (#{seq}, {at}): nothing was recorded after it by {instant}"),
        .pointBeforeFirst: .text("Before the first event: nothing existed yet at {point}"),
        .pointInZone: .text("{instant} ({text} in {zone})"),
        .badTimeZone: .text(
            "TZ names no time zone this system knows ('{value}'); set it to a name such as Europe/Stockholm or UTC"),
        .countRows: .plural(one: "1 row", other: "{count} rows"),
        .countNewThings: .plural(one: "1 new thing", other: "{count} new things"),
        .countChanged: .plural(one: "1 changed", other: "{count} changed"),
        .countRowErrors: .plural(one: "1 row has an error", other: "{count} rows have errors"),
        .helpImport: .text(
            """
            OVERVIEW: Bring in a spreadsheet of things, saved as CSV: one row per thing.

            The first line names the columns, in English or Swedish, in any order:
            id, name, container, relation, home container, home relation, lent to,
            lent since, due, loan note (id, namn, behållare, relation,
            hembehållare, hemrelation, utlånad till, utlånad sedan, åter senast,
            lånenotering); id or name is enough. A row with 'lent to' (a thing's
            id or a name) lends the thing as 'plings lend' does, its one place
            being its home; the loan begins at the import ('lent since' is
            checked, not kept).
            A row about a new thing creates it; a row about a thing the log knows
            renames it when the name differs and places it as the row says. An
            empty id is made from the name (Köksbordet: koksbordet, the next one
            koksbordet-2) and listed. A container is an id, a name or World; an
            empty relation is 'in', and any relation 'plings place' takes will do.
            One place given counts for both axes; none leaves the thing where it
            is. Containers are placed before what is in or beside them, whatever
            the order of the rows. Importing the same file again changes nothing.

            Every row with an error is named with its line and column, and nothing
            is written unless every row is fine (or --on-error skip). Up to 100000
            commands are one batch, whole or not at all; more are written in
            batches of 100000 while the log stays locked (see docs/import-export.md).
            RFC 4180 CSV in UTF-8: a byte-order mark, CRLF or LF, and a semicolon
            or a tab as the separator when the first line has no comma, are fine.

            USAGE: plings import FILE [--dry-run] [--on-error stop|skip] [--json]

            ARGUMENTS:
              FILE                The spreadsheet as CSV; '-' reads stdin.

            OPTIONS:
              --dry-run           Check every row and say what each would do;
                                  write nothing.
              --on-error POLICY   stop (the default): write nothing when a row has
                                  an error; skip: import the other rows.
              --json              Print the summary as JSON.
            {globalOptions}

            """),
        .helpExport: .text(
            """
            OVERVIEW: Write the world as a spreadsheet (CSV) that 'plings import' reads back.

            One row per thing in the world (archived things are not in it), in the
            order they were made, with the columns id, name, container, relation,
            home container, home relation, lent to, lent since, due and loan note,
            headed in the language of the text.
            A container is the thing's id (or World); a relation is a token of
            'plings place'. Importing the file into an empty log makes the same
            world: 'plings fingerprint' shows the same world digest. RFC 4180:
            commas, CRLF line ends, quotes around the cells that need them.

            USAGE: plings export [--csv] [--at POINT] [--json]

            OPTIONS:
              --csv               Write CSV (the default).
              --at POINT          The world as of a seq, a time or a date.
              --json              The same rows as JSON, with the point they are as of.
            {globalOptions}

            """),
    ]
}

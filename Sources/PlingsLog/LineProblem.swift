import PlingsDomain

/// Why one line could not be read: a value with the members a sentence
/// needs; the reader adds file, line and offset (`LogError.damaged`), and
/// the catalog (PlingsText) words it in the reader's language.
public enum LineProblem: Error, Sendable, Hashable {
    /// The line is longer than `LineFormat.maxLineBytes` (its length).
    case tooLong(Int)
    /// The line starts with a byte order mark.
    case byteOrderMark
    /// The line ends with a carriage return.
    case carriageReturn
    /// The line holds a NUL byte.
    case nul
    /// The line is not valid UTF-8.
    case invalidUTF8
    /// The line is not one JSON object.
    case notAnObject
    /// The line has no `hash` member at its end.
    case missingHash
    /// The line is not in the canonical layout (what was wrong).
    case badJSON(JSONFault)
    /// The line is of a newer format version (the version): upgrade Plings.
    case newerVersion(Int64)
    /// The event type is not known at the line's version.
    case unknownType(String)
    /// A required member is missing (its name).
    case missingField(String)
    /// A member the type does not have (its name).
    case unexpectedField(String)
    /// A member's value is invalid (its name, what is wrong).
    case badField(String, FieldFault)
    /// The line's bytes do not hash to its `hash` member.
    case ownHash(seq: Int64)
}

/// How a line breaks the canonical JSON layout.
public enum JSONFault: Sendable, Hashable {
    /// Two members are not separated by `,`.
    case notSeparated
    /// A member's key is not a plain `"key":`.
    case keyNotPlain
    /// The member (its key) is out of the sorted key order.
    case outOfOrder(String)
    /// A string holds a raw control character.
    case rawControl
    /// A string holds an escape the log never writes.
    case escape
    /// A string is not closed.
    case unclosed
}

/// What is wrong with a member's value.
public enum FieldFault: Sendable, Hashable {
    /// The member appears twice.
    case appearsTwice
    /// `v` is lower than the line's members need (2 for a member or type of
    /// version 2 or a depth relation, 3 for a diagonal).
    case versionTooLowForMembers
    /// `v` is higher than the line needs (this build writes the lowest that carries it).
    case versionHigherThanNeeded
    /// `v` is less than 1.
    case badVersion
    /// `device`, `dseq` and `dat` come together or not at all.
    case originIncomplete
    /// The number is less than its least value (1 for `seq` and `dseq`, 2 for `batch`).
    case tooSmall(minimum: Int64)
    /// `undoes` does not name an earlier event.
    case undoesNotEarlier
    /// `clock` is not behind `at` by more than a minute (it is kept only when the clock was behind the log).
    case clockNotBehind
    /// The string is empty.
    case empty
    /// The value is not a whole number in plain form.
    case notWholeNumber
    /// The value is not a time in the form YYYY-MM-DDTHH:MM:SS.mmmZ.
    case notTime
    /// The value is not 64 lowercase hex digits.
    case notHash
    /// The value is not `["current"]`, `["normal"]` or `["current","normal"]`.
    case notAxes
    /// The value is not a string.
    case notString
    /// The value is not a relation token (the token).
    case notRelation(String)
    /// The value is not a valid id (nil: it holds an escape).
    case notID(IDProblem?)
    /// The value is not a valid command id.
    case notCommandID(IDProblem)
    /// The value is not a valid actor or device name.
    case notActor(TextProblem)
    /// The line opens a batch inside another batch.
    case nestedBatch
    /// A `refused` line's `code` is not an error code this build knows (the code).
    case notCode(String)
    /// A `refused` line's `command` is not a command kind a device pushes (the token).
    case notCommandKind(String)
    /// The text breaks the rule for text a terminal shows (a control character, say).
    case notText(TextProblem)
}

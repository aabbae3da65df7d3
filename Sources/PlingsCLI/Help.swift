import PlingsText

/// Help texts: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, from the catalog.
enum Help {
    /// The catalog key of each subcommand's help.
    static let keys: [String: MessageKey] = [
        "create": .helpCreate, "rename": .helpRename, "place": .helpPlace, "card": .helpCard, "tree": .helpTree,
        "history": .helpHistory, "log": .helpLog, "away": .helpAway, "diff": .helpDiff, "rebuild": .helpRebuild,
        "fingerprint": .helpFingerprint, "apply": .helpApply, "import": .helpImport, "export": .helpExport,
        "verify": .helpVerify, "head": .helpHead, "repair": .helpRepair,
        "help": .helpHelp, "completion": .helpCompletion, "return": .helpReturn, "undo": .helpUndo, "redo": .helpRedo,
        "seen": .helpSeen, "stocktake": .helpStocktake, "find": .helpFind, "archive": .helpArchive,
        "restore": .helpRestore, "clone": .helpClone, "sync": .helpSync,
        "pending": .helpPending, "serve": .helpServe, "labels": .helpLabels, "picture": .helpPicture,
        "lend": .helpLend, "loans": .helpLoans,
    ]

    /// The overview (`command` nil) or one subcommand's help, in the catalog's language.
    static func text(_ command: String?, _ text: Catalog) -> String {
        let key = command.flatMap { keys[$0] } ?? .helpOverview
        return text(key, ["globalOptions": text(.helpGlobalOptions)])
    }
}

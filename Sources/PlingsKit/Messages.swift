import PlingsText

// What an app shows a person: each error and note as one sentence in the
// language asked for, worded by the catalog (PlingsText), the same words the
// command line and the web pages use.

extension StoreError {
    /// A one-line message for a person: what was wrong, where, and what to do.
    public func message(_ language: Language = .en) -> String { Catalog(language).message(self) }
}

extension DomainError {
    /// A one-line message that says what was wrong and what to do.
    public func message(_ language: Language = .en) -> String { Catalog(language).message(self) }
}

extension LogError {
    /// A one-line message that says what is wrong, where, and what to do.
    public func message(_ language: Language = .en) -> String { Catalog(language).message(self) }
}

extension LineProblem {
    /// What is wrong with the line, in a few words.
    public func message(_ language: Language = .en) -> String { Catalog(language).message(self) }
}

extension DecisionNote {
    /// One line for a person.
    public func message(_ language: Language = .en) -> String { Catalog(language).message(self) }
}

extension Relation {
    /// The label shown to a person, e.g. `UNDER`/`under`, `HÖGER OM`/`right of`.
    public func label(_ language: Language) -> String { Catalog(language).label(self) }

    /// The label in sentence case, as a detail card shows it: "Under", "Höger om".
    public func sentenceLabel(_ language: Language) -> String { Catalog(language).sentenceLabel(self) }
}

extension Catalog {
    /// A store error as one sentence.
    package func message(_ error: StoreError) -> String {
        switch error {
        case .domain(let error): return message(error)
        case .log(let error): return message(error)
        }
    }
}

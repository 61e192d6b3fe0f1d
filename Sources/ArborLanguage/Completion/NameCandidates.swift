import ArborCore

/// What may be typed where an expression, a statement or an argument starts.
enum NameCandidates {
    static func recordTypes(_ environment: Environment) -> [Completion] {
        environment.typeNames.allTypeNames.map { type in
            Completion(type, kind: .recordType, detail: environment.typeNames.table(forType: type))
        }
    }

    /// The `let` bindings, or only those `included` accepts.
    static func bindings(_ environment: Environment, where included: (Value) -> Bool = { _ in true }) -> [Completion] {
        environment.bindings.filter { included($0.value) }.keys.sorted().map { name in
            Completion(name, kind: .binding, detail: environment.binding(name)?.kindName)
        }
    }

    /// GRDB's functions and initializers, from the registry.
    static func functionCandidates() -> [Completion] {
        GRDBAPI.completions(offeredOn: .global).map { Completion($0.name, kind: .function, detail: $0.detail) }
    }

    static func keywords(_ words: [String]) -> [Completion] {
        words.map { Completion($0, kind: .keyword) }
    }

    static func labels(_ labels: [String]) -> [Completion] {
        labels.map { Completion($0 + ":", kind: .label) }
    }

    /// At the start of a statement.
    static func statementStart(_ environment: Environment) -> [Completion] {
        recordTypes(environment) + bindings(environment) + functionCandidates() + keywords(["let", "extension"])
    }

    /// Where any expression may start (`filter(`, `let x = `, after an operator).
    static func expression(_ environment: Environment) -> [Completion] {
        bindings(environment) + recordTypes(environment) + functionCandidates() + keywords(["true", "false", "nil"])
    }

    /// Where an association is expected (`including(all:`): those of `table`
    /// first (only to-many ones for `including(all:)`), then bindings to
    /// associations, then record types (`Author.books`).
    static func association(of table: String?, toManyOnly: Bool, _ environment: Environment) -> [Completion] {
        let associations =
            table.map { MemberCandidates.associations(of: $0, environment: environment, toManyOnly: toManyOnly) } ?? []
        let bindings = bindings(environment) { value in
            guard case .association(let association) = value else { return false }
            return association.isToMany || !toManyOnly
        }
        return associations + bindings + recordTypes(environment)
    }

    /// Where an association aggregate or an expression is expected (`having(`,
    /// `annotated(with:`): the to-many associations of `table` (aggregates
    /// start with them: `books.count`), then any expression.
    static func aggregate(of table: String?, _ environment: Environment) -> [Completion] {
        let associations =
            table.map { MemberCandidates.associations(of: $0, environment: environment, toManyOnly: true) } ?? []
        return associations + expression(environment)
    }

    /// The labels a call accepts for its argument number `index`, when the argument has none yet.
    static func argumentLabels(of call: String, isMember: Bool, index: Int) -> [String] {
        switch (call, isMember, index) {
        case ("including", true, 0): ["all", "required", "optional"]
        case ("joining", true, 0): ["required", "optional"]
        case ("annotated", true, 0): ["with", "withRequired", "withOptional"]
        case ("filter", true, 0): ["key", "keys", "id", "ids", "sql"]
        case ("order", true, 0), ("select", true, 0): ["sql"]
        case ("filter", true, 1), ("order", true, 1), ("select", true, 1): ["arguments"]
        case ("limit", true, 1): ["offset"]
        case ("like", true, 1): ["escape"]
        case ("asRequest", true, 0): ["of"]
        case ("belongsTo", _, 1...), ("hasOne", _, 1...), ("hasMany", _, 1...): ["key", "using", "through"]
        case ("TableAlias", false, 0): ["name"]
        case ("ForeignKey", false, 1): ["to"]
        case ("cast", false, 1): ["as"]
        case ("count", false, 0): ["distinct"]
        case ("SQL", false, 0): ["sql"]
        case ("SQL", false, 1): ["arguments"]
        default: []
        }
    }

    /// Methods whose first argument must be labelled: only labels are offered before it.
    static let labelledOnly: Set<String> = ["including", "joining", "annotated"]

    /// `.nocase` in `collating(`, `.integer` in `cast(_:as:)`.
    static func implicitMembers(for call: String, index: Int) -> [Completion] {
        switch (call, index) {
        case ("collating", 0):
            return keywords(["nocase", "rtrim", "binary"]) + keywords(Evaluator.swiftCollations.keys.sorted())
        case ("cast", 1):
            return keywords(["integer", "real", "text", "blob"])
        default:
            return []
        }
    }

    /// `:commands` of the line mode and the terminal.
    static let commands = CommandTable.entries.map(\.name)
}

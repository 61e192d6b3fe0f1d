import ArborCore

extension Evaluator {
    /// A statement that uses a record type whose `databaseTableName` names no table of the
    /// database (`Ghost.all()`, `hasMany(Ghost.self)` reached by a request) fails as the app
    /// would, with why (the load only noted it): SQLite has no such table. Nil for any other
    /// type, and for a member GRDB's `TableRecord` does not offer (the compiler refuses those).
    func missingTableError(_ path: String, member name: String, at range: SourceRange?) -> ArborError? {
        guard let missing = environment.types[canonicalTypePath(path)]?.missingTable,
            name == "self" || GRDBAPI.names(offeredOn: .table).contains(name)
        else { return nil }
        return ArborError(missing.message, at: range, suggestion: missing.suggestion)
    }
}

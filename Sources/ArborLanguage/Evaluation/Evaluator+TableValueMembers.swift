import ArborCore

/// The members of a `Table` value: `Table("author")` is GRDB's `Table<Row>`, a value of GRDB's
/// struct, not the record type `Author`. An association or another static of the record type
/// (`Author.books`) is no member of it, typed or not (`Table<Author>("author").books`), and
/// the compiler refuses it; GRDB's own members of `Table` are calls (`all()`, `filter(…)`).
extension Evaluator {
    /// `Table("author").name`: refused in the compiler's words, with the record type's member
    /// when there is one. Nil when `base` is no `Table` value.
    func tableValueMember(_ name: String, of base: Value, nameRange: SourceRange) throws -> Value? {
        guard case .table(let table, _, let form) = base, let swiftType = form.swiftTypeName else { return nil }
        // A table without a record type (`Table("lineItem")` beside `line_item`) has no other
        // name at the prompt: its associations are named on it, as `:associations` shows them.
        if form == .tableOfRows, environment.typeNames.type(forTable: table) == nil { return nil }
        if name == "self" { return base }
        if GRDBAPI.isRequestMethod(name) {
            throw ArborError("`\(name)` is a method: call it, as in `\(name)(…)`", at: nameRange)
        }
        let message = "value of type '\(swiftType)' has no member '\(name)'"
        let recordType: String? =
            if case .tableValue(let decoder) = form, decoder != "Row" {
                decoder
            } else {
                environment.typeNames.type(forTable: table)
            }
        guard let recordType else { return nil }
        // The record type's association or static (`Author.books`): what the text meant.
        guard (try? member(name, of: .table(table, type: recordType), range: nameRange, nameRange: nameRange)) != nil
        else { throw ArborError(message, at: nameRange) }
        throw ArborError(
            message, at: nameRange,
            suggestion: "`\(name)` is a static member of the record type: write `\(recordType).\(name)`")
    }
}

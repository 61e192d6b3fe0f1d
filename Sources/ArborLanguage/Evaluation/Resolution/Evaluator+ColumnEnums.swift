import ArborCore

/// The cases of an app's `enum Columns: String, ColumnExpression`: columns where GRDB takes
/// them, and `String`s by `rawValue` (`[Columns.noteId.rawValue: id]`, a key dictionary).
extension Evaluator {
    /// `Record.Columns.noteId.rawValue` (given its base `Record.Columns.noteId`): the case's
    /// raw value, or nil when the base is no case of a column enum.
    func columnCaseRawValue(_ base: Expr) throws -> Value? {
        guard case .member(let typeExpr, let caseName, _) = base.kind, Self.dottedTypeName(typeExpr) != nil,
            case .namespace(let path)? = try? evaluate(typeExpr),
            let raw = environment.types[canonicalTypePath(path)]?.columnRawValues?[caseName]
        else { return nil }
        return .expression(.value(raw))
    }
}

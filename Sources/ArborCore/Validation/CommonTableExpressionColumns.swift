/// GRDB can not list the columns of a common table expression (T24: it stops the process
/// at `SQLGenerationContext.swift:193`, and at `:169` when it counts them):
/// `.allColumns(excluding:)` on a request or association that reads one must be refused.
extension Validator {
    func checkExcludedColumns(ofCommonTable name: String, in operations: [RequestOperation]) throws {
        for operation in operations {
            switch operation {
            case .select(let selection), .databaseSelection(_, let selection), .annotated(let selection):
                if selection.contains(where: { if case .allColumnsExcluding = $0 { true } else { false } }) {
                    throw fail(
                        "GRDB can not list the columns of the common table expression `\(name)`: `.allColumns(excluding:)` can not select from it",
                        suggestion: "select its columns by name, as in `select(Column(\"…\"))`")
                }
            default:
                break
            }
        }
    }
}

import ArborCore
import ArborLanguage

extension SwiftCode {
    /// `--format swift` for raw SQL and values: `SQLRequest<Row>(literal: SQL(sql: …))`
    /// fetched as the record, `Row` or value type; nil for the other requests.
    static func generateTypedFetch(_ plan: RequestPlan, environment: Environment) -> String? {
        guard plan.rawSQL != nil || plan.valueType != nil else { return nil }
        let printer = SwiftPrinter(environment: environment)
        let request =
            plan.rawSQL.map { "SQLRequest<Row>(literal: \(SwiftLiterals.sql($0, printer: printer)))" }
            ?? printer.request(plan)
        // `Optional<String>`: `String?.fetchAll` reads as optional chaining.
        let type =
            plan.valueType.map { $0.isOptional ? "Optional<\($0.name)>" : $0.name }
            ?? (plan.table.isEmpty ? "Row" : printer.type(plan.table))
        var tables = Set(printer.tables)
        if plan.valueType == nil, !plan.table.isEmpty { tables.insert(plan.table) }
        var lines = ["import Foundation", "import GRDB", ""]
        for table in tables.sorted() {
            lines += [record(table, printer: printer, environment: environment), ""]
        }
        lines.append("let request = \(request)")
        let method = plan.isDeduplicated ? "fetchSet" : "fetchAll"
        lines.append("let values = try dbQueue.read { db in try \(type).\(method)(db, request) }")
        return lines.joined(separator: "\n")
    }
}

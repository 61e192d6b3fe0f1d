import ArborCore
import ArborLanguage
import GRDB

/// What GRDB's `find(_:key:)` throws when no row has the key: its own
/// `RecordError.recordNotFound`, described as GRDB describes it.
enum RecordNotFound {
    static func error(_ plan: RequestPlan, schema: SchemaGraph, at range: SourceRange) -> ArborError {
        var key: [String: DatabaseValue] = [:]
        for operation in plan.operations {
            switch operation {
            case .filterKeys(let values):
                if let column = schema.table(named: plan.table)?.primaryKey.first, let value = values.first {
                    key = [column: value.databaseValue]
                }
            case .filterKeyDictionaries(let dictionaries):
                key = (dictionaries.first ?? [:]).mapValues(\.databaseValue)
            default:
                break
            }
        }
        return ArborError(RecordError.recordNotFound(databaseTableName: plan.table, key: key).description, at: range)
    }
}

extension Session {
    /// The row of a `fetchOne`/`find` result fetched later (streamed output, the
    /// interactive view); `find` with no row throws as GRDB's `find` does.
    public func singleRow(of result: RequestResult, valueLimit: Int?) throws -> RequestResult {
        var fetched = try request(result.checked, range: nil, single: true, fetch: true, valueLimit: valueLimit)
        fetched.requiresRow = result.requiresRow
        if result.requiresRow, fetched.rows.isEmpty {
            throw RecordNotFound.error(result.plan, schema: environment.schema, at: SourceRange(0, 0))
        }
        return fetched
    }
}

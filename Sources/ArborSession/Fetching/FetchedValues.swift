import ArborCore
import Foundation
import GRDB

/// `String.fetchAll(db, request)` and its kin, run with GRDB itself for the type
/// named: GRDB converts each value (and fails on a NULL for a non-optional type, or
/// on a value it can not convert) exactly as it does in the app. The values are
/// given back as database values, as GRDB would store them, to be shown.
struct FetchedValues {
    let db: Database
    let request: AnyFetchRequest<Row>
    let single: Bool
    /// `fetchSet`: each value once, the first of equal ones, in the order fetched.
    let unique: Bool

    /// The values of `type`; nil when arbor does not know the type (the evaluator only gives known ones).
    func fetch(_ type: FetchedValueType) throws -> [DatabaseValue]? {
        switch type.name {
        case "String": return try fetch(String.self, optional: type.isOptional)
        case "Int": return try fetch(Int.self, optional: type.isOptional)
        case "Int8": return try fetch(Int8.self, optional: type.isOptional)
        case "Int16": return try fetch(Int16.self, optional: type.isOptional)
        case "Int32": return try fetch(Int32.self, optional: type.isOptional)
        case "Int64": return try fetch(Int64.self, optional: type.isOptional)
        case "UInt": return try fetch(UInt.self, optional: type.isOptional)
        case "UInt8": return try fetch(UInt8.self, optional: type.isOptional)
        case "UInt16": return try fetch(UInt16.self, optional: type.isOptional)
        case "UInt32": return try fetch(UInt32.self, optional: type.isOptional)
        case "UInt64": return try fetch(UInt64.self, optional: type.isOptional)
        case "Double": return try fetch(Double.self, optional: type.isOptional)
        case "Float": return try fetch(Float.self, optional: type.isOptional)
        case "Bool": return try fetch(Bool.self, optional: type.isOptional)
        case "Data": return try fetch(Data.self, optional: type.isOptional)
        case "Date":
            try refuseDateTextsWithNul()
            return try fetch(Date.self, optional: type.isOptional)
        case "UUID": return try fetch(UUID.self, optional: type.isOptional)
        case "Decimal": return try fetch(Decimal.self, optional: type.isOptional)
        case "DatabaseValue": return try values(DatabaseValue.self)
        default: return nil
        }
    }

    /// GRDB's date parser asserts that a text read from a statement holds no NUL
    /// character, which stops a debug build (arbor's too): such a value is refused first.
    private func refuseDateTextsWithNul() throws {
        // Through the prepared statement: GRDB's value fetches run no prefetch, and a row
        // cursor of a request that prefetches would stop the program.
        let prepared = try request.makePreparedRequest(db, forSingleResult: single)
        let cursor = try Row.fetchCursor(prepared.statement, adapter: prepared.adapter)
        var index = 0
        while let row = try cursor.next(), row.count > 0 {
            index += 1
            let value: DatabaseValue = row[0]
            guard case .string = value.storage else { continue }
            if try row.withUnsafeData(atIndex: 0, { $0?.contains(0) == true }) {
                throw ArborError(
                    "row \(index) holds a date text with a NUL character: GRDB's date parser stops on it (an assertion in debug builds)",
                    suggestion: "fetch it as `String`, or remove the NUL from the data (`replace(column, char(0), '')`)"
                )
            }
            if single { return }
        }
    }

    private func fetch<T: DatabaseValueConvertible & StatementColumnConvertible & Hashable>(
        _ type: T.Type, optional: Bool
    ) throws -> [DatabaseValue] {
        optional ? try values(T?.self) : try values(T.self)
    }

    /// GRDB's `T.fetchOne`/`fetchAll` for a type it reads straight from the statement.
    private func values<T: DatabaseValueConvertible & StatementColumnConvertible & Hashable>(_: T.Type) throws
        -> [DatabaseValue]
    {
        // `fetchOne` gives nil for no row and, with a non-optional type, for NULL: no value either way.
        if single { return try T.fetchOne(db, request).map { [$0.databaseValue] } ?? [] }
        return deduplicated(try T.fetchAll(db, request)).map(\.databaseValue)
    }

    /// GRDB's `DatabaseValue.fetchOne`/`fetchAll`: NULL is a value.
    private func values(_: DatabaseValue.Type) throws -> [DatabaseValue] {
        if single { return try DatabaseValue.fetchOne(db, request).map { [$0] } ?? [] }
        return deduplicated(try DatabaseValue.fetchAll(db, request))
    }

    /// As a `Set` built from the values keeps them: the first of equal ones, by the type's own equality.
    private func deduplicated<T: Hashable>(_ values: [T]) -> [T] {
        guard unique else { return values }
        var seen = Set<T>()
        return values.filter { seen.insert($0).inserted }
    }
}

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
        case "String": try fetch(String.self, optional: type.isOptional)
        case "Int": try fetch(Int.self, optional: type.isOptional)
        case "Int8": try fetch(Int8.self, optional: type.isOptional)
        case "Int16": try fetch(Int16.self, optional: type.isOptional)
        case "Int32": try fetch(Int32.self, optional: type.isOptional)
        case "Int64": try fetch(Int64.self, optional: type.isOptional)
        case "UInt": try fetch(UInt.self, optional: type.isOptional)
        case "UInt8": try fetch(UInt8.self, optional: type.isOptional)
        case "UInt16": try fetch(UInt16.self, optional: type.isOptional)
        case "UInt32": try fetch(UInt32.self, optional: type.isOptional)
        case "UInt64": try fetch(UInt64.self, optional: type.isOptional)
        case "Double": try fetch(Double.self, optional: type.isOptional)
        case "Float": try fetch(Float.self, optional: type.isOptional)
        case "Bool": try fetch(Bool.self, optional: type.isOptional)
        case "Data": try fetch(Data.self, optional: type.isOptional)
        case "Date": try fetch(Date.self, optional: type.isOptional)
        case "UUID": try fetch(UUID.self, optional: type.isOptional)
        case "Decimal": try fetch(Decimal.self, optional: type.isOptional)
        case "DatabaseValue": try values(DatabaseValue.self)
        default: nil
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

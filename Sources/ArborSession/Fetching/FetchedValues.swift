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

    /// The same fetch without deduplication: to reach GRDB's verdict (every value
    /// converted), with no set to hold, as `fetchSet` converts every value before it sets them.
    var checking: FetchedValues { FetchedValues(db: db, request: request, single: single, unique: false) }

    /// The values of `type`; nil when arbor does not know the type (the evaluator only gives known ones).
    func fetch(_ type: FetchedValueType) throws -> [DatabaseValue]? {
        var values: [DatabaseValue] = []
        guard try forEach(type, { values.append($0) }) else { return nil }
        return values
    }

    /// Converts every value with GRDB and gives each to `body` as it comes, holding
    /// none (but the set of those seen, for `fetchSet`); false when arbor does not know the type.
    /// GRDB's verdict comes as it comes: a value it can not convert throws where it
    /// is, after the values before it were given.
    func forEach(_ type: FetchedValueType, _ body: (DatabaseValue) throws -> Void) throws -> Bool {
        let optional = type.isOptional
        switch type.name {
        case "String": try each(String.self, optional: optional, body)
        case "Int": try each(Int.self, optional: optional, body)
        case "Int8": try each(Int8.self, optional: optional, body)
        case "Int16": try each(Int16.self, optional: optional, body)
        case "Int32": try each(Int32.self, optional: optional, body)
        case "Int64": try each(Int64.self, optional: optional, body)
        case "UInt": try each(UInt.self, optional: optional, body)
        case "UInt8": try each(UInt8.self, optional: optional, body)
        case "UInt16": try each(UInt16.self, optional: optional, body)
        case "UInt32": try each(UInt32.self, optional: optional, body)
        case "UInt64": try each(UInt64.self, optional: optional, body)
        case "Double": try each(Double.self, optional: optional, body)
        case "Float": try each(Float.self, optional: optional, body)
        case "Bool": try each(Bool.self, optional: optional, body)
        case "Data": try each(Data.self, optional: optional, body)
        case "Date":
            try refuseDateTextsWithNul()
            try each(Date.self, optional: optional, body)
        case "UUID": try each(UUID.self, optional: optional, body)
        case "Decimal": try each(Decimal.self, optional: optional, body)
        case "DatabaseValue": try values(DatabaseValue.self, body)
        default: return false
        }
        return true
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

    private func each<T: DatabaseValueConvertible & StatementColumnConvertible & Hashable>(
        _ type: T.Type, optional: Bool, _ body: (DatabaseValue) throws -> Void
    ) throws {
        optional ? try values(T?.self, body) : try values(T.self, body)
    }

    /// GRDB's `T.fetchOne`/`fetchCursor` (which `fetchAll` and `fetchSet` collect) for a
    /// type it reads straight from the statement.
    private func values<T: DatabaseValueConvertible & StatementColumnConvertible & Hashable>(
        _: T.Type, _ body: (DatabaseValue) throws -> Void
    ) throws {
        // `fetchOne` gives nil for no row and, with a non-optional type, for NULL: no value either way.
        if single {
            if let value = try T.fetchOne(db, request) { try body(value.databaseValue) }
            return
        }
        var seen = Set<T>()
        let cursor = try T.fetchCursor(db, request)
        while let value = try cursor.next() {
            // As a `Set` built from the values keeps them: the first of equal ones, by the type's own equality.
            if unique, !seen.insert(value).inserted { continue }
            try body(value.databaseValue)
        }
    }

    /// GRDB's `DatabaseValue.fetchOne`/`fetchCursor`: NULL is a value.
    private func values(_: DatabaseValue.Type, _ body: (DatabaseValue) throws -> Void) throws {
        if single {
            if let value = try DatabaseValue.fetchOne(db, request) { try body(value) }
            return
        }
        var seen = Set<DatabaseValue>()
        let cursor = try DatabaseValue.fetchCursor(db, request)
        while let value = try cursor.next() {
            if unique, !seen.insert(value).inserted { continue }
            try body(value)
        }
    }
}

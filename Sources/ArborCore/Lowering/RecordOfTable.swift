import Foundation
import GRDB

/// The record type of one table, for GRDB's `record.request(for: association)`,
/// which needs a `TableRecord & EncodableRecord` type.
///
/// GRDB reads the static `databaseTableName` lazily, when the request makes its
/// SQL (in `filterWhenConnected`, on the database's thread, at each fetch or
/// count). So the name can not come from state set while the request is built:
/// each table gets a number, once for the life of the process, and the number
/// is spelled in the type (`RecordOfTable<Twice<TwicePlusOne<Zero>>>`), so that
/// the static name is right whenever and wherever GRDB reads it.
struct RecordOfTable<Number: TypeLevelNumber>: TableRecord, EncodableRecord {
    static var databaseTableName: String { TableNumbers.shared.name(Number.value) }

    /// The columns and values `encode(to:)` writes.
    var values: [(column: String, value: DatabaseValue)]

    func encode(to container: inout PersistenceContainer) {
        for (column, value) in values { container[column] = value }
    }
}

/// Table name ↔ number, append-only: a number once given always names the same
/// table, so a request built earlier reads the right name later.
final class TableNumbers: @unchecked Sendable {
    static let shared = TableNumbers()

    private let lock = NSLock()
    private var names: [String] = []
    private var numbers: [String: Int] = [:]

    func number(_ name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let number = numbers[name] { return number }
        names.append(name)
        numbers[name] = names.count - 1
        return names.count - 1
    }

    func name(_ number: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        // Numbers only come from `number(_:)`: the fallback names no table, so that a
        // lookup GRDB made with it would fail with "no such table", never trap.
        return names.indices.contains(number) ? names[number] : ""
    }
}

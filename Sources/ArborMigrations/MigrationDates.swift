import Foundation
import GRDB

/// `Date(timeIntervalSince1970: 0)` and `Date(timeIntervalSinceReferenceDate:)` in a
/// migration (a column's default, an inserted row): the text GRDB stores for that date,
/// made by GRDB's own `databaseValue`. `Date()` is the time the migration runs, which a
/// schema read from the code does not have: it stays a note.
enum MigrationDates {
    static func value(_ arguments: [LabeledValue]) -> MigrationValue? {
        guard arguments.count == 1, let seconds = seconds(arguments[0].value) else { return nil }
        let date: Date
        switch arguments[0].label {
        case "timeIntervalSince1970": date = Date(timeIntervalSince1970: seconds)
        case "timeIntervalSinceReferenceDate": date = Date(timeIntervalSinceReferenceDate: seconds)
        default: return nil
        }
        guard case .string(let text) = date.databaseValue.storage else { return nil }
        return .literal(.text(text))
    }

    private static func seconds(_ value: MigrationValue) -> Double? {
        switch value {
        case .literal(.integer(let i)): Double(i)
        case .literal(.real(let d)) where d.isFinite: d
        default: nil
        }
    }
}

import Foundation
import GRDB
import SwiftSyntax

/// `Date(timeIntervalSince1970: 0)` and `Date(timeIntervalSinceReferenceDate:)` in a
/// migration (a column's default, an inserted row): the text GRDB stores for that date,
/// made by GRDB's own `databaseValue`. `Date()` is the time the migration runs, which a
/// schema read from the code does not have: it stays a note.
enum MigrationDates {
    /// 0001-01-01 and 10000-01-01 (UTC), in seconds since 1970: GRDB writes `yyyy-MM-dd …`, and
    /// outside these years its text is empty or not a date SQLite reads.
    static let storable = -62_135_596_800.0..<253_402_300_800.0

    /// Nil when the call is no date arbor knows; throws for a date GRDB can not store as text
    /// (an infinite or NaN interval, a year outside 1…9999).
    static func value(_ arguments: [LabeledValue], node: some SyntaxProtocol) throws -> MigrationValue? {
        guard arguments.count == 1, let seconds = seconds(arguments[0].value) else { return nil }
        let since1970: Double
        let date: Date
        switch arguments[0].label {
        case "timeIntervalSince1970":
            since1970 = seconds
            date = Date(timeIntervalSince1970: seconds)
        case "timeIntervalSinceReferenceDate":
            since1970 = seconds + Date.timeIntervalBetween1970AndReferenceDate
            date = Date(timeIntervalSinceReferenceDate: seconds)
        default: return nil
        }
        guard storable.contains(since1970) else {
            throw EvaluationFailure(
                node: Syntax(node),
                message:
                    "arbor stores dates of the years 1 to 9999 only: GRDB's text for this one (`yyyy-MM-dd HH:mm:ss.SSS`) is not a date SQLite reads"
            )
        }
        guard case .string(let text) = date.databaseValue.storage else { return nil }
        return .literal(.text(text))
    }

    /// The interval: a literal, or `.infinity`, `.nan` and `.greatestFiniteMagnitude` (to be refused).
    private static func seconds(_ value: MigrationValue) -> Double? {
        switch value {
        case .literal(.integer(let i)): Double(i)
        case .literal(.real(let d)): d
        case .member("infinity", []): .infinity
        case .member("nan", []), .member("signalingNaN", []): .nan
        case .member("greatestFiniteMagnitude", []): .greatestFiniteMagnitude
        default: nil
        }
    }
}

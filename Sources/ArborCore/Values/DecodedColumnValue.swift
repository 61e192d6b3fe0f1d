import Foundation
import GRDB

/// A column's stored value as GRDB decodes it into a record's property of a standard Swift
/// type (`Bool`, `Double`, `Date`, `UUID`), by GRDB's own `fromDatabaseValue`: what app code
/// reads of a fetched record (`try Player.fetchAll(db).map(\.isActive)`).
public enum DecodedColumnValue {
    /// The Swift value GRDB decodes `value` into for a property of type `swiftType`
    /// (unwrapped): nil when the type is none of these, or GRDB can not decode the value
    /// into it (the app's `row[…]` would trap; arbor keeps the stored value).
    public static func decoded(_ value: SQLValue, as swiftType: String) -> Decoded? {
        let stored = value.databaseValue
        switch swiftType {
        case "Bool": return Bool.fromDatabaseValue(stored).map { .value(.bool($0)) }
        case "Double", "Float", "CGFloat": return Double.fromDatabaseValue(stored).map { .value(.real($0)) }
        case "String": return String.fromDatabaseValue(stored).map { .value(.text($0)) }
        case "Date": return Date.fromDatabaseValue(stored).map(Decoded.date)
        case "UUID": return UUID.fromDatabaseValue(stored).map(Decoded.uuid)
        default:
            guard SwiftIntegerType.named(swiftType) != nil else { return nil }
            return Int64.fromDatabaseValue(stored).map { .value(.integer($0)) }
        }
    }

    /// A decoded value: one SQL has a literal for, or a `Date` or `UUID`.
    public enum Decoded: Equatable, Sendable {
        case value(SQLValue)
        case date(Date)
        case uuid(UUID)
    }
}

import ArborCore
import Foundation

/// A Swift value of app code that SQL has no literal for. It keeps its Swift type
/// until GRDB takes it, and becomes SQL there by GRDB's own conversion.
public enum SwiftValue: Sendable, Hashable {
    /// `Date()`, `Date(timeIntervalSince1970:)`…
    case date(Date)
    /// `UUID(uuidString: "…")!`, `UUID()`: stored by GRDB as its 16 bytes.
    case uuid(UUID)
    /// `Calendar.current`, for `date(byAdding:value:to:)` and `startOfDay(for:)`.
    case calendar
    /// What a closure without a value returns (`{ _ in }`): Swift's `()`.
    case void

    public var typeName: String {
        switch self {
        case .date: "Date"
        case .uuid: "UUID"
        case .calendar: "Calendar"
        case .void: "()"
        }
    }

    /// What GRDB stores for the value (its `databaseValue`); nil where GRDB takes none.
    public var databaseValue: SQLValue? {
        switch self {
        case .date(let date): .text(Self.storageDateFormatter.string(from: date))
        case .uuid(let uuid): .blob(withUnsafeBytes(of: uuid.uuid) { Data($0) })
        case .calendar, .void: nil
        }
    }

    /// GRDB's storage format of dates: `yyyy-MM-dd HH:mm:ss.SSS` in UTC (GRDB's
    /// `Date.databaseValue`; a test compares the two).
    static let storageDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        return formatter
    }()
}

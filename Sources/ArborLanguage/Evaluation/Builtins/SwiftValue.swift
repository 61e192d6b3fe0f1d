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
    /// `Calendar.current.dateComponents([.year, .month], from: date)`.
    case dateComponents(DateComponents)
    /// GRDB's `DatabaseDateComponents(components, format: .YMD_HMSS)`: stored as GRDB formats it.
    case databaseDateComponents(DateComponents, format: String)
    /// What a closure without a value returns (`{ _ in }`): Swift's `()`.
    case void
    /// A case of the app's enum (`Book.Kind.novel`), with its type: its raw value is
    /// what GRDB stores; a case without one is never SQL.
    case enumCase(EnumCaseValue)

    public var typeName: String {
        switch self {
        case .date: "Date"
        case .uuid: "UUID"
        case .calendar: "Calendar"
        case .dateComponents: "DateComponents"
        case .databaseDateComponents: "DatabaseDateComponents"
        case .void: "()"
        case .enumCase(let value): value.type
        }
    }

    /// What GRDB stores for the value (its `databaseValue`); nil where GRDB takes none.
    public var databaseValue: SQLValue? {
        switch self {
        case .date(let date): .text(Self.storageDateFormatter.string(from: date))
        case .uuid(let uuid): .blob(withUnsafeBytes(of: uuid.uuid) { Data($0) })
        case .calendar, .void, .dateComponents: nil
        case .databaseDateComponents(let components, let format):
            StoredDateComponents.databaseValue(components, format: format)
        case .enumCase(let value): value.rawValue
        }
    }

    /// The value Swift compares: a case's raw value, or its name when it has none.
    public var comparableValue: SQLValue? {
        if case .enumCase(let value) = self { return value.rawValue ?? .text(value.name) }
        return databaseValue
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

/// `Book.Kind.novel`: the enum's full path, the case and its raw value (nil for an enum without raw values).
public struct EnumCaseValue: Sendable, Hashable {
    public var type: String
    public var name: String
    public var rawValue: SQLValue?

    public init(type: String, name: String, rawValue: SQLValue?) {
        self.type = type
        self.name = name
        self.rawValue = rawValue
    }
}

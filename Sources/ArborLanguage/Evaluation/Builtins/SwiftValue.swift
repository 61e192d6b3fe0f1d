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

/// `Book.Kind.novel`: the enum's full path, the case and its raw value (nil for an enum without
/// raw values); `Filter.tag("swift")`: a case with its associated values.
public struct EnumCaseValue: Sendable, Hashable {
    public var type: String
    public var name: String
    public var rawValue: SQLValue?
    /// The associated values, in the case's order, each with its label; empty for a case without.
    public var associatedValues: [AssociatedCaseValue] = []

    public init(type: String, name: String, rawValue: SQLValue?, associatedValues: [AssociatedCaseValue] = []) {
        self.type = type
        self.name = name
        self.rawValue = rawValue
        self.associatedValues = associatedValues
    }
}

/// One associated value of a case (`"swift"` in `.tag("swift")`), a value of any kind. Two are
/// equal as Swift's synthesized `==` compares them where the value is known now (a string, a
/// number, a case); other values (a request) are equal when their kinds are.
public struct AssociatedCaseValue: Sendable, Hashable {
    public var label: String?
    public var value: Value

    public init(label: String?, value: Value) {
        self.label = label
        self.value = value
    }

    public static func == (a: Self, b: Self) -> Bool {
        guard a.label == b.label else { return false }
        if case .swift(.enumCase(let x)) = a.value, case .swift(.enumCase(let y)) = b.value { return x == y }
        if let x = a.value.knownValue, let y = b.value.knownValue { return x == y }
        return a.value.knownValue == nil && b.value.knownValue == nil && a.value.kindName == b.value.kindName
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(label)
        hasher.combine(value.knownValue)
    }
}

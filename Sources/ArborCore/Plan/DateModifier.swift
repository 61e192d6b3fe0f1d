/// GRDB's `SQLDateModifier`, which `julianDay(_:_:)` and `dateTime(_:_:)` take: its SQL
/// text is GRDB's (`'3 days'`, `'start of year'`), and lowering gives GRDB its own case back.
public enum DateModifier: Hashable, Sendable {
    case second(Double)
    case minute(Int)
    case hour(Int)
    case day(Int)
    case month(Int)
    case year(Int)
    case startOfDay, startOfMonth, startOfYear
    case weekday(Int)
    case unixEpoch, localTime, utc

    /// The cases without a value, by Swift name.
    public static let plain: [String: DateModifier] = [
        "startOfDay": .startOfDay, "startOfMonth": .startOfMonth, "startOfYear": .startOfYear,
        "unixEpoch": .unixEpoch, "localTime": .localTime, "utc": .utc,
    ]

    /// The cases with an integer, by Swift name (`second` takes a Double).
    public static let counted: [String: @Sendable (Int) -> DateModifier] = [
        "minute": DateModifier.minute, "hour": DateModifier.hour, "day": DateModifier.day,
        "month": DateModifier.month, "year": DateModifier.year, "weekday": DateModifier.weekday,
    ]

    /// The text GRDB binds (`SQLDateModifier.rawValue`).
    public var sqlText: String {
        switch self {
        case .day(let v): "\(v) days"
        case .hour(let v): "\(v) hours"
        case .minute(let v): "\(v) minutes"
        case .second(let v): "\(v) seconds"
        case .month(let v): "\(v) months"
        case .year(let v): "\(v) years"
        case .startOfMonth: "start of month"
        case .startOfYear: "start of year"
        case .startOfDay: "start of day"
        case .weekday(let v): "weekday \(v)"
        case .unixEpoch: "unixepoch"
        case .localTime: "localtime"
        case .utc: "utc"
        }
    }

    /// How Swift writes it: `.startOfYear`, `.day(3)`.
    public var swiftText: String {
        switch self {
        case .day(let v): ".day(\(v))"
        case .hour(let v): ".hour(\(v))"
        case .minute(let v): ".minute(\(v))"
        case .second(let v): ".second(\(v))"
        case .month(let v): ".month(\(v))"
        case .year(let v): ".year(\(v))"
        case .startOfMonth: ".startOfMonth"
        case .startOfYear: ".startOfYear"
        case .startOfDay: ".startOfDay"
        case .weekday(let v): ".weekday(\(v))"
        case .unixEpoch: ".unixEpoch"
        case .localTime: ".localTime"
        case .utc: ".utc"
        }
    }

    /// The modifier whose `sqlText` this is (the text a plan holds).
    public init?(sqlText: String) {
        if let found = (Self.plain.values.first { $0.sqlText == sqlText }) {
            self = found
            return
        }
        let words = sqlText.split(separator: " ")
        guard words.count == 2 else { return nil }
        if words[0] == "weekday", let v = Int(words[1]) {
            self = .weekday(v)
            return
        }
        if words[1] == "seconds", let v = Double(words[0]) {
            self = .second(v)
            return
        }
        guard let v = Int(words[0]) else { return nil }
        switch words[1] {
        case "days": self = .day(v)
        case "hours": self = .hour(v)
        case "minutes": self = .minute(v)
        case "months": self = .month(v)
        case "years": self = .year(v)
        default: return nil
        }
    }
}

import GRDB

/// `julianDay(_:_:)` and `dateTime(_:_:)` with GRDB's own functions and modifiers.
enum DateFunctionLowering {
    static func lower(_ function: SQLFunction, _ value: SQLExpression, modifiers: [SQLExpr]) throws
        -> SQLExpression
    {
        let grdbModifiers = try modifiers.map { modifier -> SQLDateModifier in
            guard case .value(.text(let text)) = modifier, let parsed = DateModifier(sqlText: text) else {
                throw ArborError("`\(function.rawValue)` takes GRDB's date modifiers, as in `.startOfYear`")
            }
            return grdb(parsed)
        }
        return try apply(function, value, grdbModifiers)
    }

    /// GRDB's functions are variadic: Swift passes a fixed number of modifiers.
    private static func apply(_ function: SQLFunction, _ v: SQLExpression, _ m: [SQLDateModifier]) throws
        -> SQLExpression
    {
        let isJulian = function == .julianDay
        switch m.count {
        case 0: return isJulian ? julianDay(v) : dateTime(v)
        case 1: return isJulian ? julianDay(v, m[0]) : dateTime(v, m[0])
        case 2: return isJulian ? julianDay(v, m[0], m[1]) : dateTime(v, m[0], m[1])
        case 3: return isJulian ? julianDay(v, m[0], m[1], m[2]) : dateTime(v, m[0], m[1], m[2])
        case 4: return isJulian ? julianDay(v, m[0], m[1], m[2], m[3]) : dateTime(v, m[0], m[1], m[2], m[3])
        case 5:
            return isJulian ? julianDay(v, m[0], m[1], m[2], m[3], m[4]) : dateTime(v, m[0], m[1], m[2], m[3], m[4])
        default: throw ArborError("arbor passes up to five date modifiers to `\(function.rawValue)`")
        }
    }

    private static func grdb(_ modifier: DateModifier) -> SQLDateModifier {
        switch modifier {
        case .second(let v): .second(v)
        case .minute(let v): .minute(v)
        case .hour(let v): .hour(v)
        case .day(let v): .day(v)
        case .month(let v): .month(v)
        case .year(let v): .year(v)
        case .startOfDay: .startOfDay
        case .startOfMonth: .startOfMonth
        case .startOfYear: .startOfYear
        case .weekday(let v): .weekday(v)
        case .unixEpoch: .unixEpoch
        case .localTime: .localTime
        case .utc: .utc
        }
    }
}

import ArborCore
import Foundation

/// `Date` and `Calendar`, as app code computes the dates its requests compare with.
/// A date becomes SQL only where GRDB takes it, in GRDB's storage format.
enum DateBuiltins {
    static let all: [SwiftBuiltin] = [
        SwiftBuiltin(.type("Date"), "init", labels: []) { _ in .swift(.date(Date())) },
        SwiftBuiltin(.type("Date"), "init", labels: ["timeIntervalSince1970"]) { call in
            .swift(.date(Date(timeIntervalSince1970: try seconds(call, 0))))
        },
        SwiftBuiltin(.type("Date"), "init", labels: ["timeIntervalSinceNow"]) { call in
            .swift(.date(Date(timeIntervalSinceNow: try seconds(call, 0))))
        },
        SwiftBuiltin(.type("Date"), "init", labels: ["timeIntervalSinceReferenceDate"]) { call in
            .swift(.date(Date(timeIntervalSinceReferenceDate: try seconds(call, 0))))
        },
        SwiftBuiltin(.type("Date"), "init", labels: ["timeInterval", "since"]) { call in
            .swift(.date(Date(timeInterval: try seconds(call, 0), since: try date(call, 1))))
        },
        SwiftBuiltin(.type("Date"), "now") { _ in .swift(.date(Date())) },
        SwiftBuiltin(.type("Date"), "distantPast") { _ in .swift(.date(.distantPast)) },
        SwiftBuiltin(.type("Date"), "distantFuture") { _ in .swift(.date(.distantFuture)) },
        SwiftBuiltin(.date, "addingTimeInterval", labels: [nil]) { call in
            .swift(.date(receiver(call).addingTimeInterval(try seconds(call, 0))))
        },
        SwiftBuiltin(.date, "timeIntervalSince1970") { call in
            .expression(.value(.real(receiver(call).timeIntervalSince1970)))
        },
        SwiftBuiltin(.date, "timeIntervalSinceNow") { call in
            .expression(.value(.real(receiver(call).timeIntervalSinceNow)))
        },
        SwiftBuiltin(.date, "timeIntervalSince", labels: [nil]) { call in
            .expression(.value(.real(receiver(call).timeIntervalSince(try date(call, 0)))))
        },
        SwiftBuiltin(.type("Calendar"), "current") { _ in .swift(.calendar) },
        SwiftBuiltin(.calendar, "startOfDay", labels: ["for"]) { call in
            .swift(.date(Calendar.current.startOfDay(for: try date(call, 0))))
        },
        // Foundation's components of a date in the calendar's time zone (the current one).
        SwiftBuiltin(.calendar, "dateComponents", labels: [nil, "from"]) { call in
            let units = try componentSet(call.evaluator.evaluate(call.arguments[0].value), call.arguments[0].value)
            return .swift(.dateComponents(Calendar.current.dateComponents(units, from: try date(call, 1))))
        },
        SwiftBuiltin(.calendar, "date", labels: ["byAdding", "value", "to"]) { call in
            guard case .implicitMember(let unit) = try call.evaluator.evaluate(call.arguments[0].value),
                let component = components[unit]
            else {
                throw ArborError(
                    "a calendar component arbor knows: "
                        + components.keys.sorted().map { ".\($0)" }.joined(separator: ", "),
                    at: call.arguments[0].value.range)
            }
            let value = try call.evaluator.integer(call.arguments[1].value)
            return Calendar.current.date(byAdding: component, value: value, to: try date(call, 2)).map {
                .swift(.date($0))
            } ?? .expression(.value(.null))
        },
    ]

    static let components: [String: Calendar.Component] = [
        "second": .second, "minute": .minute, "hour": .hour, "day": .day, "weekOfYear": .weekOfYear, "month": .month,
        "year": .year,
    ]

    /// `[.year, .month, .day]`: a set of calendar components.
    static func componentSet(_ value: Value, _ argument: Expr) throws -> Set<Calendar.Component> {
        let elements: [Value]
        switch value {
        case .array(let values): elements = values
        case .implicitMember: elements = [value]
        default: elements = []
        }
        var units: Set<Calendar.Component> = []
        for element in elements {
            guard case .implicitMember(let name) = element, let unit = setComponents[name] else {
                throw ArborError(
                    "expected a set of calendar components: "
                        + setComponents.keys.sorted().map { ".\($0)" }.joined(separator: ", "),
                    at: argument.range)
            }
            units.insert(unit)
        }
        return units
    }

    static let setComponents: [String: Calendar.Component] = components.merging([
        "era": .era, "weekday": .weekday, "weekdayOrdinal": .weekdayOrdinal, "quarter": .quarter,
        "weekOfMonth": .weekOfMonth, "yearForWeekOfYear": .yearForWeekOfYear, "nanosecond": .nanosecond,
        "calendar": .calendar, "timeZone": .timeZone,
    ]) { a, _ in a }

    static func receiver(_ call: SwiftBuiltin.Call) -> Date {
        if case .swift(.date(let date)) = call.receiver { return date }
        return Date(timeIntervalSince1970: 0)
    }

    /// A `TimeInterval` argument: an integer or a real known now.
    static func seconds(_ call: SwiftBuiltin.Call, _ index: Int) throws -> Double {
        let argument = call.arguments[index].value
        switch try call.evaluator.evaluate(argument) {
        case .expression(.value(.integer(let i))): return Double(i)
        case .expression(.value(.real(let d))): return d
        case let other:
            throw ArborError(
                "cannot convert value of type '\(other.swiftTypeName)' to expected argument type 'TimeInterval'",
                at: argument.range)
        }
    }

    static func date(_ call: SwiftBuiltin.Call, _ index: Int) throws -> Date {
        let argument = call.arguments[index].value
        let value = try call.evaluator.evaluate(argument)
        guard case .swift(.date(let date)) = value else {
            throw ArborError(
                "cannot convert value of type '\(value.swiftTypeName)' to expected argument type 'Date'",
                at: argument.range)
        }
        return date
    }
}

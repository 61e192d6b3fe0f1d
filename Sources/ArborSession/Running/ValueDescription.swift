import ArborCore
import ArborLanguage
import Foundation

/// How a value that is not a request reads when a statement evaluates to it.
enum ValueDescription {
    /// Escaped for the terminal: names come from the database.
    static func describe(_ value: Value, environment: Environment) -> String {
        TerminalText.escaped(text(value, environment: environment))
    }

    private static func text(_ value: Value, environment: Environment) -> String {
        switch value {
        case .association(let a):
            let destination = environment.displayName(ofTable: a.destination)
            var text =
                "\(a.base.kind.rawValue) \(environment.displayName(ofTable: a.origin)) → \(destination), key \"\(a.isToMany ? a.key.plural : a.key.singular)\""
            if case .direct(_, _, _, _, let fk?) = a.base {
                text += ", using ForeignKey(\(fk.originColumns)\(fk.destinationColumns.map { ", to: \($0)" } ?? ""))"
            }
            if case .through(_, _, let pivot, let target, _) = a.base {
                text += ", through \(pivot.displayName) using \(target.displayName)"
            }
            return text
        case .expression(.aggregate(let aggregate)):
            return "association aggregate" + (aggregate.defaultName.map { " \"\($0)\"" } ?? "")
        case .expression(.value(let v)):
            return v.description
        case .record(let record):
            // Every property, in declaration order, as Swift's `dump` would list them.
            let properties = environment.schema.table(named: record.table).map(RecordProperty.of) ?? []
            let fields = properties.map { "\($0.column): \(record.value(of: $0.column))" }
            return environment.displayName(ofTable: record.table) + "(" + fields.joined(separator: ", ") + ")"
        case .absentRecord:
            return "nil"
        case .implicitMember(let name):
            // A case of an app enum without raw values, as Swift prints it.
            return "." + name
        case .composite(let type, let fields):
            return type + "("
                + fields.map { "\($0.name): " + describe($0.value, environment: environment) }
                .joined(separator: ", ") + ")"
        case .expression(let e):
            return e.containsAggregate ? "association aggregate expression" : "SQL expression"
        case .array(let elements) where elements.allSatisfy(isDescribed):
            // Values known now and records (`try Player.fetchAll(db).filter { … }`), as Swift prints an array.
            return "[" + elements.map { text($0, environment: environment) }.joined(separator: ", ") + "]"
        case .dictionary(let dictionary) where (dictionary.keys + dictionary.values).allSatisfy(isDescribed):
            // `Dictionary(grouping:by:)`, as Swift prints a dictionary (its order: the entries').
            if dictionary.count == 0 { return "[:]" }
            return "["
                + dictionary.entries.map {
                    text($0.key, environment: environment) + ": " + text($0.value, environment: environment)
                }.joined(separator: ", ") + "]"
        case .swift(.date(let date)):
            // As GRDB stores it: what a request compares with.
            return SwiftValue.date(date).databaseValue?.description ?? "\(date)"
        case .swift(.uuid(let uuid)):
            return uuid.uuidString
        case .swift(.void):
            return "()"
        case .swift(.enumCase(let value)):
            // As Swift prints a case.
            return "." + value.name
        default:
            return value.kindName
        }
    }

    /// Whether `text` writes the value itself (not what kind of value it is).
    private static func isDescribed(_ value: Value) -> Bool {
        switch value {
        case .record, .absentRecord, .composite, .swift(.date), .swift(.uuid), .swift(.enumCase): true
        case .array(let elements): elements.allSatisfy(isDescribed)
        default: value.knownValue != nil
        }
    }
}

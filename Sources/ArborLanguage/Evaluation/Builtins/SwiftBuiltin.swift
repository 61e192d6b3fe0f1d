import ArborCore

/// One member of Swift's standard library or Foundation that app code uses, with
/// Swift's semantics: `ids.compactMap { $0 }`, `Date(timeIntervalSince1970:)`,
/// `SortOrder.reverse`. The table (`SwiftBuiltins.all`) is the one place they live:
/// adding one is adding an entry.
struct SwiftBuiltin: Sendable {
    /// What the member is called on.
    enum Receiver: Hashable, Sendable {
        /// `[1, 2]`, a parameter typed `[Int64?]`.
        case array
        /// `["id": 1]`, a key dictionary an app's helper returns.
        case dictionary
        /// A `Date` value.
        case date
        /// A `UUID` value.
        case uuid
        /// `Calendar.current`.
        case calendar
        /// A string, number or Bool known now (not a column).
        case string, number, bool
        /// Swift's `nil` (an optional without a value), a fetched record that found no row too.
        case none
        /// A record (`try Player.fetchOne(db, id: 1)`, an optional the fetch filled).
        case record
        /// The type itself, for its initializers and static members: `Date(…)`, `SortOrder.reverse`.
        case type(String)
    }

    /// Arguments, receiver and where the call is, given to `run`.
    struct Call {
        let evaluator: Evaluator
        let receiver: Value
        let arguments: [Argument]
        let range: SourceRange
    }

    let receiver: Receiver
    let name: String
    /// The argument labels of a method, initializer or subscript (`nil` for `_`); nil for a property.
    let labels: [String?]?
    /// The value, or nil when Swift's meaning does not apply here and GRDB's does (an
    /// array's `contains` of a column is SQL's `IN`, left to the request methods).
    let run: @Sendable (Call) throws -> Value?

    init(
        _ receiver: Receiver, _ name: String, labels: [String?]? = nil, run: @escaping @Sendable (Call) throws -> Value?
    ) {
        self.receiver = receiver
        self.name = name
        self.labels = labels
        self.run = run
    }
}

enum SwiftBuiltins {
    /// Every builtin, by receiver, name and labels.
    static let all: [SwiftBuiltin] =
        ArrayBuiltins.all + DictionaryBuiltins.all + DateBuiltins.all + ValueBuiltins.all + TypeBuiltins.all
        + StringFormatBuiltins.all

    private static let index: [String: [SwiftBuiltin]] = Dictionary(grouping: all) { key($0.receiver, $0.name) }

    private static func key(_ receiver: SwiftBuiltin.Receiver, _ name: String) -> String { "\(receiver).\(name)" }

    /// The builtin `name` of `receiver` taking `labels` (nil: the property).
    static func find(_ receiver: SwiftBuiltin.Receiver, _ name: String, labels: [String?]?) -> SwiftBuiltin? {
        index[key(receiver, name)]?.first { $0.labels == labels }
    }

    /// Types whose members are builtins, unless the app declares a type of the same name.
    static let typeNames: Set<String> = Set(
        all.compactMap { builtin in
            if case .type(let name) = builtin.receiver { return name }
            return nil
        })
}

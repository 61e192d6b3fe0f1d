import ArborCore

/// `extension Book { … }`, `struct Book: TableRecord { … }`, `enum Columns { … }`,
/// `extension DerivableRequest<Book> { … }`: a type body as an app writes it.
public struct TypeDeclaration: Hashable, Sendable {
    public enum Keyword: String, Hashable, Sendable { case `extension`, `struct`, `class`, `enum`, `actor` }

    public var keyword: Keyword
    /// The extended or declared type, e.g. `Book` (for `extension Book: TableRecord`), `Author.Columns`.
    public var name: String
    public var nameRange: SourceRange
    /// The generic arguments written after the name: `Book` in `extension DerivableRequest<Book>`.
    public var genericArguments: [String] = []
    /// The inherited types and conformances, as written: `String`, `CodingKey`, `ColumnExpression`.
    public var inheritance: [String] = []
    /// `where RowDecoder == Book`: the same-type requirements, left and right.
    public var sameTypeRequirements: [SameTypeRequirement] = []
    /// `where Self: OrderedRequest`: the conformance requirements, the type left and the
    /// protocol right.
    public var conformanceRequirements: [SameTypeRequirement] = []
    /// The members arbor reads, in source order; other members are dropped.
    public var members: [Member]
    public var range: SourceRange

    public init(
        keyword: Keyword, name: String, nameRange: SourceRange, members: [Member], range: SourceRange
    ) {
        self.keyword = keyword
        self.name = name
        self.nameRange = nameRange
        self.members = members
        self.range = range
    }

    public struct SameTypeRequirement: Hashable, Sendable {
        public var left: String
        public var right: String
        public init(left: String, right: String) {
            self.left = left
            self.right = right
        }
    }

    public indirect enum Member: Hashable, Sendable {
        /// `static let name = value`, `static var name: String { "x" }`, `var books: … { … }`.
        case property(PropertyDeclaration)
        /// `func orderedByName() -> Self { … }`, `static func named(_ name: String) -> …`.
        case function(FunctionDeclaration)
        case nested(TypeDeclaration)
        /// `typealias Columns = CodingKeys`.
        case typeAlias(name: String, nameRange: SourceRange, target: String, range: SourceRange)
        /// `case id, name`, `case isApproved = "is_approved"`.
        case enumCase(EnumCase)
        /// A member that looks like GRDB code but could not be read: kept so that loading says so.
        /// `mentionsGRDB`: its text names GRDB API (`belongsTo`, `Column`, `filter`…).
        case unreadable(name: String, isStatic: Bool, mentionsGRDB: Bool, reason: String, range: SourceRange)

        public var name: String {
            switch self {
            case .property(let p): p.name
            case .function(let f): f.name
            case .nested(let t): t.name
            case .typeAlias(let name, _, _, _): name
            case .enumCase(let c): c.name
            case .unreadable(let name, _, _, _, _): name
            }
        }
    }
}

/// A stored or computed property of a type body.
public struct PropertyDeclaration: Hashable, Sendable {
    public var isStatic: Bool
    public var name: String
    public var nameRange: SourceRange
    /// The type annotation as written, without spaces (`String`, `QueryInterfaceRequest<Book>`).
    public var type: String?
    public var value: PropertyValue?
    public var range: SourceRange

    public init(
        isStatic: Bool, name: String, nameRange: SourceRange, type: String?, value: PropertyValue?, range: SourceRange
    ) {
        self.isStatic = isStatic
        self.name = name
        self.nameRange = nameRange
        self.type = type
        self.value = value
        self.range = range
    }

    /// A computed property (`var recent: … { … }`), not a stored one.
    public var isComputed: Bool {
        if case .getter? = value { return true }
        return false
    }

    public enum PropertyValue: Hashable, Sendable {
        /// `= expression`.
        case initializer(Expr)
        /// `{ … }` or `{ get { … } }`.
        case getter([BodyStatement])
    }
}

/// `func name(label name: Type = default) -> Result { body }`.
public struct FunctionDeclaration: Hashable, Sendable {
    public var isStatic: Bool
    public var name: String
    public var nameRange: SourceRange
    public var parameters: [Parameter]
    public var returnType: String?
    public var body: [BodyStatement]
    public var range: SourceRange
    /// What each generic parameter conforms to: `T: DerivableRequest` in
    /// `static func addingIncludes<T: DerivableRequest>(_ r: T) -> T`.
    public var genericConstraints: [String: String] = [:]

    public init(
        isStatic: Bool, name: String, nameRange: SourceRange, parameters: [Parameter], returnType: String?,
        body: [BodyStatement], range: SourceRange
    ) {
        self.isStatic = isStatic
        self.name = name
        self.nameRange = nameRange
        self.parameters = parameters
        self.returnType = returnType
        self.body = body
        self.range = range
    }

    /// `name(label:other:)`, as Swift names a function.
    public var signature: String {
        "\(name)(" + parameters.map { "\($0.label ?? "_"):" }.joined() + ")"
    }

    public struct Parameter: Hashable, Sendable {
        /// The argument label; nil for `_`.
        public var label: String?
        /// The name the body uses.
        public var name: String
        /// As written, without spaces: `String?`, `[Int64]`, `Book.Kind`.
        public var type: String {
            didSet { typeValue = SwiftType(parsing: type) }
        }
        /// The type, parsed once.
        public private(set) var typeValue: SwiftType
        public var defaultValue: Expr?
        public var range: SourceRange

        public init(label: String?, name: String, type: String, defaultValue: Expr?, range: SourceRange) {
            self.label = label
            self.name = name
            self.type = type
            self.typeValue = SwiftType(parsing: type)
            self.defaultValue = defaultValue
            self.range = range
        }
    }
}

/// `case name` or `case name = rawValue` of an enum.
public struct EnumCase: Hashable, Sendable {
    public var name: String
    public var nameRange: SourceRange
    public var rawValue: Expr?
    /// `case tag(String)`, `case range(from: Int, to: Int)`: its associated values; nil for a
    /// case without them.
    public var associatedValues: [AssociatedValue]?

    public init(name: String, nameRange: SourceRange, rawValue: Expr?, associatedValues: [AssociatedValue]? = nil) {
        self.name = name
        self.nameRange = nameRange
        self.rawValue = rawValue
        self.associatedValues = associatedValues
    }

    /// One associated value of a case: its label (nil when unlabelled) and type as written.
    public struct AssociatedValue: Hashable, Sendable {
        public var label: String?
        public var type: String

        public init(label: String?, type: String) {
            self.label = label
            self.type = type
        }
    }
}

/// `.tag(let name)`, `let .range(low, high)`, `Filter.tag("x")`, `.tag(_)` in a `case` or an
/// `if case`: an enum case whose associated values are bound to names, ignored or compared.
public struct CasePattern: Hashable, Sendable {
    /// `Filter` in `Filter.tag(let name)`; nil for `.tag(let name)`.
    public var type: Expr?
    public var caseName: String
    public var nameRange: SourceRange
    /// The associated values' patterns; nil for `.tag` written without parentheses (any values).
    public var elements: [Element]?
    public var range: SourceRange

    public init(type: Expr?, caseName: String, nameRange: SourceRange, elements: [Element]?, range: SourceRange) {
        self.type = type
        self.caseName = caseName
        self.nameRange = nameRange
        self.elements = elements
        self.range = range
    }

    public struct Element: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// `let name`: the value is bound to `name` in the case's body.
            case binding(String)
            /// `_`: any value.
            case wildcard
            /// An expression the value must equal.
            case value(Expr)
        }

        public var label: String?
        public var kind: Kind
        public var range: SourceRange

        public init(label: String?, kind: Kind, range: SourceRange) {
            self.label = label
            self.kind = kind
            self.range = range
        }
    }
}

/// A statement of a function body, a getter or a closure: the small part of
/// Swift that request methods use to choose and build a request.
public indirect enum BodyStatement: Hashable, Sendable {
    case expression(Expr)
    /// `let name = value`, `var name: Type = value`, `var name: Type` (assigned later).
    case binding(
        name: String, nameRange: SourceRange, type: String?, value: Expr?, isVariable: Bool, range: SourceRange)
    /// `name = value`.
    case assignment(name: String, nameRange: SourceRange, value: Expr, range: SourceRange)
    /// `return value`, `return`.
    case returnValue(Expr?, range: SourceRange)
    /// `guard conditions else { … }`.
    case guardElse(conditions: [Condition], elseBody: [BodyStatement], range: SourceRange)
    /// `if … { … } else if … { … } else { … }`.
    case ifElse(branches: [ConditionalBranch], elseBody: [BodyStatement]?, range: SourceRange)
    /// `switch subject { case .a, .b: … default: … }`.
    case switchValue(subject: Expr, cases: [SwitchCase], range: SourceRange)
    /// `container["authorId"] = authorId` in a record's `encode(to:)`.
    case subscriptAssignment(target: Expr, value: Expr, range: SourceRange)
    /// `throw error`: the method stops with the error, which reaches the statement that called it.
    case throwError(Expr, range: SourceRange)
    /// `for player in try Player.fetchAll(db) where … { … }`: the body once for each element
    /// (`name` nil for `_`).
    case forIn(name: String?, sequence: Expr, condition: Expr?, body: [BodyStatement], range: SourceRange)
    /// A statement arbor does not interpret (`for`, `while`, `do`…): an error when reached.
    case unsupported(what: String, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .expression(let e): e.range
        case .binding(_, _, _, _, _, let range), .assignment(_, _, _, let range), .returnValue(_, let range),
            .guardElse(_, _, let range), .ifElse(_, _, let range), .switchValue(_, _, let range),
            .subscriptAssignment(_, _, let range), .throwError(_, let range), .forIn(_, _, _, _, let range),
            .unsupported(_, let range):
            range
        }
    }

    public struct ConditionalBranch: Hashable, Sendable {
        public var conditions: [Condition]
        public var body: [BodyStatement]
        public init(conditions: [Condition], body: [BodyStatement]) {
            self.conditions = conditions
            self.body = body
        }
    }

    public enum Condition: Hashable, Sendable {
        case boolean(Expr)
        /// `let name = value`, or `let name` (Swift 5.7 shorthand: `value` is nil).
        case optionalBinding(name: String, nameRange: SourceRange, value: Expr?)
        /// `case .tag(let name) = filter`: holds when the value is that case, binding its values.
        case casePattern(CasePattern, value: Expr)
    }

    public struct SwitchCase: Hashable, Sendable {
        /// The patterns of `case a, b:` that are values; empty for `default:`.
        public var patterns: [Expr]
        /// The patterns that bind or compare a case's associated values (`.tag(let name)`).
        public var casePatterns: [CasePattern] = []
        public var body: [BodyStatement]
        public init(patterns: [Expr], casePatterns: [CasePattern] = [], body: [BodyStatement]) {
            self.patterns = patterns
            self.casePatterns = casePatterns
            self.body = body
        }

        /// `default:`.
        public var isDefault: Bool { patterns.isEmpty && casePatterns.isEmpty }
    }
}

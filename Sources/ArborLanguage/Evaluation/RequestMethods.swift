import ArborCore
import Foundation

/// A request method of the app: a function or computed property in an
/// extension of `DerivableRequest` or `QueryInterfaceRequest`, or a static one
/// of a record type. Called by evaluating its body, with its parameters bound.
public struct RequestMethod: Sendable {
    public enum Receiver: String, Sendable {
        /// `extension DerivableRequest<Book>`: requests and associations.
        case derivable
        /// `extension QueryInterfaceRequest<Book>`: requests only.
        case queryInterface
        /// `extension Book { static func … }`: the record type.
        case typeStatic
        /// `extension Author { var books: QueryInterfaceRequest<Book> { request(for: Author.books) } }`:
        /// a record value (`author.books`).
        case recordInstance
        /// `struct BooksRequest { var minYear: Int; func fetch(_ db: Database) throws -> [Book] { … } }`:
        /// a value of a plain struct of the app, such as a GRDBQuery request (`typePath` is the struct).
        case value
    }

    /// Where a method is declared: its unit and the offset of its declaration, one per method.
    struct Place: Hashable {
        var origin: Int
        var offset: Int
    }

    var place: Place { Place(origin: origin, offset: function.range.lowerBound) }

    public var receiver: Receiver
    /// The table the extension is constrained to (`RowDecoder == Book`); nil for any.
    public var table: String?
    /// The record type of a static method, or the type the method was declared in.
    public var typePath: String?
    public var function: FunctionDeclaration
    /// A computed property (`var orderedByName: Self { … }`), used without a call.
    public var isProperty: Bool
    /// The source unit it was read from.
    public var origin: Int
    /// The type aliases of the extension it was declared in (`private typealias Cols =
    /// Book.Columns`), which its body names.
    public var typeAliases: [String: String]
    /// The GRDB protocols `Self` conforms to in the extension's methods: the one extended
    /// (`DerivableRequest`, `FilteredRequest`, `QueryInterfaceRequest`) and those a `where
    /// Self: OrderedRequest` adds. Empty for the other receivers.
    public var selfProtocols: Set<String> = []

    public init(
        receiver: Receiver, table: String?, typePath: String?, function: FunctionDeclaration, isProperty: Bool,
        origin: Int, typeAliases: [String: String] = [:]
    ) {
        self.receiver = receiver
        self.table = table
        self.typePath = typePath
        self.function = function
        self.isProperty = isProperty
        self.origin = origin
        self.typeAliases = typeAliases
    }
}

/// The request methods of a session, by name.
public struct RequestMethods: Sendable {
    private var byName: [String: [RequestMethod]] = [:]

    public init() {}

    public mutating func add(_ method: RequestMethod) {
        byName[method.function.name, default: []].append(method)
    }

    public func named(_ name: String) -> [RequestMethod] { byName[name] ?? [] }

    public var all: [RequestMethod] { byName.keys.sorted().flatMap { byName[$0] ?? [] } }

    public var count: Int { byName.values.reduce(0) { $0 + $1.count } }

    public var isEmpty: Bool { byName.isEmpty }
}

extension Evaluator {
    /// The app's method `name` that applies to `receiver` with these argument labels, if any.
    /// Throws when the name exists but GRDB would not offer it on this receiver.
    func appMethod(
        _ name: String, on receiver: Value, labels: @autoclosure () -> [String?]?, arguments: [Argument]? = nil,
        nameRange: SourceRange
    ) throws -> RequestMethod? {
        let candidates = environment.requestMethods.named(name)
        guard !candidates.isEmpty else { return nil }
        // Made once a method has the name: most calls are GRDB's, and none has.
        let labels = labels()
        let table: String
        let kind: String
        switch receiver {
        case .table(let t, _, _): (table, kind) = (t, "table")
        case .request(let p): (table, kind) = (p.table, "request")
        case .association(let a): (table, kind) = (a.destination, "association")
        case .record(let r): (table, kind) = (r.table, "record")
        default: return nil
        }
        let applicable = candidates.filter { method in
            // A record's instance members are for records only, and records have only those.
            guard (method.receiver == .recordInstance) == (kind == "record") else { return false }
            guard method.isProperty == (labels == nil) else { return false }
            guard let labels, !method.isProperty else { return true }
            return Self.matches(labels, method.function.parameters)
        }
        let offeredHere = applicable.filter { method in
            if method.receiver == .typeStatic || method.receiver == .recordInstance {
                return method.table.map { $0.sqlFolded == table.sqlFolded } ?? false
            }
            return method.table.map { $0.sqlFolded == table.sqlFolded } ?? true
        }
        // Swift prefers the extension constrained to this record type (`DerivableRequest<Series>`)
        // over one for any (`where RowDecoder: Archivable`) that declares the same method.
        let sameTable = offeredHere.filter { $0.table != nil } + offeredHere.filter { $0.table == nil }
        let callable = sameTable.filter { offered($0.receiver, on: kind) }
        // Overloads with the same labels (`matching(tagId: Int64)`, `matching(tagId: [Int64])`):
        // Swift picks by type, so the one whose parameters fit the arguments written.
        if callable.count > 1, let arguments,
            let fitting = callable.first(where: { argumentsFit(arguments, $0.function.parameters) })
        {
            return fitting
        }
        // The app's `filter(_ status: ChapterStatus)` does not hide GRDB's `filter(_:)` for an
        // expression: Swift picks the one whose parameter types fit.
        let isGRDBName = GRDBAPI.isRequestMethod(name)
        if isGRDBName, let arguments, !callable.isEmpty,
            !callable.contains(where: { argumentsFit(arguments, $0.function.parameters) })
        {
            return nil
        }
        if let method = callable.first { return method }
        // GRDB's own method of that name is offered here (`MangaChapter.filter(…)`).
        if isGRDBName { return nil }
        guard let method = sameTable.first else { return nil }
        let display = environment.displayName(ofTable: table)
        switch (method.receiver, kind) {
        case (.derivable, "table"), (.queryInterface, "table"):
            throw ArborError(
                "`\(method.function.name)` is a method of requests: call it on `\(display).all()`, as in `\(display).all().\(name)(…)`",
                at: nameRange)
        case (.queryInterface, _):
            throw ArborError(
                "`\(method.function.name)` is declared on `QueryInterfaceRequest`: associations do not have it",
                at: nameRange)
        default:
            throw ArborError(
                "`\(method.function.name)` is a static method of `\(method.typePath ?? display)`: call it on the type",
                at: nameRange)
        }
    }

    private func offered(_ receiver: RequestMethod.Receiver, on kind: String) -> Bool {
        switch receiver {
        case .derivable: kind == "request" || kind == "association"
        case .queryInterface: kind == "request"
        case .typeStatic: kind == "table"
        case .recordInstance: kind == "record"
        case .value: false
        }
    }

    /// Whether call labels fit parameters as Swift matches them: in order, a
    /// parameter with a default value may be left out.
    /// Whether each argument written as an array literal goes to an array (or set)
    /// parameter, and each other literal to a parameter that is none: how Swift tells
    /// overloads with the same labels apart, as far as the text shows it.
    static func fits(_ arguments: [Argument], _ parameters: [FunctionDeclaration.Parameter]) -> Bool {
        var index = 0
        for parameter in parameters {
            guard index < arguments.count, arguments[index].label == parameter.label else { continue }
            let type = parameter.typeValue.unwrapped.swiftName
            let isCollection = parameter.typeValue.element != nil
            switch arguments[index].value.kind {
            case .array: if !isCollection { return false }
            case .dictionary:
                if case .dictionary = parameter.typeValue.unwrapped { break }
                if !Self.acceptsAnyValue(parameter.typeValue.unwrapped) { return false }
            case .integer, .double, .string, .bool: if isCollection { return false }
            // An SQL expression (`Column("x") == 1`, `{ $0.x }`) is no Swift value of the app.
            case .binary, .closure, .keyPath:
                if !GRDBExpressionTypes.contains(type), !type.contains("Expressible"), !type.contains("SQL") {
                    return false
                }
            default: break
            }
            index += 1
        }
        return true
    }

    /// `fits`, and a value that is a dictionary or an array (`ContentRecord.primaryKey(…)`)
    /// does not fit a parameter of the app's own type: Swift then picks GRDB's method
    /// (`fetchOne(_:key:)` over the app's `fetchOne(_:key: ContentIdentifier)`).
    func argumentsFit(_ arguments: [Argument], _ parameters: [FunctionDeclaration.Parameter]) -> Bool {
        guard Self.fits(arguments, parameters) else { return false }
        var index = 0
        for parameter in parameters {
            guard index < arguments.count, arguments[index].label == parameter.label else { continue }
            defer { index += 1 }
            guard case .named(let type, _) = parameter.typeValue.unwrapped, declaresType(canonicalTypePath(type))
            else { continue }
            switch arguments[index].value.kind {
            case .call, .member, .identifier:
                switch try? evaluate(arguments[index].value) {
                case .dictionary?, .array?: return false
                default: continue
                }
            default: continue
            }
        }
        return true
    }

    /// `Any`, `any DatabaseValueConvertible`, a generic: a type arbor does not check values against.
    static func acceptsAnyValue(_ type: SwiftType) -> Bool {
        if case .other = type { return true }
        if case .named(let name, _) = type { return ["Any", "AnyHashable", "StatementArguments"].contains(name) }
        return false
    }

    static func matches(_ labels: [String?], _ parameters: [FunctionDeclaration.Parameter]) -> Bool {
        var index = 0
        for parameter in parameters {
            if index < labels.count, labels[index] == parameter.label {
                index += 1
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return index == labels.count
    }

    /// Calls `method` on `receiver`: arguments are evaluated where the call is,
    /// the body in a scope holding the parameters, with `receiver` as `self`.
    func invoke(
        _ method: RequestMethod, on receiver: Value, arguments: [Argument], range: SourceRange
    ) throws -> Value {
        var parameters = ScopeFrame(kind: .function)
        parameters.returnType = method.function.returnType.map(SwiftType.init(parsing:))
        var index = 0
        let selfTable: String? =
            switch receiver {
            case .table(let t, _, _): t
            case .request(let p): p.table
            case .association(let a): a.destination
            case .record(let r): r.table
            default: nil
            }
        func inMethod(_ update: (inout Scope) -> Void = { _ in }, _ body: () throws -> Value) throws -> Value {
            try withScope(
                {
                    $0 = Scope()
                    $0.selfType = method.typePath
                    $0.selfTable = selfTable
                    $0.implicitSelf = receiver
                    $0.sourceUnit = method.origin
                    $0.frames.append(parameters)
                    update(&$0)
                }, body)
        }
        for parameter in method.function.parameters {
            let value: Value
            if index < arguments.count, arguments[index].label == parameter.label {
                let argument = arguments[index]
                index += 1
                if Self.isDatabaseType(parameter.typeValue) {
                    // `fetch(db)`: the session's database, which arbor reads when the fetch runs.
                    guard Self.isDatabaseArgument(argument.value) else {
                        throw ArborError(
                            "`\(parameter.name): \(parameter.type)` is the database: pass `db` (or the name your closure gives it)",
                            at: argument.value.range)
                    }
                    value = .namespace("Database")
                } else {
                    value = try convert(
                        try evaluate(argument.value, expecting: parameter.typeValue, in: method.typePath),
                        to: parameter.typeValue, in: method.typePath, range: argument.value.range)
                }
            } else if let defaultValue = parameter.defaultValue {
                value = try inMethod {
                    try convert(
                        try evaluate(defaultValue, expecting: parameter.typeValue, in: method.typePath),
                        to: parameter.typeValue, in: method.typePath, range: range)
                }
            } else {
                throw ArborError("missing argument for `\(parameter.label ?? parameter.name)`", at: range)
            }
            parameters.names[parameter.name] = LocalName(value: value, type: parameter.typeValue, isVariable: false)
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw ArborError("request methods call each other too deep (limit \(Self.maximumDepth))", at: range)
        }
        do {
            // A body the compiler refuses (`limit(1)` on a `DerivableRequest`) is no method to run.
            if let refusal = environment.selfMemberChecks[method.place] ?? selfMemberErrors(of: method).first {
                throw refusal
            }
            let callerAliases = extensionTypeAliases
            extensionTypeAliases = method.typeAliases
            defer { extensionTypeAliases = callerAliases }
            let result = try inMethod {
                try sqlLiteralResult(of: method.function, range: range) ?? run(method.function.body, range: range)
            }
            // `return .poems` from a method returning `Kind`: the case as its enum holds it (its raw value).
            if case .implicitMember = result, let type = method.function.returnType {
                return try convert(result, to: type, in: method.typePath, range: range)
            }
            return result
        } catch let error as ArborError {
            throw relocated(error, from: method, to: range)
        }
    }

    /// `static func get(id: Int) -> SQLRequest<Item> { "SELECT … WHERE id = \(id)" }`: a string
    /// literal returned where `SQLRequest` or `SQL` is declared is GRDB's SQL literal, its
    /// interpolations bound as arguments (not Swift's string interpolation).
    func sqlLiteralResult(of function: FunctionDeclaration, range: SourceRange) throws -> Value? {
        guard let returnType = function.returnType, returnType == "SQL" || returnType.hasPrefix("SQLRequest"),
            function.body.count == 1
        else { return nil }
        let returned: Expr
        switch function.body[0] {
        case .expression(let e), .returnValue(let e?, _): returned = e
        default: return nil
        }
        switch returned.kind {
        case .string, .interpolatedString: break
        default: return nil
        }
        if returnType == "SQL" { return .sqlLiteral(try sqlFragment(returned)) }
        return try sqlRequest(
            returnType, arguments: [Argument(label: nil, labelRange: nil, value: returned)], nameRange: range)
    }

    /// An error located in a method's body, in its file: the call is underlined where
    /// it was typed, and the message says where in the file (`(in \`recent()\` at M.swift:3:23)`).
    func relocated(_ error: ArborError, from method: RequestMethod, to range: SourceRange) -> ArborError {
        guard let inner = error.range, inner != range, method.origin < environment.sourceTexts.count else {
            return error
        }
        var error = error
        if !error.message.contains(" (in `") {
            let source = environment.sourceTexts[method.origin]
            let location = SourceLocation(offset: inner.lowerBound, in: source.text)
            let name = method.isProperty ? method.function.name : method.function.signature
            error.message += " (in `\(name)` at \(source.name):\(location.line):\(location.column))"
        }
        error.range = range
        return error
    }

    /// The raw values of the enum `name` as seen from `typePath` (nested types first).
    func enumCases(named name: String, from typePath: String?) -> [String: SQLValue]? {
        enumPathAndCases(named: name, from: typePath)?.cases
    }

    /// The full path of the enum `name` as seen from `typePath`, and its raw values.
    func enumPathAndCases(named name: String, from typePath: String?) -> (path: String, cases: [String: SQLValue])? {
        var scopes: [String] = []
        if var path = typePath {
            while true {
                scopes.append(path + "." + name)
                guard let dot = path.lastIndex(of: ".") else { break }
                path = String(path[..<dot])
            }
        }
        scopes.append(name)
        for candidate in scopes {
            let path = canonicalTypePath(candidate)
            if let cases = environment.enums[path] { return (path, cases) }
        }
        return nil
    }
}

extension Evaluator {
    /// The static request method `name` of the app's type `type` taking `labels`.
    func staticMethod(_ name: String, ofType type: String, labels: @autoclosure () -> [String?]) -> RequestMethod? {
        let candidates = environment.requestMethods.named(name)
        guard !candidates.isEmpty else { return nil }
        let path = canonicalTypePath(type)
        let labels = labels()
        return candidates.first {
            $0.receiver == .typeStatic && $0.typePath.map(canonicalTypePath) == path
                && Self.matches(labels, $0.function.parameters)
        }
    }
}

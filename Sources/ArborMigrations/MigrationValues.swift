import SwiftParser
import SwiftSyntax

/// What an argument of a schema call evaluates to. Kept small on purpose: migrations
/// pass literals, GRDB's enum cases, `Column`s and a few operators.
public indirect enum MigrationValue: Sendable, Equatable {
    case literal(LiteralValue)
    case array([MigrationValue])
    /// `.cascade`, `.text`, `.porter()`, `.init(rawValue: "X")`: GRDB's implicit members.
    case member(String, [LabeledValue])
    /// `Column("x")`, `$0`, operators over them.
    case expression(SchemaExpression)
    /// `SQL(sql:arguments:)`, `SQLRequest(sql:)`, a `literal:` string: SQL with its arguments.
    case sql(String, [LiteralValue])
    /// `FTS5()`, `FTS4()`: a value made by calling a type.
    case construction(String, [LabeledValue])

    var text: String? {
        switch self {
        case .literal(.text(let s)): s
        case .expression(.column(let name)): name
        default: nil
        }
    }

    var strings: [String]? {
        guard case .array(let values) = self else { return nil }
        let texts = values.compactMap(\.text)
        return texts.count == values.count ? texts : nil
    }

    var bool: Bool? {
        if case .literal(.bool(let b)) = self { return b }
        return nil
    }

    var integer: Int? {
        if case .literal(.integer(let i)) = self { return Int(exactly: i) }
        return nil
    }

    /// The name of an implicit member without arguments (`.cascade`).
    var memberName: String? {
        if case .member(let name, let arguments) = self, arguments.isEmpty { return name }
        return nil
    }

    /// A value usable in a SQL expression.
    var schemaExpression: SchemaExpression? {
        switch self {
        case .literal(let value): .value(value)
        case .expression(let expression): expression
        case .sql(let sql, let arguments) where arguments.isEmpty: .sql(sql)
        default: nil
        }
    }
}

public struct LabeledValue: Sendable, Equatable {
    public var label: String?
    public var value: MigrationValue
}

/// Why an expression could not be evaluated: said at the expression's place.
struct EvaluationFailure: Error {
    var node: Syntax
    var message: String
}

/// Evaluates the arguments of schema calls: literals, string interpolation of known values,
/// arrays, GRDB's members, `Column`, the `let`s of the migration, and the app's constants
/// (`Player.databaseTableName`, `Player.Columns.name`).
struct ValueEvaluator {
    var constants: SourceConstants
    /// `let` bindings of the migration body read so far.
    var locals: [String: MigrationValue] = [:]
    /// `let`s of the migration whose value arbor could not evaluate: they still hide the app's
    /// constants of the same name (another file's `private let epoch0`), as in Swift.
    var unknownLocals: Set<String> = []
    /// The type whose member holds the code (for `Self.x` and unqualified statics).
    var enclosingType: String?
    /// In a column's `check { … }` closure: the parameter's name and the column it stands for.
    var columnParameter: (name: String, column: String)?
    /// How deep constants refer to constants (a loop of `static let`s must end).
    var depth = 0

    func evaluate(_ expr: ExprSyntax) throws -> MigrationValue {
        guard depth < 64 else { throw EvaluationFailure(node: Syntax(expr), message: "too deeply nested") }
        if let e = expr.as(TryExprSyntax.self) { return try evaluate(e.expression) }
        if let e = expr.as(AwaitExprSyntax.self) { return try evaluate(e.expression) }
        if let e = expr.as(ForceUnwrapExprSyntax.self) { return try evaluate(e.expression) }
        if let e = expr.as(TupleExprSyntax.self), e.elements.count == 1, let only = e.elements.first {
            return try evaluate(only.expression)
        }
        if let e = expr.as(StringLiteralExprSyntax.self) { return try string(e) }
        if let e = expr.as(IntegerLiteralExprSyntax.self) {
            guard let value = e.representedLiteralValue else { throw failure(expr, "this integer is too big") }
            return .literal(.integer(Int64(value)))
        }
        if let e = expr.as(FloatLiteralExprSyntax.self) {
            guard let value = e.representedLiteralValue else { throw failure(expr, "this number can not be read") }
            return .literal(.real(value))
        }
        if let e = expr.as(BooleanLiteralExprSyntax.self) {
            return .literal(.bool(e.literal.tokenKind == .keyword(.true)))
        }
        if expr.is(NilLiteralExprSyntax.self) { return .literal(.null) }
        if let e = expr.as(ArrayExprSyntax.self) { return .array(try e.elements.map { try evaluate($0.expression) }) }
        if let e = expr.as(PrefixOperatorExprSyntax.self) { return try prefix(e) }
        if let e = expr.as(SequenceExprSyntax.self) { return try sequence(e) }
        if let e = expr.as(DeclReferenceExprSyntax.self) { return try name(e) }
        if let e = expr.as(MemberAccessExprSyntax.self) { return try member(e) }
        if let e = expr.as(FunctionCallExprSyntax.self) { return try call(e) }
        // A value the parser found missing (nesting too deep, a syntax error) has no text to quote.
        if expr.is(MissingExprSyntax.self) || expr.trimmedDescription.isEmpty {
            throw failure(expr, "a value is missing here: the code does not parse")
        }
        throw failure(expr, "arbor can not evaluate `\(expr.trimmedDescription)` here")
    }

    func failure(_ node: some SyntaxProtocol, _ message: String) -> EvaluationFailure {
        EvaluationFailure(node: Syntax(node), message: message)
    }

    // MARK: Literals

    private func string(_ literal: StringLiteralExprSyntax) throws -> MigrationValue {
        if let value = literal.representedLiteralValue { return .literal(.text(value)) }
        // Interpolation of known values, as Swift would write them into the string.
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let part):
                text += Self.unescaped(part.content.text)
            case .expressionSegment(let part):
                guard part.expressions.count == 1, let only = part.expressions.first, only.label == nil else {
                    throw failure(part, "arbor can not evaluate this interpolation")
                }
                switch try evaluate(only.expression) {
                case .literal(.text(let s)): text += s
                case .literal(.integer(let i)): text += String(i)
                case .literal(.real(let d)): text += String(d)
                case .literal(.bool(let b)): text += String(b)
                case .expression(.column(let name)): text += name
                default: throw failure(only, "arbor can not write `\(only.trimmedDescription)` into a string")
                }
            }
        }
        return .literal(.text(text))
    }

    /// The escapes of a Swift string literal's text.
    static func unescaped(_ raw: String) -> String {
        var result = ""
        var iterator = raw.makeIterator()
        while let c = iterator.next() {
            guard c == "\\" else {
                result.append(c)
                continue
            }
            switch iterator.next() {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "\"": result.append("\"")
            case "'": result.append("'")
            case "\\": result.append("\\")
            case "u":
                var hex = ""
                _ = iterator.next()  // {
                while let h = iterator.next(), h != "}" { hex.append(h) }
                if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                    result.append(Character(scalar))
                }
            case let other?: result.append(other)
            case nil: break
            }
        }
        return result
    }

    // MARK: Operators

    private func prefix(_ e: PrefixOperatorExprSyntax) throws -> MigrationValue {
        // `-9223372036854775808` is `Int64.min`, though its magnitude alone is too big.
        if e.operator.text == "-", let literal = e.expression.as(IntegerLiteralExprSyntax.self),
            let value = Self.negatedInteger(literal.literal.text)
        {
            return .literal(.integer(value))
        }
        let operand = try evaluate(e.expression)
        switch (e.operator.text, operand) {
        case ("-", .literal(.integer(let i))): return .literal(.integer(-i))
        case ("-", .literal(.real(let d))): return .literal(.real(-d))
        case ("!", .literal(.bool(let b))): return .literal(.bool(!b))
        case ("-", _):
            guard let x = operand.schemaExpression else { break }
            return .expression(.negated(x))
        case ("!", _):
            guard let x = operand.schemaExpression else { break }
            return .expression(.not(x))
        default: break
        }
        throw failure(e, "arbor can not evaluate `\(e.trimmedDescription)`")
    }

    /// `-text` for an integer literal's text (`1_000`, `0x10`, `0o7`, `0b1`); nil when it overflows.
    static func negatedInteger(_ text: String) -> Int64? {
        var digits = text.filter { $0 != "_" }
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            digits.removeFirst(2)
            radix = base
        }
        return Int64("-" + digits, radix: radix)
    }

    /// Swift's precedence for the operators SQL expressions use (the parser leaves
    /// them unfolded: `a + b * c` is a flat sequence).
    static let precedence: [String: Int] = [
        "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3, "+": 4, "-": 4, "*": 5, "/": 5,
    ]

    private func sequence(_ e: SequenceExprSyntax) throws -> MigrationValue {
        var operands: [MigrationValue] = []
        var operators: [(String, Syntax)] = []
        for (i, element) in e.elements.enumerated() {
            if i % 2 == 1 {
                guard let op = element.as(BinaryOperatorExprSyntax.self),
                    Self.precedence[op.operator.text] != nil
                else {
                    throw failure(element, "arbor can not evaluate `\(element.trimmedDescription)` here")
                }
                operators.append((op.operator.text, Syntax(op)))
            } else {
                operands.append(try evaluate(element))
            }
        }
        // Precedence climbing over the flat list.
        var index = 0
        func parse(_ minimum: Int) throws -> MigrationValue {
            var lhs = operands[index]
            while index < operators.count, let p = Self.precedence[operators[index].0], p >= minimum {
                let (op, node) = operators[index]
                index += 1
                var rhs = operands[index]
                while index < operators.count, let next = Self.precedence[operators[index].0], next > p {
                    rhs = try parse(next)
                }
                lhs = try combine(op, lhs, rhs, node)
            }
            return lhs
        }
        guard operands.count == operators.count + 1 else { throw failure(e, "arbor can not evaluate this") }
        return try parse(0)
    }

    private func combine(_ op: String, _ lhs: MigrationValue, _ rhs: MigrationValue, _ node: Syntax) throws
        -> MigrationValue
    {
        if op == "+", case .literal(.text(let a)) = lhs, case .literal(.text(let b)) = rhs {
            return .literal(.text(a + b))
        }
        guard let a = lhs.schemaExpression, let b = rhs.schemaExpression else {
            throw EvaluationFailure(node: node, message: "arbor can not evaluate `\(op)` on these operands")
        }
        return .expression(.binary(op, a, b))
    }

    // MARK: Names

    private func name(_ e: DeclReferenceExprSyntax) throws -> MigrationValue {
        let name = e.baseName.text
        if let columnParameter, name == columnParameter.name { return .expression(.column(columnParameter.column)) }
        if let value = locals[name] { return value }
        if unknownLocals.contains(name) { throw failure(e, "arbor does not know the value of `\(name)`") }
        if let enclosingType, let value = try constants.value(of: enclosingType, name, evaluator: self) {
            return value
        }
        if let value = try constants.value(of: nil, name, evaluator: self) { return value }
        throw failure(e, "arbor does not know the value of `\(name)`")
    }

    private func member(_ e: MemberAccessExprSyntax) throws -> MigrationValue {
        let name = e.declName.baseName.text
        guard let base = e.base else { return .member(name, []) }
        // `Player.Columns.name`, `Self.databaseTableName`, `Player.self`.
        if let path = Self.typePath(base) {
            // `Columns.id` inside `Movie`: `Movie.Columns` first.
            if let enclosingType, path != "Self",
                let value = try constants.value(of: enclosingType + "." + path, name, evaluator: self)
            {
                return value
            }
            let type = path == "Self" ? enclosingType : path
            if name == "self", let type { return .literal(.text(constants.tableName(ofType: type))) }
            if let type, let value = try constants.value(of: type, name, evaluator: self) { return value }
            if name == "databaseTableName", let type { return .literal(.text(constants.tableName(ofType: type))) }
            // `CodingKeys.title` that Codable synthesizes: the key is the property's name.
            if path == "CodingKeys" || path.hasSuffix(".CodingKeys") { return .literal(.text(name)) }
            // GRDB's own members: `Database.ColumnType.text`, `Database.ForeignKeyAction.cascade`.
            if path.hasPrefix("Database.") || path == "TableOptions" || path == "IndexOptions" || path == "ViewOptions"
            {
                return .member(name, [])
            }
        }
        let value = try evaluate(base)
        switch (value, name) {
        case (.expression(.column(let column)), "name"), (.expression(.column(let column)), "rawValue"),
            (.expression(.column(let column)), "stringValue"):
            return .literal(.text(column))
        case (.literal(.text(let text)), "rawValue"), (.literal(.text(let text)), "stringValue"):
            return .literal(.text(text))
        case (.literal(.text(let text)), "quotedDatabaseIdentifier"):
            return .literal(.text("\"" + text + "\""))
        case (_, "lowercased"), (_, "uppercased"):
            // GRDB's `lowercased`/`uppercased` on an expression: a function of Swift's, not SQLite's.
            break
        default: break
        }
        throw failure(e, "arbor does not know the value of `\(e.trimmedDescription)`")
    }

    /// `A.B.C` when every component is a capitalized name (a type path), else nil.
    static func typePath(_ expr: ExprSyntax) -> String? {
        // `SQLRequest<Row>`: the generic type's name.
        if let generic = expr.as(GenericSpecializationExprSyntax.self) { return typePath(generic.expression) }
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            return name.first?.isUppercase == true ? name : nil
        }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let prefix = typePath(base) {
            let name = member.declName.baseName.text
            return name.first?.isUppercase == true ? prefix + "." + name : nil
        }
        return nil
    }

    // MARK: Calls

    func arguments(_ call: FunctionCallExprSyntax) throws -> [LabeledValue] {
        try call.arguments.map { LabeledValue(label: $0.label?.text, value: try evaluate($0.expression)) }
    }

    private func call(_ e: FunctionCallExprSyntax) throws -> MigrationValue {
        let arguments = try self.arguments(e)
        let called = e.calledExpression
        // `.porter()`, `.unicode61(diacritics: .keep)`, `.init(rawValue: "VARCHAR(20)")`.
        if let member = called.as(MemberAccessExprSyntax.self), member.base == nil {
            return .member(member.declName.baseName.text, arguments)
        }
        if let path = Self.typePath(called) {
            switch path {
            case "Column":
                guard arguments.count == 1, let name = arguments[0].value.text else { break }
                return .expression(.column(name))
            case "SQL", "SQLRequest", "SQLLiteral":
                return try sql(arguments, e)
            case "Date", "Foundation.Date":
                if let date = try MigrationDates.value(arguments, node: e) { return date }
            case "Database.ColumnType", "Database.CollationName":
                guard let raw = arguments.first?.value.text else { break }
                return .member("init", [LabeledValue(label: "rawValue", value: .literal(.text(raw)))])
            default:
                if path.hasPrefix("Database.") || path.first?.isUppercase == true, arguments.isEmpty || path == "FTS5" {
                    return .construction(path, arguments)
                }
            }
        }
        // GRDB's SQL functions: `length(x)`, `abs(x)`.
        if let ref = called.as(DeclReferenceExprSyntax.self), Self.sqlFunctions.contains(ref.baseName.text) {
            let operands = arguments.compactMap(\.value.schemaExpression)
            if operands.count == 1, arguments.count == 1 { return .expression(.function(ref.baseName.text, operands)) }
        }
        // `x.like("a%")`, `[1, 2].contains(x)`.
        if let member = called.as(MemberAccessExprSyntax.self), let base = member.base {
            let method = member.declName.baseName.text
            let receiver = try evaluate(base)
            if method == "like", let x = receiver.schemaExpression, arguments.count == 1,
                let pattern = arguments[0].value.schemaExpression
            {
                return .expression(.like(x, pattern))
            }
            if method == "contains", case .array(let values) = receiver, arguments.count == 1,
                let element = arguments[0].value.schemaExpression
            {
                let list = values.compactMap(\.schemaExpression)
                if list.count == values.count { return .expression(.contains(list, element)) }
            }
        }
        throw failure(e, "arbor can not evaluate `\(e.calledExpression.trimmedDescription)(…)` here")
    }

    /// GRDB's free functions that build SQL function calls.
    static let sqlFunctions: Set<String> = ["length", "abs"]

    private func sql(_ arguments: [LabeledValue], _ e: FunctionCallExprSyntax) throws -> MigrationValue {
        var sql: String?
        var values: [LiteralValue] = []
        for argument in arguments {
            switch (argument.label, argument.value) {
            case ("sql", .literal(.text(let text))), ("literal", .literal(.text(let text))),
                (nil, .literal(.text(let text))):
                sql = text
            case ("sql", .sql(let text, let args)), ("literal", .sql(let text, let args)),
                (nil, .sql(let text, let args)):
                sql = text
                values += args
            case ("arguments", .array(let list)):
                for value in list {
                    guard case .literal(let literal) = value else {
                        throw failure(e, "arbor can not read these arguments")
                    }
                    values.append(literal)
                }
            default:
                throw failure(e, "arbor can not read `\(argument.label ?? "_"):` here")
            }
        }
        guard let sql else { throw failure(e, "no SQL in `\(e.trimmedDescription)`") }
        return .sql(sql, values)
    }

    /// A `literal:` SQL interpolation: each interpolated value becomes a `?` argument, as
    /// GRDB binds it; `\(sql: "…")` is written as is.
    func sqlLiteral(_ expr: ExprSyntax) throws -> MigrationValue {
        guard let literal = expr.as(StringLiteralExprSyntax.self) else {
            let value = try evaluate(expr)
            if case .literal(.text(let text)) = value { return .sql(text, []) }
            if case .sql = value { return value }
            throw failure(expr, "arbor can not read this SQL literal")
        }
        if let text = literal.representedLiteralValue { return .sql(text, []) }
        var sql = ""
        var arguments: [LiteralValue] = []
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let part):
                sql += Self.unescaped(part.content.text)
            case .expressionSegment(let part):
                guard part.expressions.count == 1, let only = part.expressions.first else {
                    throw failure(part, "arbor can not read this interpolation")
                }
                let value = try evaluate(only.expression)
                switch (only.label?.text, value) {
                case ("sql", .literal(.text(let text))): sql += text
                case (nil, .literal(let literal)):
                    sql += "?"
                    arguments.append(literal)
                case (nil, .expression(.column(let name))): sql += "\"" + name + "\""
                default: throw failure(only, "arbor can not write `\(only.trimmedDescription)` into SQL")
                }
            }
        }
        return .sql(sql, arguments)
    }
}

import ArborCore
import ArborLanguage

/// The `swift` format: the Swift a GRDB user would write for a request: the
/// record types with their columns and the associations the request uses, the
/// Decodable result type of a request with associations (`SwiftResultType`),
/// the request, and how to fetch it.
public enum SwiftCode {
    /// With `app`, the app's own declarations are used, not written again: its record
    /// types, and the request as the user typed it, with the app's request methods and
    /// columns (`Member.all().admins()`). The code then goes where the app's code is.
    public static func generate(_ plan: RequestPlan, environment: Environment, app: AppCode? = nil) -> String {
        if let typed = generateTypedFetch(plan, environment: environment) { return typed }
        let printer = SwiftPrinter(environment: environment)
        let generated = printer.request(plan)
        let request = app?.requestText ?? generated
        var resultType = SwiftResultType(printer: printer, environment: environment)
        let result = resultType.build(plan)
        // A declaration can name more tables and associations (a through
        // association's pivot): write them until none is new.
        var records: [String: String] = [:]
        var seen = (tables: -1, associations: -1)
        while seen != (printer.tables.count, printer.associations.count) {
            seen = (printer.tables.count, printer.associations.count)
            for table in printer.tables { records[table] = record(table, printer: printer, environment: environment) }
        }
        var lines: [String] = ["import Foundation", "import GRDB", ""]
        if let app {
            let used = printer.tables.map(printer.type).filter(app.types.contains).sorted()
            if !used.isEmpty {
                lines += ["// With the app's declarations of " + used.map { "`\($0)`" }.joined(separator: ", "), ""]
            }
        }
        for (table, record) in records.sorted(by: { $0.key < $1.key }) {
            if let app, app.types.contains(printer.type(table)) { continue }
            lines += [record, ""]
        }
        for declaration in resultType.declarations { lines += [declaration, ""] }
        lines += printer.aliasDeclarations + printer.commonTableExpressionDeclarations + printer.fetchedRecords
        lines.append("let request = \(request)")
        let fetched = result.map { "try \($0).fetchAll(db, request)" } ?? "try request.fetchAll(db)"
        lines.append("let rows = try dbQueue.read { db in \(fetched) }")
        return lines.joined(separator: "\n")
    }

    /// `struct Author: Codable, FetchableRecord, TableRecord { … }`: the table's
    /// name, the associations the request uses, and a property per column.
    static func record(_ table: String, printer: SwiftPrinter, environment: Environment) -> String {
        var statics = ["static let databaseTableName = \(SQLValue.swiftQuoted(table))"]
        for (name, association) in printer.associations where association.origin.sqlFolded == table.sqlFolded {
            statics.append("static let \(SwiftIdentifier.typed(name)) = \(printer.declaration(association))")
        }
        let columns = environment.schema.table(named: table)?.columns.filter { $0.hidden == 0 || $0.isGenerated } ?? []
        let properties = columns.map { column in
            (
                key: column.name,
                type: SwiftResultType.swiftType(
                    declared: column.type,
                    nullable: !SwiftResultType.isNeverNull(column, table, environment))
            )
        }
        // `record.request(for:)` needs an `EncodableRecord`.
        let encodable = printer.encodedTables.contains(table.sqlFolded)
        return SwiftStruct.text(
            name: printer.type(table),
            conformances: "Codable, FetchableRecord, " + (encodable ? "EncodableRecord, " : "") + "TableRecord",
            statics: statics, properties: properties)
    }
}

final class SwiftPrinter {
    let environment: Environment

    init(environment: Environment) { self.environment = environment }
    var tables: Set<String> = []
    var associations: [(String, AssociationPlan)] = []
    /// The `TableAlias`es the request uses, by id: declared before the request.
    var aliases: [Int: AliasID] = [:]
    /// The common table expressions the request uses, in order, and their definitions.
    var commonTableExpressions: [CommonTableExpressionPlan] = []
    var commonTableExpressionTexts: [String: String] = [:]
    /// The closure parameters of an `association(to:on:)` condition being printed.
    var conditionAliases: [Int: String] = [:]

    /// `alias1`: the variable of a `TableAlias`, declared by `aliasDeclarations`.
    func alias(_ alias: AliasID) -> String {
        aliases[alias.id] = alias
        return "alias\(alias.id)"
    }

    /// `let alias1 = TableAlias(name: "a")`, one per alias used, a named alias keeping its name.
    var aliasDeclarations: [String] {
        aliases.keys.sorted().compactMap { id in
            aliases[id].map { alias in
                "let alias\(id) = TableAlias(\(alias.name.map { "name: \(SQLValue.swiftQuoted($0))" } ?? ""))"
            }
        }
    }

    func type(_ table: String) -> String {
        tables.insert(table)
        return environment.typeNames.type(forTable: table) ?? SwiftIdentifier.typeName(table)
    }

    /// The tables (folded) of the records of `record.request(for:)`.
    var encodedTables: Set<String> = []
    /// `let author = …fetchOne(db)`: the lines that fetch the records a request uses.
    var fetchedRecords: [String] = []
    private var fetchedNames: [String: String] = [:]

    func request(_ plan: RequestPlan) -> String {
        // Raw SQL used as a value (a subquery, a CTE's request): GRDB's `SQLRequest`.
        if let fragment = plan.rawSQL {
            return "SQLRequest<Row>(literal: \(SwiftLiterals.sql(fragment, printer: self)))"
        }
        if let cte = plan.commonTableExpression {
            return commonTableExpression(cte) + ".all()" + plan.operations.map { "." + operation($0) }.joined()
        }
        let methods = plan.operations.map { "." + operation($0) }.joined()
        switch plan.root {
        case .table(let table):
            // A request with no method is `T.all()`: the type alone is not a request.
            return type(table) + (plan.operations.isEmpty ? ".all()" : methods)
        case .associated(let record, let association):
            return self.record(record) + ".request(for: \(self.association(association)))" + methods
        }
    }

    /// A record as the user got it: its memberwise initializer, or the name a
    /// `fetchOne` was bound to (fetched again by a line of its own).
    func record(_ record: RecordValue) -> String {
        encodedTables.insert(record.table.sqlFolded)
        switch record.source {
        case .memberwise:
            // Swift takes the properties in declaration order: the table's.
            let properties = environment.schema.table(named: record.table).map(RecordProperty.of) ?? []
            // The labels are the written struct's property names, made unique as it makes them.
            let labels = SwiftIdentifier.unique(properties.map(\.column))
            let arguments = zip(properties, labels).filter { record.values[$0.0.column] != nil }.map {
                property, label in "\(label): \(record.value(of: property.column))"
            }
            return type(record.table) + "(" + arguments.joined(separator: ", ") + ")"
        case .fetched(let plan, let name):
            let fetch = "try dbQueue.read { db in try \(request(plan)).fetchOne(db) }!"
            if let known = fetchedNames[fetch] { return known }
            // A name bound again in the session is a new constant in Swift (`author_2`), and
            // the names of the generated code stay theirs.
            var identifier = SwiftIdentifier.typed(name)
            var number = 1
            while fetchedNames.values.contains(identifier) || ["request", "rows", "dbQueue", "db"].contains(identifier)
            {
                number += 1
                identifier = SwiftIdentifier.typed("\(name)_\(number)")
            }
            fetchedNames[fetch] = identifier
            fetchedRecords.append("let \(identifier) = \(fetch)")
            return identifier
        }
    }

    func association(_ plan: AssociationPlan) -> String {
        // `Author.books` → `books`; a name may hold dots itself (`` Z.`a.b` ``).
        var name = plan.displayName.split(separator: ".", maxSplits: 1).last.map(String.init) ?? "association"
        if name.hasPrefix("`"), name.hasSuffix("`"), name.count > 2 { name = String(name.dropFirst().dropLast()) }
        // Written inline (`Author.hasMany(Book.self, …)`): written inline again.
        if name.contains("(") {
            return type(plan.origin) + "." + declaration(plan) + plan.operations.map { "." + operation($0) }.joined()
        }
        if !associations.contains(where: { $0.0 == name && $0.1.origin == plan.origin }) {
            associations.append((name, AssociationPlan(base: plan.base, displayName: plan.displayName)))
        }
        return type(plan.origin) + "." + SwiftIdentifier.typed(name)
            + plan.operations.map { "." + operation($0) }.joined()
    }

    func declaration(_ plan: AssociationPlan) -> String {
        switch plan.base {
        case .commonTable(_, let cte, let condition):
            return "association(to: \(commonTableExpression(cte))\(condition.map(joinCondition) ?? ""))"
        case .direct(let kind, _, let destination, let key, let fk):
            var args = ["\(type(destination)).self"]
            if let key { args.append("key: \(SQLValue.swiftQuoted(key))") }
            if let fk {
                var text =
                    "using: ForeignKey([" + fk.originColumns.map(SQLValue.swiftQuoted).joined(separator: ", ") + "]"
                if let to = fk.destinationColumns {
                    text += ", to: [" + to.map(SQLValue.swiftQuoted).joined(separator: ", ") + "]"
                }
                args.append(text + ")")
            }
            return "\(kind.rawValue)(\(args.joined(separator: ", ")))"
        case .through(let kind, _, let pivot, let target, let key):
            var args = [
                "\(type(plan.destination)).self", "through: \(association(pivot))", "using: \(association(target))",
            ]
            if let key { args.append("key: \(SQLValue.swiftQuoted(key))") }
            return "\(kind == .hasOneThrough ? "hasOne" : "hasMany")(\(args.joined(separator: ", ")))"
        }
    }

    func operation(_ op: RequestOperation) -> String {
        switch op {
        case .filter(let e): return "filter(\(expression(e)))"
        case .filterKeys(let keys): return keys.count == 1 ? "filter(key: \(keys[0]))" : "filter(keys: \(keys))"
        case .filterKeyDictionaries(let d): return "filter(keys: \(d))"
        case .filterSQL(let sql, let args): return "filter(sql: \(SQLValue.swiftQuoted(sql))\(arguments(args)))"
        case .filterLiteral(let f): return "filter(literal: \(literal(f)))"
        case .matching(let pattern): return "matching(\(fullTextPattern(pattern)))"
        case .order(let terms): return "order(" + terms.map(ordering).joined(separator: ", ") + ")"
        case .orderSQL(let sql, let args): return "order(sql: \(SQLValue.swiftQuoted(sql))\(arguments(args)))"
        case .orderLiteral(let f): return "order(literal: \(literal(f)))"
        case .orderByPrimaryKey: return "orderByPrimaryKey()"
        case .reversed: return "reversed()"
        case .unordered: return "unordered()"
        // The generated record types declare no `databaseSelection`: the app's is written out.
        case .select(let s), .databaseSelection(_, let s):
            return "select(" + s.map(selectable).joined(separator: ", ") + ")"
        case .selectSQL(let sql, let args): return "select(sql: \(SQLValue.swiftQuoted(sql))\(arguments(args)))"
        case .selectLiteral(let f): return "select(literal: \(literal(f)))"
        case .havingLiteral(let f): return "having(literal: \(literal(f)))"
        case .groupLiteral(let f): return "group(literal: \(literal(f)))"
        case .annotated(let s): return "annotated(with: " + s.map(selectable).joined(separator: ", ") + ")"
        case .annotatedWithRequired(let a): return "annotated(withRequired: \(association(a)))"
        case .annotatedWithOptional(let a): return "annotated(withOptional: \(association(a)))"
        case .having(let e): return "having(\(expression(e)))"
        case .group(let es): return "group(" + es.map(expression).joined(separator: ", ") + ")"
        case .distinct: return "distinct()"
        case .none: return "none()"
        case .limit(let l, let o): return o.map { "limit(\(l), offset: \($0))" } ?? "limit(\(l))"
        case .aliased(let alias): return "aliased(\(self.alias(alias)))"
        case .with(let cte): return "with(\(commonTableExpression(cte)))"
        case .including(let kind, let a): return "including(\(kind.rawValue): \(association(a)))"
        case .joining(let kind, let a): return "joining(\(kind.rawValue): \(association(a)))"
        case .forKey(let key): return "forKey(\(SQLValue.swiftQuoted(key)))"
        }
    }

    func arguments(_ args: SQLArguments) -> String {
        args.isEmpty ? "" : ", arguments: " + SwiftLiterals.arguments(args)
    }

    func literal(_ fragment: SQLFragment) -> String {
        SwiftLiterals.sql(fragment, printer: self)
    }

    func fullTextPattern(_ pattern: FullTextPattern) -> String {
        let columns =
            pattern.allowedColumns.isEmpty
            ? ""
            : ", allowedColumns: [" + pattern.allowedColumns.map(SQLValue.swiftQuoted).joined(separator: ", ") + "]"
        let call =
            "\(pattern.syntax.rawValue)(\(pattern.kind.rawValue): \(SQLValue.swiftQuoted(pattern.text))\(columns))"
        return pattern.kind == .rawPattern ? "try \(call)" : call
    }

    func ordering(_ term: OrderingTerm) -> String {
        if term.isSQLLiteral, case .literal(let fragment) = term.expression { return literal(fragment) }
        let e = expression(term.expression)
        return term.direction == .none ? e : "\(e).\(term.direction.rawValue)"
    }

    func selectable(_ s: Selectable) -> String {
        switch s {
        case .allColumns(let alias): return alias.map { "\(self.alias($0))[AllColumns()]" } ?? "AllColumns()"
        case .allColumnsExcluding(let names): return ".allColumns(excluding: \(names))"
        case .expression(let e): return expression(e)
        }
    }

    func expression(_ e: SQLExpr) -> String {
        switch e {
        case .detached(let name): return "Column(\(SQLValue.swiftQuoted(name))).detached"
        case .subquery(let plan): return request(plan)
        case .exists(let plan): return request(plan) + ".exists()"
        case .match(let name, let pattern):
            // The failable initializers give an optional; `rawPattern:` throws instead.
            // FTS3's `match(_:)` takes an optional pattern.
            let unwrap = pattern.kind == .rawPattern || pattern.syntax == .fts3 ? "" : "!"
            return "Column(\(SQLValue.swiftQuoted(name))).match(\(fullTextPattern(pattern))\(unwrap))"
        case .inSubquery(let plan, let x):
            if plan.operations.isEmpty, let cte = plan.commonTableExpression {
                return "\(commonTableExpression(cte)).contains(\(expression(x)))"
            }
            return "\(request(plan)).contains(\(expression(x)))"
        case .column(let name, let alias):
            let column = "Column(\(SQLValue.swiftQuoted(name)))"
            if let alias, let name = conditionAliases[alias.id] { return "\(name)[\(column)]" }
            return alias.map { "\(self.alias($0))[\(column)]" } ?? column
        case .value(let v): return v.description
        case .binary(let op, let l, let r): return "\(operand(l)) \(op.rawValue) \(operand(r))"
        case .not(let x): return "!\(operand(x))"
        case .negated(let x): return "-\(operand(x))"
        case .like(let x, let p, let esc):
            return "\(operand(x)).like(\(expression(p))\(esc.map { ", escape: \(expression($0))" } ?? ""))"
        case .collating(let x, let c): return "\(operand(x)).collating(.\(c.lowercased()))"
        case .inList(let list, let x):
            return "[" + list.map(expression).joined(separator: ", ") + "].contains(\(expression(x)))"
        case .closedRange(let lo, let hi, let x):
            return "(\(expression(lo))...\(expression(hi))).contains(\(expression(x)))"
        case .halfOpenRange(let lo, let hi, let x):
            return "(\(expression(lo))..<\(expression(hi))).contains(\(expression(x)))"
        case .function(let f, let args):
            if f.isSwiftDefined, let arg = args.first { return "\(operand(arg)).\(f.rawValue)" }
            if f == .countDistinct, let arg = args.first { return "count(distinct: \(expression(arg)))" }
            if f == .coalesce { return "coalesce([" + args.map(expression).joined(separator: ", ") + "])" }
            if f == .julianDay || f == .dateTime, let date = args.first {
                let modifiers = args.dropFirst().map { modifier -> String in
                    guard case .value(.text(let text)) = modifier, let parsed = DateModifier(sqlText: text) else {
                        return expression(modifier)
                    }
                    return parsed.swiftText
                }
                return "\(f.rawValue)(" + ([expression(date)] + modifiers).joined(separator: ", ") + ")"
            }
            return "\(f.rawValue)(" + args.map(expression).joined(separator: ", ") + ")"
        case .filteredAggregate(let f, let x, let condition):
            return "\(f.rawValue)(\(expression(x)), filter: \(expression(condition)))"
        case .cast(let x, let storage): return "cast(\(expression(x)), as: .\(storage.lowercased()))"
        case .literal(let fragment):
            return "\(literal(fragment)).sqlExpression"
        case .aggregate(let a):
            let base = association(a.association)
            switch a {
            case .count: return "\(base).count"
            case .isEmpty: return "\(base).isEmpty"
            case .average(_, let c): return "\(base).average(\(expression(c)))"
            case .min(_, let c): return "\(base).min(\(expression(c)))"
            case .max(_, let c): return "\(base).max(\(expression(c)))"
            case .sum(_, let c): return "\(base).sum(\(expression(c)))"
            case .total(_, let c): return "\(base).total(\(expression(c)))"
            }
        case .aliasExists(let alias): return "\(self.alias(alias)).exists"
        case .named(let x, let name): return "\(operand(x)).forKey(\(SQLValue.swiftQuoted(name)))"
        case .json(let call): return json(call)
        case .joined(let op, let operands):
            return "[" + operands.map(expression).joined(separator: ", ") + "].joined(operator: .\(op.rawValue))"
        case .bitwiseNot(let x): return "~\(operand(x))"
        }
    }

    func operand(_ e: SQLExpr) -> String {
        switch e {
        case .binary, .not, .negated, .bitwiseNot: return "(\(expression(e)))"
        default: return expression(e)
        }
    }
}

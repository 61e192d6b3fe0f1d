import Foundation
import GRDB

/// One schema statement of a GRDB test, `db.create(table:) { t in … }` or
/// `db.execute(sql:)`, read from its Swift text and run through GRDB itself,
/// so that the database is the one GRDB's test built.
enum TestSchemaStatement {
    case createTable(name: String, withoutRowID: Bool, body: [TableMember])
    case sql(String, arguments: [DatabaseValue])

    /// One `t.…` line of a table definition.
    enum TableMember {
        case autoIncrementedPrimaryKey(String)
        case primaryKey([String], Database.ColumnType?)
        case column(String, Database.ColumnType?, references: String?, notNull: Bool)
        case belongsTo(String, inTable: String?)
        case foreignKey([String], references: String)
    }

    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads `db.create(table: …) { t in … }` or `db.execute(sql: …)`; throws for what it does not know.
    static func read(_ statement: String) throws -> TestSchemaStatement {
        let reader = SwiftSourceReader(statement)
        let source = reader.string(0..<reader.text.count)
        if let call = source.range(of: "db.execute(") {
            let open = source.distance(from: source.startIndex, to: call.upperBound) - 1
            let arguments = reader.arguments(ofCallAt: open)
            guard let sql = arguments.first(where: { $0.label == "sql" }),
                let text = SwiftStringLiteral.decode(sql.value, strings: [:])
            else { throw Unsupported(description: "db.execute: \(statement)") }
            var values: [DatabaseValue] = []
            if let list = arguments.first(where: { $0.label == "arguments" })?.value {
                let trimmed = list.trimmingCharacters(in: .whitespacesAndNewlines)
                guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else {
                    throw Unsupported(description: "db.execute arguments: \(list)")
                }
                values = try SwiftSourceReader.split(String(trimmed.dropFirst().dropLast()), at: ",").map {
                    try value($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
            return .sql(text, arguments: values)
        }
        guard let call = source.range(of: "db.create(table:") else {
            throw Unsupported(description: "schema statement: \(statement)")
        }
        let open = source.distance(from: source.startIndex, to: call.lowerBound) + "db.create".count
        let arguments = reader.arguments(ofCallAt: open)
        guard let table = arguments.first.flatMap({ SwiftStringLiteral.decode($0.value, strings: [:]) }) else {
            throw Unsupported(description: "table name: \(statement)")
        }
        let options = arguments.first { $0.label == "options" }?.value ?? ""
        guard options.isEmpty || options.replacingOccurrences(of: " ", with: "") == "[.withoutRowID]" else {
            throw Unsupported(description: "table options \(options)")
        }
        let closeParen = reader.matchingClose(of: open) ?? open
        guard let block = reader.blocks(in: (closeParen + 1)..<reader.text.count).first else {
            throw Unsupported(description: "no table body: \(statement)")
        }
        let members = try reader.statements(in: reader.body(of: block)).map { range in
            try member(reader.string(range))
        }
        return .createTable(name: table, withoutRowID: !options.isEmpty, body: members)
    }

    /// Runs the statement in `db` with GRDB's own table definitions.
    func run(_ db: Database) throws {
        switch self {
        case .sql(let sql, let arguments):
            try db.execute(sql: sql, arguments: StatementArguments(arguments))
        case .createTable(let name, let withoutRowID, let body):
            try db.create(table: name, options: withoutRowID ? [.withoutRowID] : []) { t in
                for member in body {
                    switch member {
                    case .autoIncrementedPrimaryKey(let column):
                        t.autoIncrementedPrimaryKey(column)
                    case .primaryKey(let columns, let type):
                        if columns.count == 1, let type {
                            t.primaryKey(columns[0], type)
                        } else {
                            t.primaryKey(columns)
                        }
                    case .column(let column, let type, let references, let notNull):
                        let definition = t.column(column, type)
                        if let references { definition.references(references) }
                        if notNull { definition.notNull() }
                    case .belongsTo(let parent, let table):
                        t.belongsTo(parent, inTable: table)
                    case .foreignKey(let columns, let table):
                        t.foreignKey(columns, references: table)
                    }
                }
            }
        }
    }

    // MARK: Reading a table's members

    private static func member(_ line: String) throws -> TableMember {
        let calls = try chain(line)
        guard let (name, arguments) = calls.first else { throw Unsupported(description: line) }
        let rest = calls.dropFirst()
        let strings = arguments.map { SwiftStringLiteral.decode($0.value, strings: [:]) }
        switch (name, rest.isEmpty) {
        case ("autoIncrementedPrimaryKey", true) where arguments.count == 1:
            if let column = strings[0] { return .autoIncrementedPrimaryKey(column) }
        case ("primaryKey", true) where arguments.count == 2:
            if let column = strings[0], let type = columnType(arguments[1].value) {
                return .primaryKey([column], type)
            }
        case ("primaryKey", true) where arguments.count == 1:
            if let columns = stringArray(arguments[0].value) { return .primaryKey(columns, nil) }
        case ("belongsTo", true) where arguments.count <= 2:
            let table = arguments.count == 2 && arguments[1].label == "inTable" ? strings[1] : nil
            if let parent = strings[0], arguments.count == 1 || table != nil {
                return .belongsTo(parent, inTable: table)
            }
        case ("foreignKey", true) where arguments.count == 2 && arguments[1].label == "references":
            if let columns = stringArray(arguments[0].value), let table = strings[1] {
                return .foreignKey(columns, references: table)
            }
        case ("column", _) where arguments.count <= 2:
            guard let column = strings[0] else { break }
            let type = arguments.count == 2 ? columnType(arguments[1].value) : nil
            if arguments.count == 2, type == nil { break }
            var references: String?
            var notNull = false
            for (modifier, modifierArguments) in rest {
                if modifier == "notNull", modifierArguments.isEmpty {
                    notNull = true
                } else if modifier == "references", modifierArguments.count == 1,
                    let table = SwiftStringLiteral.decode(modifierArguments[0].value, strings: [:])
                {
                    references = table
                } else {
                    throw Unsupported(description: "column modifier \(modifier): \(line)")
                }
            }
            return .column(column, type, references: references, notNull: notNull)
        default:
            break
        }
        throw Unsupported(description: "table member: \(line)")
    }

    /// `t.a(…).b(…)` as its calls.
    private static func chain(_ line: String) throws -> [(String, [(label: String?, value: String)])] {
        let reader = SwiftSourceReader(line.trimmingCharacters(in: .whitespacesAndNewlines))
        guard reader.text.starts(with: ["t", "."]) else { throw Unsupported(description: line) }
        var calls: [(String, [(label: String?, value: String)])] = []
        var i = 2
        while i < reader.text.count {
            var name = ""
            while i < reader.text.count, reader.text[i].isLetter || reader.text[i].isNumber {
                name.append(reader.text[i])
                i += 1
            }
            guard i < reader.text.count, reader.text[i] == "(", let close = reader.matchingClose(of: i) else {
                throw Unsupported(description: line)
            }
            calls.append((name, reader.arguments(ofCallAt: i)))
            i = close + 1
            while i < reader.text.count, reader.text[i].isWhitespace { i += 1 }
            if i < reader.text.count {
                guard reader.text[i] == "." else { throw Unsupported(description: line) }
                i += 1
            }
        }
        return calls
    }

    /// A literal argument: an integer, a double, a string or `nil`.
    private static func value(_ text: String) throws -> DatabaseValue {
        if text == "nil" { return .null }
        if let integer = Int64(text) { return integer.databaseValue }
        if let double = Double(text) { return double.databaseValue }
        if let string = SwiftStringLiteral.decode(text, strings: [:]) { return string.databaseValue }
        throw Unsupported(description: "argument \(text)")
    }

    private static func columnType(_ text: String) -> Database.ColumnType? {
        switch text {
        case ".integer": .integer
        case ".text": .text
        case ".double": .double
        case ".blob": .blob
        case ".numeric": .numeric
        case ".boolean": .boolean
        case ".date": .date
        case ".datetime": .datetime
        case ".real": .real
        case ".any": .any
        default: nil
        }
    }

    private static func stringArray(_ text: String) -> [String]? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else { return nil }
        let elements = SwiftSourceReader.split(String(trimmed.dropFirst().dropLast()), at: ",")
        let strings = elements.map { SwiftStringLiteral.decode($0, strings: [:]) }
        guard strings.allSatisfy({ $0 != nil }) else { return nil }
        return strings.compactMap { $0 }
    }
}

import ArborCore
import ArborLanguage

/// The Decodable types a GRDB user declares to fetch a request with associations
/// (`struct AuthorInfo: Decodable, FetchableRecord { var author: Author; var books: [Book] }`):
/// one per level of the result tree, with a property per association key and per
/// annotation, as GRDB decodes them (GRDB's Associations guide, "Decoding a Joined Request").
struct SwiftResultType {
    let printer: SwiftPrinter
    let environment: Environment
    /// The declarations of the result types, innermost first.
    private(set) var declarations: [String] = []
    private var usedNames: Set<String> = []

    init(printer: SwiftPrinter, environment: Environment) {
        self.printer = printer
        self.environment = environment
    }

    /// The result type of `plan`, when it needs one (includes or annotations);
    /// nil when its rows decode as the record type itself.
    mutating func build(_ plan: RequestPlan) -> String? {
        let level = Level(table: plan.table, operations: plan.levelOperations)
        guard level.needsOwnType else { return nil }
        return type(of: level)
    }

    /// One level of the tree: a table and the operations that shape its rows.
    struct Level {
        var table: String
        var operations: [RequestOperation]

        var tree: IncludeTree { IncludeTree(operations: operations) }

        var annotations: [(name: String, expression: SQLExpr)] {
            operations.flatMap { operation -> [(String, SQLExpr)] in
                guard case .annotated(let selection) = operation else { return [] }
                return selection.compactMap { item in
                    guard case .expression(let expression) = item, let name = Self.name(of: expression) else {
                        return nil
                    }
                    return (name, expression)
                }
            }
        }

        var selectsColumns: [String]? {
            var columns: [String]?
            for operation in operations {
                let selection: [Selectable]
                switch operation {
                case .select(let s), .databaseSelection(_, let s): selection = s
                default: continue
                }
                columns = selection.compactMap { item in
                    if case .expression(let expression) = item { return Self.name(of: expression) }
                    return nil
                }
            }
            return columns
        }

        var needsOwnType: Bool { !tree.children.isEmpty || !annotations.isEmpty || selectsColumns != nil }

        static func name(of expression: SQLExpr) -> String? {
            switch expression {
            case .named(_, let name): name
            case .column(let name, _): name
            case .aggregate(let aggregate): aggregate.defaultName
            default: nil
            }
        }
    }

    private mutating func type(of level: Level) -> String {
        let recordType = printer.type(level.table)
        let name = uniqueName(recordType + "Info")
        var properties: [(key: String, type: String)] = []
        func add(_ key: String, _ type: String) {
            guard !properties.contains(where: { $0.key == key }) else { return }
            properties.append((key, type))
        }
        if let columns = level.selectsColumns {
            for column in columns { add(column, columnType(column, in: level.table, nullable: true)) }
        } else {
            // GRDB decodes the base record from the row's own columns, whatever the property's name.
            var base = Naming.lowerCamel(Naming.words(recordType))
            if level.tree.children.contains(where: { $0.key == base }) { base += "Record" }
            add(base, recordType)
        }
        for (annotation, expression) in level.annotations { add(annotation, expressionType(expression, level.table)) }
        for child in level.tree.children {
            let nested = Level(table: child.table, operations: child.operations)
            let element = nested.needsOwnType ? type(of: nested) : printer.type(child.table)
            switch child.kind {
            case .toMany: add(child.key, "[\(element)]")
            case .toOne: add(child.key, child.isRequired ? element : element + "?")
            }
        }
        declarations.append(
            SwiftStruct.text(name: name, conformances: "Decodable, FetchableRecord", properties: properties))
        return name
    }

    private mutating func uniqueName(_ base: String) -> String {
        var name = base
        var number = 2
        while !usedNames.insert(name).inserted || environment.schema.table(named: name) != nil {
            name = base + String(number)
            number += 1
        }
        return name
    }

    /// The Swift type of a column, from its declared type as SQLite reads it (affinity).
    func columnType(_ column: String, in table: String, nullable: Bool) -> String {
        guard let info = environment.schema.table(named: table)?.column(named: column) else { return "String?" }
        return Self.swiftType(declared: info.type, nullable: nullable && !Self.isNeverNull(info, table, environment))
    }

    static func isNeverNull(_ column: ColumnInfo, _ table: String, _ environment: Environment) -> Bool {
        RecordProperty.isNeverNull(column, in: environment.schema.table(named: table))
    }

    static func swiftType(declared: String, nullable: Bool) -> String {
        RecordProperty.swiftType(declared: declared) + (nullable ? "?" : "")
    }

    /// The Swift type of an annotation, as GRDB's aggregates give them.
    func expressionType(_ expression: SQLExpr, _ table: String) -> String {
        switch expression {
        case .named(let inner, _): return expressionType(inner, table)
        case .column(let name, _): return columnType(name, in: table, nullable: true)
        case .aggregate(.count): return "Int"
        case .aggregate(.isEmpty): return "Bool"
        case .aggregate(.average): return "Double?"
        case .aggregate(.total): return "Double"
        case .aggregate(.min(let association, let column)), .aggregate(.max(let association, let column)),
            .aggregate(.sum(let association, let column)):
            if case .column(let name, _) = column {
                return columnType(name, in: association.destination, nullable: true)
            }
            return "Double?"
        case .function(.count, _), .function(.countDistinct, _): return "Int"
        case .binary(let op, _, _)
        where [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .and, .or]
            .contains(op):
            return "Bool"
        case .not, .like, .inList, .closedRange, .halfOpenRange: return "Bool"
        default: return "Double?"
        }
    }
}

/// A struct of properties decoded by key: `CodingKeys` say which key a property
/// reads when its name is not the key itself (`my col` → `myCol`).
enum SwiftStruct {
    static func text(
        name: String, conformances: String, statics: [String] = [], properties: [(key: String, type: String)]
    ) -> String {
        var lines = ["struct \(name): \(conformances) {"]
        lines += statics.map { "    " + $0 }
        var keys: [(identifier: String, key: String)] = []
        for ((key, type), identifier) in zip(properties, SwiftIdentifier.unique(properties.map(\.key))) {
            keys.append((identifier, key))
            lines.append("    var \(identifier): \(type)")
        }
        if keys.contains(where: { $0.identifier.trimmingBackticks != $0.key }) {
            lines.append("")
            lines.append("    enum CodingKeys: String, CodingKey {")
            for (identifier, key) in keys {
                lines.append(
                    identifier.trimmingBackticks == key
                        ? "        case \(identifier)" : "        case \(identifier) = \(SQLValue.swiftQuoted(key))")
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate var trimmingBackticks: String { filter { $0 != "`" } }
}

/// A name as a Swift identifier: kept when it is one, in backticks when it is a
/// keyword, else made of its words.
public enum SwiftIdentifier {
    /// The name as it is typed: in backticks (a raw identifier, Swift 6.2) when it
    /// is not an identifier or is a keyword: `` Z.`a.b` ``.
    public static func typed(_ name: String) -> String {
        isIdentifier(name) && !keywords.contains(name) ? name : "`\(name)`"
    }

    /// A type name for a table without a record type: `x.y` → `XY`, `2nd` → `_2nd`.
    static func typeName(_ table: String) -> String {
        let type = Naming.upperCamel(words(table))
        guard let first = type.unicodeScalars.first, !("0"..."9").contains(first) else { return "_" + type }
        return keywords.contains(type) ? "`\(type)`" : type
    }

    /// The words of a name; whatever is not a letter, a digit or `_` separates them.
    static func words(_ name: String) -> [String] {
        let spaced = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map {
                    $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) ? $0 : " "
                }
            ))
        return spaced.split(separator: " ").flatMap { Naming.words(String($0)) }.filter { !$0.isEmpty }
    }

    static func isIdentifier(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        return !scalars.isEmpty
            && scalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && !("0"..."9").contains(scalars[0])
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any", "catch", "false",
        "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
        // Not keywords, but no member may have these names, and `_` alone is no name.
        "Type", "Protocol", "_",
    ]

    /// An identifier for each name (as `make`), made unique in order by `_` suffixes:
    /// `a b`, `aB` → `aB`, `aB_`. The suffix goes inside the backticks: `` `_`, `__` ``.
    static func unique(_ names: [String]) -> [String] {
        var used: Set<String> = []
        return names.map { name in
            var bare = make(name).filter { $0 != "`" }
            while !used.insert(bare).inserted { bare += "_" }
            return isIdentifier(bare) && !keywords.contains(bare) ? bare : "`\(bare)`"
        }
    }

    static func make(_ name: String) -> String {
        let isIdentifier = isIdentifier(name)
        if isIdentifier { return keywords.contains(name) ? "`\(name)`" : name }
        let words = words(name)
        let camel = Naming.lowerCamel(words)
        guard let first = camel.unicodeScalars.first, !("0"..."9").contains(first), !camel.isEmpty else {
            // `_` alone (a name without a letter or digit: "", "😀") is no identifier.
            return camel.isEmpty ? "`_`" : "_" + camel
        }
        return keywords.contains(camel) ? "`\(camel)`" : camel
    }
}

import ArborCore
import ArborLanguage

/// The words of arbor's language, for libFuzzer's dictionary (`-dict=`) and
/// for the grammar-aware mutator: names, labels, operators, literals and
/// whole fragments of requests that the guides write.
enum FuzzVocabulary {
    static let keywords = [
        "let", "true", "false", "nil", "self", "Self", "in", "try", "return", "static", "var", "extension", "struct",
        "enum", "class", "databaseTableName", "Row.self", "db",
    ]

    static let functions = [
        "Column", "Table", "TableAlias", "ForeignKey", "AllColumns", "SQL", "abs", "length", "count", "min", "max",
        "sum", "total", "average", "cast", "coalesce", "StatementArguments", "FTS5Pattern", "CommonTableExpression",
    ]

    static let methods = [
        "all", "none", "filter", "order", "orderByPrimaryKey", "reversed", "unordered", "select", "annotated",
        "having", "group", "limit", "distinct", "aliased", "including", "joining", "asRequest", "fetchAll",
        "fetchOne", "fetchCount", "belongsTo", "hasMany", "hasOne", "forKey", "isEmpty", "like", "collating",
        "between", "asc", "desc", "ascNullsLast", "descNullsFirst", "lowercased", "uppercased", "capitalized",
        "contains", "exists", "sqlExpression", "matching", "groupByPrimaryKey", "withStableOrder", "request", "with",
        "association", "match", "detached", "find",
    ]

    static let labels = [
        "all:", "required:", "optional:", "with:", "withRequired:", "withOptional:", "key:", "keys:", "id:", "ids:",
        "sql:", "arguments:", "offset:", "through:", "using:", "to:", "of:", "as:", "distinct:", "name:", "escape:",
        "for:", "literal:", "identifier:", "named:", "columns:", "recursive:", "request:", "on:",
        "matchingAllTokensIn:", "matchingAnyTokenIn:", "matchingPhrase:", "matchingAllPrefixesIn:", "rawPattern:",
    ]

    static let implicitMembers = [
        ".nocase", ".rtrim", ".binary", ".integer", ".real", ".text", ".blob", ".localizedCompare",
        ".unicodeCompare", ".caseInsensitiveCompare",
    ]

    static let symbols = [
        "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "\\.", "\\.$", "$0", "$0.", "$1", "...", "..<", "??", "||",
        "&&", "==", "!=", "===", "!==", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "!", "=", "->", "?", "\"",
        "#\"", "\"\"\"", "`", "@", "#", "//", "/*", "*/", "\n", " in ", "[:]", "()", "{ $0 }", "\\(", "\"\\(x)\"",
    ]

    static let literals = [
        "0", "1", "-1", "2", "1.5", "1e308", "0x1F", "9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "\"x\"", "\"\"", "\"%a%\"", "\"\\u{1F600}\"", "\"\\n\"", "#\"raw\"#", "'x'",
    ]

    static let commands = [
        ":help", ":tables", ":schema book", ":associations author", ":graph author", ":graph", ":complete ",
        ":format json",
    ]

    /// Fragments that splice into requests.
    static let snippets = [
        ".including(all: Author.books)", ".including(required: author)", ".including(optional: translator)",
        ".joining(required: Book.author)", ".joining(optional: books.filter { $0.year > 2000 })",
        ".filter(Column(\"id\") == 1)", ".filter { $0.name != nil }", ".filter(key: 1)", ".filter(keys: [1, 2])",
        ".filter(sql: \"id = ?\", arguments: [1])", ".order(Column(\"name\").desc)", ".order(\\.title)",
        ".order(sql: \"title\")", ".reversed()", ".annotated(with: books.count)",
        ".annotated(with: Author.books.max(Column(\"year\")))",
        ".annotated(withRequired: author.select(Column(\"name\")))", ".having(books.count > 1)",
        ".having(Author.books.isEmpty == false)", ".select(Column(\"id\"))", ".select(sql: \"id\")",
        ".select(AllColumns())", ".limit(1, offset: 2)", ".forKey(\"x\")", ".aliased(TableAlias())",
        ".aliased(TableAlias(name: \"a\"))", ".group(Column(\"authorId\"))", ".distinct()", ".all()", ".none()",
        ".unordered()", ".orderByPrimaryKey()", ".fetchCount()", ".fetchOne()", ".asRequest(of: Row.self)",
        "Book.hasMany(Row.self, through: Book.bookTags, using: BookTag.tag)",
        "Author.hasOne(Country.self, through: Author.country, using: Country.demographics)",
        "Book.belongsTo(Author.self, using: ForeignKey([\"translatorId\"]))",
        "Book.belongsTo(Author.self, key: \"writer\", using: ForeignKey([\"authorId\"], to: [\"id\"]))",
        "Table(\"book\")", "let a = TableAlias()\n", "a[Column(\"name\")]", "Column(\"title\").like(\"%a%\")",
        "Column(\"name\").collating(.nocase)", "[1, 2].contains(Column(\"id\"))", "(1...3).contains(Column(\"id\"))",
        "Column(\"year\").between(1900, 2000)", "cast(Column(\"year\"), as: .text)", "count(distinct: Column(\"id\"))",
        "Author.books.count.forKey(\"n\")",
        "extension Book { static let writer = belongsTo(Author.self, using: ForeignKey([\"authorId\"])) }\n",
        "struct Person: TableRecord { static let databaseTableName = \"author\" }\n",
        "Author(id: 1, name: \"x\")", "Book(id: 1, authorId: nil, title: \"t\", awards: 0)",
        ".request(for: Author.books)", ".request(for: Book.tags)", "let r = try Author.filter(id: 1).fetchOne(db)\n",
        "r!.request(for: Author.country)", "r?.", "r.name",
        // Swift files: bodies, closures, generics, `#if`, Swift's own values.
        "extension DerivableRequest<Book> {\n func recent() -> Self { filter(Column(\"year\") > 2000) }\n}\n",
        "extension Book {\n static func byAuthor(_ id: Int64) -> SQLSpecificExpressible { Column(\"authorId\") == id }\n}\n",
        "#if DEBUG\n", "#elseif os(iOS)\n", "#else\n", "#endif\n", "if ids.contains(nil) { return self }\n",
        "ids.compactMap { $0 }", "[1, nil].map { _ in }", "guard let id else { return none() }\n",
        "switch order { case .forward: return self\n default: return reversed() }\n",
        "Date(timeIntervalSince1970: 0)", "Date().addingTimeInterval(-86_400)", "SortOrder.reverse",
        "Calendar.current.date(byAdding: .day, value: -7, to: Date())!", "func f<T: TableRecord>(_ t: T.Type) {}\n",
        "for x in [1, 2] { print(x) }\n", "let (a, b) = (1, 2)\n", "x is Int", "{ (a: Int) -> Bool in a > 1 }",
    ]

    /// Every fixed word.
    static var fixedWords: [String] {
        keywords + functions + methods + labels + implicitMembers + symbols + literals + commands + snippets
    }

    /// The names of an environment: record types, tables, associations and columns.
    static func names(of environment: Environment) -> [String] {
        var names = environment.typeNames.allTypeNames
        for table in environment.schema.tables {
            names.append("\"\(table.name)\"")
            names += environment.catalog.associations(of: table.name).map(\.name)
            names += table.columns.map { "\"\($0.name)\"" }
            names += table.columns.map(\.name)
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// libFuzzer's dictionary format: one `"…"` per line, with `\\`, `\"` and `\xNN` escapes.
    /// libFuzzer ignores entries longer than 64 bytes: they are left out.
    static func dictionary(words: [String]) -> String {
        var lines = [
            "# Words of arbor's request language, for libFuzzer's -dict= (generated by `arbor-fuzz --dictionary`)."
        ]
        for word in words where (1...64).contains(word.utf8.count) {
            var escaped = ""
            for byte in word.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): escaped += "\\\\"
                case UInt8(ascii: "\""): escaped += "\\\""
                case 0x20...0x7E: escaped.append(Character(Unicode.Scalar(byte)))
                default: escaped += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            lines.append("\"\(escaped)\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}

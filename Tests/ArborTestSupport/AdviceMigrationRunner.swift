import ArborLanguage
import GRDB

/// The migrations `:advise` prints, registered in a GRDB `DatabaseMigrator` as an app
/// would paste them: each `migrator.registerMigration(title) { db in … }`, its
/// statements read with arbor's own lexer (Swift string literals, escapes and
/// multi-line ones included) and run through the same GRDB calls (`db.execute(sql:)`,
/// `db.create(indexOn:columns:)`, `db.drop(table:)`, `db.rename(table:to:)`).
public enum AdviceMigrationRunner {
    public struct UnreadableMigration: Error, CustomStringConvertible {
        public var description: String
    }

    /// One call of a migration's body: the method and its labelled arguments.
    struct Call {
        var method: String
        var arguments: [String: [String]]
    }

    /// Registers and runs every migration of `text` with GRDB's migrator on the database
    /// at `path` (foreign keys on, as GRDB opens it, so each is checked at its end);
    /// returns their titles.
    @discardableResult
    public static func apply(_ text: String, to path: String) throws -> [String] {
        var migrator = DatabaseMigrator()
        let titles = try register(text, in: &migrator)
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        // The migrator's foreign key check at each migration's end is the point.
        guard try queue.read({ try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") }) == true else {
            throw UnreadableMigration(description: "foreign keys are off: GRDB's migrator would not check them")
        }
        try migrator.migrate(queue)
        return titles
    }

    /// Registers every migration of `text` in `migrator`, in order; returns their titles.
    @discardableResult
    public static func register(_ text: String, in migrator: inout DatabaseMigrator) throws -> [String] {
        let tokens = Lexer.tokenize(text)
        var titles: [String] = []
        var i = 0
        while i < tokens.count {
            guard case .identifier("registerMigration", _) = tokens[i].kind else {
                i += 1
                continue
            }
            guard i + 2 < tokens.count, case .string(let title) = tokens[i + 2].kind else {
                throw UnreadableMigration(description: "no title after registerMigration")
            }
            // The body: from the `{` after the title to its matching `}`.
            var j = i + 3
            while j < tokens.count, tokens[j].kind != .punctuation(.leftBrace) { j += 1 }
            var depth = 0
            var body: [Token] = []
            while j < tokens.count {
                if tokens[j].kind == .punctuation(.leftBrace) { depth += 1 }
                if tokens[j].kind == .punctuation(.rightBrace) {
                    depth -= 1
                    if depth == 0 { break }
                }
                body.append(tokens[j])
                j += 1
            }
            let calls = try self.calls(in: body)
            migrator.registerMigration(title) { db in
                for call in calls { try run(call, db) }
            }
            titles.append(title)
            i = j
        }
        return titles
    }

    /// The `db.method(label: value, …)` calls of a body, values strings or arrays of
    /// strings (each label's strings, up to the next label).
    static func calls(in body: [Token]) throws -> [Call] {
        var calls: [Call] = []
        var i = 0
        while i + 3 < body.count {
            guard case .identifier("db", _) = body[i].kind, body[i + 1].kind == .punctuation(.dot),
                case .identifier(let method, _) = body[i + 2].kind, body[i + 3].kind == .punctuation(.leftParen)
            else {
                i += 1
                continue
            }
            var arguments: [String: [String]] = [:]
            var label = ""
            var values: [String] = []
            i += 4
            while i < body.count, body[i].kind != .punctuation(.rightParen) {
                switch body[i].kind {
                case .identifier(let name, _) where i + 1 < body.count && body[i + 1].kind == .punctuation(.colon):
                    label = name
                    values = []
                    i += 1
                case .string(let value):
                    values.append(value)
                    arguments[label] = values
                case .punctuation(.comma), .punctuation(.leftBracket), .punctuation(.rightBracket),
                    .punctuation(.colon):
                    break
                default:
                    throw UnreadableMigration(description: "unexpected token in db.\(method)(…): \(body[i].kind)")
                }
                i += 1
            }
            calls.append(Call(method: method, arguments: arguments))
        }
        return calls
    }

    static func run(_ call: Call, _ db: Database) throws {
        func one(_ label: String) throws -> String {
            guard let value = call.arguments[label]?.first else {
                throw UnreadableMigration(description: "db.\(call.method) without \(label):")
            }
            return value
        }
        switch call.method {
        case "execute":
            try db.execute(sql: try one("sql"))
        case "create":
            try db.create(indexOn: try one("indexOn"), columns: call.arguments["columns"] ?? [])
        case "drop":
            try db.drop(table: try one("table"))
        case "rename":
            try db.rename(table: try one("table"), to: try one("to"))
        default:
            throw UnreadableMigration(description: "db.\(call.method) is not a call the advice makes")
        }
    }
}

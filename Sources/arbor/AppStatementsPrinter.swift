import ArborCore
import ArborSession

/// `--format sql`: each statement on its own line, ending in `;`, pasteable into
/// `sqlite3`; with `--prefetch`, the app's prefetch statements after the main one.
enum AppStatementsPrinter {
    /// Above this many parent rows `--prefetch` refuses: every parent's key would be
    /// written into the prefetch statement.
    static let parentLimit = 250_000

    /// Prints a statement and its `;`, after a `/* comment */` when one is given,
    /// with notes on standard error for SQL that will not run as printed.
    static func printSQL(_ sql: String, comment: String? = nil) {
        let (text, isExact) = SQLText.terminalSafe(sql)
        let head = comment.map { "/* " + SQLText.commentSafe($0) + " */ " } ?? ""
        // Raw SQL may end in its own `;` (`SQLRequest("SELECT …;")`): one is enough.
        Output.line(head + text + (text.hasSuffix(";") ? "" : ";"))
        if !isExact {
            Output.error(
                "arbor: note: a name in this SQL holds control characters, shown escaped: it will not run as printed")
        }
        if SwiftDefinedSQL.isPresent(in: sql) {
            Output.error(
                "arbor: note: this SQL calls functions or collations GRDB defines in Swift; it will not run in the sqlite3 shell"
            )
        }
    }

    /// The main statement, then each statement GRDB would prefetch with, in the
    /// order it runs them, after `/* prefetch KEY.PATH */`. A prefetch lists its
    /// parents' keys, so a request with `including(all:)` is run to know them.
    static func print(_ result: RequestResult, from session: Session) -> Bool {
        guard result.strategy.runsPrefetches else {
            printSQL(result.mainSQL)
            return true
        }
        do {
            let statements = try session.appStatements(
                result.checked, single: result.isSingleRow, parentLimit: parentLimit)
            for (i, statement) in statements.enumerated() {
                printSQL(statement.sql, comment: i == 0 ? nil : statement.label)
            }
            return true
        } catch let error as AppStatementsTooLarge {
            Output.error(
                "error: --prefetch: the prefetch statements would list the keys of \(error.parents) parent rows, "
                    + "more than the limit of \(error.limit): narrow the request (filter, limit)")
        } catch let error as ArborError {
            Output.error("error: \(error.description)")
        } catch {
            Output.error("error: \(Session.message(error))")
        }
        return false
    }
}

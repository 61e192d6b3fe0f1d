import GRDB
import GRDBSQLite

/// The versions of what arbor's SQL comes from, for `--version`.
public enum Versions {
    /// The GRDB that builds arbor's SQL: the version `Package.resolved` pins (a test checks they agree).
    public static let grdb = "7.10.0"

    /// The SQLite library arbor runs on, as it says itself.
    public static var sqlite: String {
        guard let text = sqlite3_libversion() else { return "unknown" }
        return String(cString: text)
    }
}

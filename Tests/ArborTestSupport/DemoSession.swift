import ArborSession
import XCTest

/// The built-in demo library (the database of GRDB's Associations guide).
public enum DemoSession {
    /// A new session on the demo: each test gets its own bindings and declarations.
    public static func make() throws -> Session {
        try Session(path: nil)
    }
}

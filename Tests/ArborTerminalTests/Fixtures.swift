import ArborCore
import ArborLanguage
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborTerminal

/// Rows built by hand, and the demo session, shared by the tests.
enum Fixtures {
    static func row(_ columns: [(String, DatabaseValueConvertible?)], children: [ResultChild] = []) -> ResultRow {
        ResultRow(columns: columns.map { ($0.0, $0.1?.databaseValue ?? .null) }, children: children)
    }

    /// Two authors with books, and a book with a to-one author, a control character and wide text.
    static let authors: [ResultRow] = [
        row(
            [("id", 1), ("name", "Herman Melville")],
            children: [
                ResultChild(
                    key: "books", table: "book",
                    value: .toMany([
                        row([("id", 1), ("title", "Moby-Dick"), ("year", 1851)]),
                        row([("id", 7), ("title", "Typee"), ("year", 1846)]),
                    ]))
            ]),
        row(
            [("id", 2), ("name", "村上春樹")],
            children: [
                ResultChild(
                    key: "books", table: "book",
                    value: .toMany([row([("id", 3), ("title", "A\u{1B}[31mB"), ("year", nil)])]))
            ]),
    ]

    static let source = ArrayResultSource(table: "author", rows: authors)

    static func demo() throws -> Session {
        try DemoSession.make()
    }

    /// A database file made from `sql`, in a fresh temporary folder.
    static func database(_ sql: String) throws -> String {
        try TemporaryDatabase.make(sql)
    }

    /// The state after running `text` in `session` (the demo by default), as the
    /// loop would; `interactive` runs it as the interface's worker does (windowed,
    /// the app's statements worked out afterwards). With `walk`, Esc then takes the
    /// focus from the input (where ↵ leaves it) to the result.
    static func state(
        after text: String, width: Int, height: Int, in session: Session? = nil, interactive: Bool = false,
        walk: Bool = true
    ) throws -> AppState {
        let session = try session ?? demo()
        var state = AppState(width: width, height: height, environment: session.environment)
        for c in text { _ = state.update(.key(.character(c))) }
        let effects = state.update(.key(.enter))
        guard case .run(let submitted, let generation)? = effects.last else {
            XCTFail("no run effect: \(effects)")
            return state
        }
        let outcomes = interactive ? session.runInteractive(submitted) : session.run(submitted)
        _ = state.update(
            .finished(
                generation: generation, outcomes: outcomes, environment: session.environment, elapsed: 0.004))
        for case .rows(let result) in outcomes where result.appStatements == nil {
            _ = state.update(
                .appStatements(
                    generation: generation,
                    statements: try session.appStatements(result.plan, single: result.isSingleRow), note: nil))
        }
        if walk { _ = state.update(.key(.escape)) }
        return state
    }
}

extension Fixtures {
    /// An environment with no tables, for tests that need none.
    static var emptyEnvironment: ArborLanguage.Environment {
        Environment(schema: SchemaGraph(tables: []))
    }
}

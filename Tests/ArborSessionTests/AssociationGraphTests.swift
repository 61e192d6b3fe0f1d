import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborSession

/// Issue 13, item 3: `:graph [TABLE]` and `arbor --graph --format mermaid|dot`. The
/// diagrams are checked with grammars of their own (MermaidChecker, DOTChecker), and
/// hostile names must come back from them exactly as they are.
final class AssociationGraphTests: XCTestCase {
    func command(_ text: String, in session: Session, file: StaticString = #filePath, line: UInt = #line) -> String {
        switch session.run(text).last {
        case .commandOutput(let output)?: return output
        case .failure(let errors, _)?: return "error: " + errors.map(\.description).joined(separator: "\n")
        case let other: XCTFail("\(text): \(String(describing: other))", file: file, line: line)
        }
        return ""
    }

    /// The names `:associations T` lists, first word of each line.
    func associationNames(of table: String, in session: Session) -> [String] {
        command(":associations \(table)", in: session).split(separator: "\n")
            .filter { !$0.hasPrefix("no association:") && !$0.hasSuffix("has no associations") }
            .map { String($0.prefix(while: { $0 != " " })) }
    }

    /// The association names drawn as a table's own (`▶`) in a `:graph` text.
    func ownEdgeNames(in text: String) -> [String] { edgeNames(in: text, arrow: "─▶ ") }

    /// The associations of other tables drawn as leading to the table (`◀`): `Book.tags`.
    func incomingEdgeNames(in text: String) -> [String] { edgeNames(in: text, arrow: "─◀ ") }

    func edgeNames(in text: String, arrow: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard let found = line.range(of: arrow) else { return nil }
            return String(line[found.upperBound...].prefix(while: { $0 != " " }))
        }
    }

    // MARK: The demo

    /// Every association of `:associations T` is in `:graph T`, in the whole graph, and
    /// is an edge of the Mermaid and DOT diagrams, from T's node, labelled with its name.
    func testGraphShowsEveryAssociationOfTheDemo() throws {
        let session = try Session(path: nil)
        let environment = session.environment
        let whole = command(":graph", in: session)
        let graph = session.associationGraph()
        let ids = graph.nodeIDs()
        let mermaid = try MermaidChecker.check(MermaidGraph.text(graph))
        let dot = try DOTChecker.check(DOTGraph.text(graph))
        var total = 0
        var incomingTotal = 0
        for table in environment.schema.tables {
            let names = associationNames(of: table.name, in: session)
            XCTAssertFalse(names.isEmpty, table.name)
            total += names.count
            let around = command(":graph \(table.name)", in: session)
            // The text groups them by the table at the other end: the same names, in another order.
            XCTAssertEqual(ownEdgeNames(in: around).sorted(), names.sorted(), table.name)
            // And every association of another table that ends at it, found by reading them all.
            let incoming = environment.schema.tables.filter { $0.name != table.name }.flatMap { other in
                environment.catalog.associations(of: other.name).filter {
                    $0.plan.destination.sqlFolded == table.name.sqlFolded
                }.map(\.plan.displayName)
            }
            XCTAssertEqual(incomingEdgeNames(in: around).sorted(), incoming.sorted(), table.name)
            incomingTotal += incoming.count
            // The whole graph: the table's block, between its name and the next blank line.
            let blocks = whole.components(separatedBy: "\n\n")
            let block = try XCTUnwrap(
                blocks.first { $0.hasPrefix(environment.displayName(ofTable: table.name) + "\n") }, table.name)
            XCTAssertEqual(ownEdgeNames(in: block).sorted(), names.sorted(), table.name)
            let id = try XCTUnwrap(ids[table.name.sqlFolded])
            XCTAssertEqual(
                mermaid.edges.filter { $0.from == id }.compactMap { $0.label?.components(separatedBy: " (").first },
                names, table.name)
            XCTAssertEqual(
                try dot.edges.filter { $0.from == id }.map {
                    try DOTChecker.labelText($0.attributes["label"] ?? "").components(separatedBy: " (").first ?? ""
                }, names, table.name)
        }
        XCTAssertEqual(total, 56)
        // Every association ends at another table but the three of `employee` to itself.
        XCTAssertEqual(incomingTotal, 53)
        XCTAssertEqual(mermaid.edges.count, total)
        XCTAssertEqual(dot.edges.count, total)
        XCTAssertEqual(mermaid.nodes.count, environment.schema.tables.count)
        XCTAssertEqual(dot.nodes.count, environment.schema.tables.count)
    }

    /// Around a table: its own associations (`▶`) and those of other tables that end at it (`◀`),
    /// grouped by the table at the other end; through associations too.
    func testGraphAroundATable() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(
            command(":graph Tag", in: session),
            """
            Tag
            ├─ BookTag
            │  ├─▶ bookTags     hasMany         tagId → id
            │  └─◀ BookTag.tag  belongsTo       tagId → id
            └─ Book
               ├─▶ books        hasManyThrough  through Tag.bookTags using BookTag.book
               └─◀ Book.tags    hasManyThrough  through Book.bookTags using BookTag.tag
            """)
        // Declared associations say so, with their key when it is not their name; a table
        // joined to itself is shown once, as itself.
        XCTAssertEqual(
            command(":graph employee", in: session),
            """
            Employee
            ├─ Library
            │  ├─▶ library            belongsTo  libraryId → id
            │  └─◀ Library.employees  hasMany    libraryId → id
            └─ Employee (itself)
               ├─▶ manager            belongsTo  managerId → id
               ├─▶ employees          hasMany    managerId → id
               └─▶ subordinates       hasMany    managerId → id, declared
            """)
        let author = command(":graph Author", in: session).split(separator: "\n").map(String.init)
        XCTAssertTrue(
            author.contains(
                "├─ Book  ambiguous: book has 2 foreign keys to author (authorId, translatorId)"), "\(author)")
        XCTAssertTrue(
            author.contains("│  ├─▶ writtenBooks           hasMany    authorId → id, key \"books\", declared"),
            "\(author)")
        XCTAssertTrue(author.contains("│  └─◀ Book.author            belongsTo  authorId → id"), "\(author)")
    }

    func testGraphArgumentErrors() throws {
        let session = try Session(path: nil)
        XCTAssertEqual(
            command(":graph Autor", in: session), "error: no table named Autor (did you mean `author`?)")
        // A record type names its table; so does a double-quoted name.
        XCTAssertEqual(command(":graph \"book\"", in: session), command(":graph Book", in: session))
    }

    /// Ambiguous pairs: red in DOT, `ambiguous pair` in every label; views and tables
    /// without associations.
    func testAmbiguousPairsAndLonelyTables() throws {
        let session = try Session(
            path: TemporaryDatabase.make(
                """
                CREATE TABLE person (id INTEGER PRIMARY KEY);
                CREATE TABLE message (id INTEGER PRIMARY KEY, senderId INTEGER REFERENCES person(id), recipientId INTEGER REFERENCES person(id));
                CREATE TABLE lonely (id INTEGER PRIMARY KEY);
                CREATE VIEW personView AS SELECT * FROM person;
                """))
        XCTAssertEqual(
            command(":graph", in: session),
            """
            Person
            └─ Message  ambiguous: message has 2 foreign keys to person (senderId, recipientId)
               ├─▶ messagesAsRecipient  hasMany  recipientId → id
               └─▶ messagesAsSender     hasMany  senderId → id

            Message
            └─ Person  ambiguous: message has 2 foreign keys to person (senderId, recipientId)
               ├─▶ recipient  belongsTo  recipientId → id
               └─▶ sender     belongsTo  senderId → id

            without associations: Lonely
            """)
        XCTAssertEqual(command(":graph lonely", in: session), "Lonely has no associations")
        XCTAssertEqual(command(":graph personView", in: session), "PersonView has no associations")
        let graph = session.associationGraph()
        XCTAssertEqual(
            MermaidGraph.text(graph),
            """
            flowchart LR
                t_person["Person"]
                t_message["Message"]
                t_lonely["Lonely"]
                t_person -->|"messagesAsRecipient (hasMany) recipientId → id, ambiguous pair"| t_message
                t_person -->|"messagesAsSender (hasMany) senderId → id, ambiguous pair"| t_message
                t_message -->|"recipient (belongsTo) recipientId → id, ambiguous pair"| t_person
                t_message -->|"sender (belongsTo) senderId → id, ambiguous pair"| t_person
            """)
        XCTAssertEqual(
            DOTGraph.text(graph),
            #"""
            digraph associations {
                rankdir=LR;
                node [shape=box];
                t_person [label="Person"];
                t_message [label="Message"];
                t_lonely [label="Lonely"];
                t_person -> t_message [label="messagesAsRecipient (hasMany)\nrecipientId → id\nambiguous pair", color=red, fontcolor=red];
                t_person -> t_message [label="messagesAsSender (hasMany)\nsenderId → id\nambiguous pair", color=red, fontcolor=red];
                t_message -> t_person [label="recipient (belongsTo)\nrecipientId → id\nambiguous pair", color=red, fontcolor=red];
                t_message -> t_person [label="sender (belongsTo)\nsenderId → id\nambiguous pair", color=red, fontcolor=red];
            }
            """#)
        XCTAssertEqual(try MermaidChecker.check(MermaidGraph.text(graph)).edges.count, 4)
        XCTAssertEqual(try DOTChecker.check(DOTGraph.text(graph)).edges.count, 4)
    }

    // MARK: Hostile names

    /// Names Mermaid or DOT would read as syntax: quotes, spaces, emoji, a newline, a
    /// trailing backslash, markup, entity codes, a directive, `direction LR`, Mermaid
    /// keywords (`style`, `end`), `:`/`#`/`;` (Mermaid's entity pass), `|` (edge labels).
    static let hostileNames = #"""
        CREATE TABLE "my table" (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE "😀 emoji" (id INTEGER PRIMARY KEY, "my table id" INTEGER REFERENCES "my table"(id));
        CREATE TABLE "direction LR" (id INTEGER PRIMARY KEY, "😀 emojiId" INTEGER REFERENCES "😀 emoji"(id));
        CREATE TABLE "<b>x</b> & #35; %%{init: {'theme':'dark'}}%% `tick`" (id INTEGER PRIMARY KEY, "a|b" INTEGER REFERENCES "my table"(id), "c:d#e;" INTEGER REFERENCES "my table"(id));
        CREATE TABLE "new
        line\" (id INTEGER PRIMARY KEY, "back\slashId" INTEGER REFERENCES "direction LR"(id));
        CREATE TABLE "a""b" (id INTEGER PRIMARY KEY);
        CREATE TABLE style (id INTEGER PRIMARY KEY, "x:y" INTEGER REFERENCES "my table"(id));
        CREATE TABLE "end" (id INTEGER PRIMARY KEY, styleId INTEGER REFERENCES style(id));
        CREATE TABLE "it's" (id INTEGER PRIMARY KEY, "[br]" INTEGER REFERENCES "a""b"(id));
        """#

    func testHostileNamesComeBackFromMermaidAndDOT() throws {
        let session = try Session(path: TemporaryDatabase.make(Self.hostileNames))
        let environment = session.environment
        let graph = session.associationGraph()
        XCTAssertEqual(graph.nodes.count, 9)
        let ids = graph.nodeIDs()
        XCTAssertEqual(Set(ids.values).count, 9)

        let mermaidText = MermaidGraph.text(graph)
        let mermaid = try MermaidChecker.check(mermaidText)
        let dot = try DOTChecker.check(DOTGraph.text(graph))
        XCTAssertEqual(mermaid.nodes.count, 9)
        XCTAssertEqual(dot.nodes.count, 9)
        for table in environment.schema.tables {
            let id = try XCTUnwrap(ids[table.name.sqlFolded], table.name)
            // Mermaid: the label is the name itself; DOT: as the terminal shows it.
            XCTAssertEqual(mermaid.labels[id], environment.displayName(ofTable: table.name), table.name)
            XCTAssertEqual(
                try DOTChecker.labelText(dot.nodeAttributes[id]?["label"] ?? ""),
                TerminalText.escaped(environment.displayName(ofTable: table.name)), table.name)
        }
        XCTAssertEqual(mermaid.edges.count, graph.edges.count)
        XCTAssertEqual(dot.edges.count, graph.edges.count)
        for (edge, drawn) in zip(graph.edges, mermaid.edges) {
            XCTAssertEqual(drawn.from, ids[edge.origin.sqlFolded])
            XCTAssertEqual(drawn.to, ids[edge.destination.sqlFolded])
            XCTAssertEqual(drawn.label, edge.diagramLabel)
        }
        for (edge, drawn) in zip(graph.edges, dot.edges) {
            XCTAssertEqual(
                try DOTChecker.labelText(drawn.attributes["label"] ?? ""),
                ([TerminalText.escaped(edge.name) + " (" + edge.kind.rawValue + ")"] + edge.details
                    + (edge.isAmbiguous ? ["ambiguous pair"] : []))
                    .joined(separator: "\n"))
        }
        // Labels as written: the column names quoted as `:schema` quotes them.
        let labels = mermaid.edges.compactMap(\.label)
        XCTAssertTrue(labels.contains(#"myTable (belongsTo) "my table id" → id"#), "\(labels)")
        XCTAssertTrue(labels.contains(#"back\slash (belongsTo) "back\slashId" → id"#), "\(labels)")
        XCTAssertTrue(labels.contains(#"a|b (belongsTo) "a|b" → id, ambiguous pair"#), "\(labels)")
        XCTAssertTrue(labels.contains(#"c:d#e; (belongsTo) "c:d#e;" → id, ambiguous pair"#), "\(labels)")
        XCTAssertTrue(
            labels.contains(
                #"<b>x</b>&#35;%%{init:{'theme':'dark'}}%%`tick`sAsA|b (hasMany) "a|b" → id, ambiguous pair"#),
            "\(labels)")
        XCTAssertTrue(labels.contains(#"new\nline\s (hasMany) "back\slashId" → id"#), "\(labels)")
        XCTAssertTrue(labels.contains("ends (hasMany) styleId → id"), "\(labels)")
        // Nothing of the names reaches Mermaid's syntax raw.
        XCTAssertFalse(mermaidText.contains("%%{"))
        XCTAssertFalse(mermaidText.contains("<b>"))
        XCTAssertFalse(mermaidText.contains("direction LR"))

        // The text for the terminal: no control character, the newline shown escaped.
        let text = command(":graph", in: session)
        XCTAssertFalse(text.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" }, text)
        XCTAssertTrue(text.contains(#"Table("new\nline\\")"#), text)
    }
}

import ArborCore
import ArborTestSupport
import GRDB
import XCTest

// A messenger app's models (shaped like Arden144/dashdot's): an association to a
// common table expression kept in the namespace of a type that is no table's.
private struct Conversation: TableRecord {
    static let databaseTableName = "conversation"
}
private struct Message: TableRecord {
    static let databaseTableName = "message"
}
private enum DetailedConversation {
    static var latestMessageCTE: CommonTableExpression<Row> {
        CommonTableExpression(
            named: "latestMessage",
            request: Message.annotated(with: max(Column("createdAt"))).group(Column("conversationId")))
    }
    // Swift 6 refuses these as `static let` (not Sendable); the app's Swift 5 code has them so.
    static var latestMessage: JoinAssociation<Conversation, Row> {
        Conversation.association(
            to: latestMessageCTE, on: { chat, latest in chat[Column("id")] == latest[Column("conversationId")] })
    }
    static var request: QueryInterfaceRequest<Conversation> {
        Conversation.with(latestMessageCTE).including(optional: latestMessage)
    }
}

/// A `static let` association declared in a type that has no table is a value of
/// that type's namespace, as in Swift: the app's requests that use it resolve to
/// GRDB's SQL. (How the rows decode into the app's type is the session's: see
/// `NamespacedAssociationTests`.)
final class NamespacedAssociationResolutionTests: XCTestCase {
    func testAnAssociationKeptInANonTableTypeIsUsable() throws {
        let harness = try LanguageHarness(
            schema: """
                CREATE TABLE conversation (id INTEGER PRIMARY KEY, createdAt TEXT NOT NULL);
                CREATE TABLE message (id INTEGER PRIMARY KEY, createdAt TEXT NOT NULL,
                    conversationId INTEGER NOT NULL REFERENCES conversation(id));
                INSERT INTO conversation VALUES (1, '2023-04-06'), (2, '2023-04-07');
                INSERT INTO message VALUES (1, '2023-04-06 10:00', 1), (2, '2023-04-06 10:05', 1);
                """)
        XCTAssertNil(
            try harness.run(
                """
                struct DetailedConversation: Decodable, FetchableRecord {
                    var conversation: Conversation
                    var latestMessage: Message?
                }
                extension DetailedConversation {
                    private static let latestMessageCTE = CommonTableExpression(
                        named: "latestMessage",
                        request: Message.annotated(with: max(Column("createdAt"))).group(Column("conversationId")))
                    private static let latestMessage = Conversation.association(
                        to: latestMessageCTE, on: { chat, latest in chat[Column("id")] == latest[Column("conversationId")] })
                    static var request: QueryInterfaceRequest<DetailedConversation> {
                        Conversation.with(latestMessageCTE).including(optional: latestMessage)
                            .asRequest(of: DetailedConversation.self)
                    }
                }
                """))
        let text = "try DetailedConversation.request.fetchAll(db)"
        XCTAssertEqual(try harness.sql(text), try harness.grdbSQL(DetailedConversation.request))
        XCTAssertEqual(try harness.plan(text).decodedAs, "DetailedConversation")
        XCTAssertEqual(try harness.rowCount(text), 2)
    }
}

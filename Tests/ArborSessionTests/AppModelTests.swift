import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import GRDBSQLite
import XCTest

@testable import ArborSession

/// A forum app's model folder (`AppModels/`, compiled into this test target as
/// the app compiles it) loads into arbor in any order of its files, with
/// nothing skipped, and the app's requests typed in arbor give the SQL GRDB
/// gives for the same Swift code.
final class AppModelTests: XCTestCase {
    static let schema = """
        CREATE TABLE member (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, is_admin BOOLEAN NOT NULL DEFAULT 0, joined_at TEXT);
        CREATE TABLE forum_thread (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, author_id INTEGER NOT NULL REFERENCES member(id), pinned BOOLEAN NOT NULL DEFAULT 0, kind TEXT NOT NULL);
        CREATE TABLE post (id INTEGER PRIMARY KEY AUTOINCREMENT, threadId INTEGER NOT NULL REFERENCES forum_thread(id), authorId INTEGER REFERENCES member(id), body TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0, is_approved BOOLEAN NOT NULL DEFAULT 1);
        CREATE TABLE label (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE threadLabel (threadId INTEGER NOT NULL REFERENCES forum_thread(id), labelId INTEGER NOT NULL REFERENCES label(id), PRIMARY KEY (threadId, labelId));
        CREATE TABLE attachment (postId INTEGER NOT NULL REFERENCES post(id), fileName TEXT NOT NULL);
        CREATE TABLE attachment_meta (attachmentRowId INTEGER NOT NULL, mimeType TEXT);
        CREATE TABLE profile (memberId INTEGER PRIMARY KEY REFERENCES member(id), bio TEXT);
        INSERT INTO member VALUES (1, 'Ada', 1, '2020-01-01'), (2, 'Grace', 0, NULL), (3, 'Linus', 0, NULL);
        INSERT INTO forum_thread VALUES (1, 'Welcome', 1, 1, 'announcement'), (2, 'Swift on Linux?', 2, 0, 'question'), (3, 'Rules', 1, 0, 'announcement');
        INSERT INTO post VALUES (1, 1, 1, 'Hello', 12, 1), (2, 1, 2, 'Hi!', 3, 1), (3, 2, 3, 'Yes.', 20, 0);
        INSERT INTO label VALUES (1, 'meta'), (2, 'help');
        INSERT INTO threadLabel VALUES (1, 1), (2, 2), (3, 1);
        INSERT INTO attachment VALUES (1, 'a.png'), (3, 'b.pdf');
        INSERT INTO attachment_meta VALUES (1, 'image/png'), (2, 'application/pdf');
        INSERT INTO profile VALUES (1, 'Countess');
        """

    /// The model folder, read where the sources are.
    static var folder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("AppModels").path
    }

    static var files: [String] {
        get throws { try Session.swiftFiles(at: folder) }
    }

    /// Each statement typed in arbor, and the same Swift code compiled against GRDB.
    static func requests() -> [(text: String, grdb: QueryInterfaceRequest<Row>)] {
        func row<T>(_ request: QueryInterfaceRequest<T>) -> QueryInterfaceRequest<Row> {
            request.asRequest(of: Row.self)
        }
        return [
            ("Member.all().admins().orderedByName()", row(Member.all().admins().orderedByName())),
            ("Member.all().orderedByName(descending: true)", row(Member.all().orderedByName(descending: true))),
            ("Member.all().named(\"Ada\")", row(Member.all().named("Ada"))),
            (
                "Member.including(all: Member.threads.kind(.question))",
                row(Member.including(all: Member.threads.kind(.question)))
            ),
            ("Member.including(all: Member.popularPosts)", row(Member.including(all: Member.popularPosts))),
            ("Member.including(optional: Member.profile)", row(Member.including(optional: Member.profile))),
            ("ForumThread.all().featured()", row(ForumThread.all().featured())),
            ("ForumThread.all().ordered(by: .byTitle)", row(ForumThread.all().ordered(by: .byTitle))),
            ("ForumThread.all().ordered(by: .byNewest)", row(ForumThread.all().ordered(by: .byNewest))),
            ("ForumThread.all().search(\"Swift\")", row(ForumThread.all().search("Swift"))),
            ("ForumThread.all().search(nil)", row(ForumThread.all().search(nil))),
            (
                "ForumThread.all().titled(in: [\"Rules\", \"Welcome\"])",
                row(ForumThread.all().titled(in: ["Rules", "Welcome"]))
            ),
            (
                "ForumThread.including(required: ForumThread.author).including(all: ForumThread.labels)",
                row(ForumThread.including(required: ForumThread.author).including(all: ForumThread.labels))
            ),
            (
                "ForumThread.including(all: ForumThread.posts.including(optional: Post.author))",
                row(ForumThread.including(all: ForumThread.posts.including(optional: Post.author)))
            ),
            (
                "ForumThread.filter(ForumThread.Columns.authorId == 1).order(ForumThread.Columns.title)",
                row(ForumThread.filter(ForumThread.Columns.authorId == 1).order(ForumThread.Columns.title))
            ),
            ("Post.inThread(1).approved()", row(Post.inThread(1).approved())),
            ("Post.inThread(2).approved(false)", row(Post.inThread(2).approved(false))),
            ("Post.popular", row(Post.popular)),
            (
                "Post.including(all: Post.attachments.including(optional: Attachment.meta))",
                row(Post.including(all: Post.attachments.including(optional: Attachment.meta)))
            ),
            (
                "ThreadSummary.including(required: ThreadSummary.author)",
                row(ThreadSummary.including(required: ThreadSummary.author))
            ),
            (
                "Label.annotated(with: Label.hasMany(ThreadLabel.self).count)",
                row(Label.annotated(with: Label.hasMany(ThreadLabel.self).count))
            ),
        ]
    }

    func session() throws -> Session {
        try Session(path: TemporaryDatabase.make(Self.schema))
    }

    func grdbSQL(_ request: QueryInterfaceRequest<Row>, in session: Session) throws -> String {
        try ParityChecking.grdbSQL(request, in: session.database)
    }

    func testTheFolderLoadsWithNothingSkippedInAnyOrder() throws {
        var generator = SplitMix64(seed: 7)
        let files = try Self.files
        XCTAssertEqual(files.count, 9)
        var orders = [files, files.reversed()]
        for _ in 0..<6 { orders.append(files.shuffled(using: &generator)) }
        var expected: [String: String] = [:]
        for order in orders {
            let session = try session()
            let report = try session.load(paths: order)
            XCTAssertEqual(
                report.summary,
                "read 9 files: 9 record types, 18 associations, 3 column sets, 12 request methods; 1 note",
                "\(order.map { ($0 as NSString).lastPathComponent })")
            XCTAssertEqual(
                report.diagnostics.map(\.error.message), ["#if DEBUG: took the first branch (DEBUG is defined)"])
            for (text, grdb) in Self.requests() {
                guard case .rows(let result)? = session.run(text, fetch: false).last else {
                    XCTFail("\(text): \(session.run(text, fetch: false))")
                    continue
                }
                if expected[text] == nil { expected[text] = try grdbSQL(grdb, in: session) }
                XCTAssertEqual(result.mainSQL, expected[text], text)
            }
        }
    }

    /// Loading a file again replaces what it declared; loading the folder again changes nothing.
    func testLoadingAgainReplaces() throws {
        let session = try session()
        _ = try session.load(paths: [Self.folder])
        let first = session.resolution.entries
        let report = try session.load(paths: [Self.folder])
        XCTAssertEqual(session.resolution.entries, first)
        XCTAssertEqual(report.diagnostics.count, 1)
    }

    /// The rows are the app's rows, nested under the keys GRDB gives.
    func testRowsOfTheAppsRequests() throws {
        let session = try session()
        _ = try session.load(paths: [Self.folder])
        guard
            case .rows(let threads)? = session.run(
                "Member.all().admins().including(all: Member.threads.kind(.announcement))"
            ).last
        else { return XCTFail() }
        XCTAssertEqual(
            TreeFormat.lines(table: threads.plan.table, rows: threads.rows),
            [
                "member id:1 name:\"Ada\" is_admin:1 joined_at:\"2020-01-01\"",
                "  forum_threads: 2 rows",
                "    forum_thread id:1 title:\"Welcome\" author_id:1 pinned:1 kind:\"announcement\"",
                "    forum_thread id:3 title:\"Rules\" author_id:1 pinned:0 kind:\"announcement\"",
            ])
    }

    /// A declaration that names a member declared in another file binds to that member
    /// whatever the order, never to an inferred association of the same name: the key
    /// is GRDB's `Tags` (from the declared `ItemTag.tag`), not the convention's `tags`.
    func testANameBindsToTheDeclaredMemberInEveryOrder() throws {
        let path = try TemporaryDatabase.make(
            """
            CREATE TABLE Tags (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE item (id INTEGER PRIMARY KEY);
            CREATE TABLE itemTag (itemId INTEGER REFERENCES item(id), tagId INTEGER REFERENCES Tags(id));
            INSERT INTO Tags VALUES (1, 'red'); INSERT INTO item VALUES (1); INSERT INTO itemTag VALUES (1, 1);
            """)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let first = folder.appendingPathComponent("A.swift")
        let second = folder.appendingPathComponent("B.swift")
        try "extension Item {\n    static let tags = hasMany(Tag.self, through: itemTags, using: ItemTag.tag)\n}\n"
            .write(to: first, atomically: true, encoding: .utf8)
        try """
        struct Tag: TableRecord { static let databaseTableName = "Tags" }
        extension ItemTag { static let tag = belongsTo(Tag.self) }
        extension Item { static let itemTags = hasMany(ItemTag.self) }

        """.write(to: second, atomically: true, encoding: .utf8)
        for order in [[first.path, second.path], [second.path, first.path]] {
            let session = try Session(path: path)
            _ = try session.load(paths: order)
            let result = try session.requestResult("Item.including(all: Item.tags)")
            XCTAssertEqual(
                TreeFormat.lines(table: result.plan.table, rows: result.rows),
                ["item id:1", "  Tags: 1 row", "    Tags id:1 name:\"red\""], "\(order)")
        }
    }

    /// `:swift` writes the app's own type names, and the keys GRDB gives its associations.
    func testSwiftCodeUsesTheAppsTypes() throws {
        let session = try session()
        _ = try session.load(paths: [Self.folder])
        guard case .commandOutput(let code)? = session.run(":swift Member.including(all: Member.threads)").last else {
            return XCTFail()
        }
        XCTAssertFalse(code.contains("struct ForumThread"), "the app declares it: \(code)")
        XCTAssertTrue(code.contains("    var forum_threads: [ForumThread]"), code)
        XCTAssertTrue(code.contains("let request = Member.including(all: Member.threads)"), code)
    }

    /// With the app's code loaded, `:swift` uses it rather than repeats it: the app's
    /// types and the request as typed, with its request methods. The same code,
    /// compiled here with the app's models, decodes the rows.
    func testGeneratedSwiftUsesTheAppsCodeAndCompilesWithIt() throws {
        let session = try session()
        _ = try session.load(paths: [Self.folder])
        let text = "Member.all().admins().including(all: Member.threads.kind(.announcement))"
        guard case .commandOutput(let code)? = session.run(":swift " + text).last else { return XCTFail() }
        XCTAssertEqual(
            code,
            """
            import Foundation
            import GRDB

            // With the app's declarations of `ForumThread`, `Member`

            struct MemberInfo: Decodable, FetchableRecord {
                var member: Member
                var forum_threads: [ForumThread]
            }

            let request = Member.all().admins().including(all: Member.threads.kind(.announcement))
            let rows = try dbQueue.read { db in try MemberInfo.fetchAll(db, request) }
            """)
        let dbQueue = session.database
        struct MemberInfo: Decodable, FetchableRecord {
            var member: Member
            var forumThreads: [ForumThread]
            // The association's key, as the app names it.
            enum CodingKeys: String, CodingKey {
                case member
                case forumThreads = "forum_threads"
            }
        }
        let request = Member.all().admins().including(all: Member.threads.kind(.announcement))
        let rows = try dbQueue.read { db in try MemberInfo.fetchAll(db, request) }
        XCTAssertEqual(rows.map(\.member.name), ["Ada"])
        XCTAssertEqual(rows.first?.forumThreads.map(\.title), ["Welcome", "Rules"])
    }

    /// A request method offered where GRDB offers it, and errors that say why not.
    func testMethodsAreOfferedWhereGRDBOffersThem() throws {
        let session = try session()
        _ = try session.load(paths: [Self.folder])
        func message(_ text: String) -> String? {
            guard case .failure(let errors, _)? = session.run(text, fetch: false).last else { return nil }
            return errors.first?.message
        }
        XCTAssertEqual(
            message("Member.admins()"),
            "`admins` is a method of requests: call it on `Member.all()`, as in `Member.all().admins(…)`")
        XCTAssertEqual(
            message("Member.including(all: Member.posts.approved())"),
            "`approved` is declared on `QueryInterfaceRequest`: associations do not have it")
        XCTAssertEqual(message("Post.all().admins()"), "a request has no method `admins`")
        XCTAssertEqual(message("ForumThread.all().kind(.poll)"), "`ForumThread.Kind` has no case `poll`")
        XCTAssertEqual(message("Member.all().named(1)"), "expected a string, as the parameter is `String`")
        XCTAssertEqual(
            message("try dbQueue.write { db in try Member.filter(key: 1).deleteAll(db) }"),
            "`deleteAll` writes to the database: arbor runs requests and never writes through them")
    }
}

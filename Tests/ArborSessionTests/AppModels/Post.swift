import GRDB

struct Post: Codable, FetchableRecord, TableRecord {
    public static let databaseTableName = "post"

    var id: Int64
    var threadId: Int64
    var authorId: Int64?
    var body: String
    var score: Int
    var isApproved: Bool

    enum Columns: String, ColumnExpression {
        case id, threadId, authorId, body, score
        case isApproved = "is_approved"
    }

    static let thread = belongsTo(ForumThread.self)
    static let author = belongsTo(Member.self)
    static let attachments = hasMany(Attachment.self)
}

extension Post {
    /// The posts of a thread.
    static func inThread(_ threadId: Int64) -> QueryInterfaceRequest<Post> {
        Post.filter(Columns.threadId == threadId)
    }

    /// The ten best posts.
    static var popular: QueryInterfaceRequest<Post> {
        order(Columns.score.desc).limit(10)
    }
}

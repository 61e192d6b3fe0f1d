import GRDB

// An extension before the type that holds its table name.
extension ForumThread {
    static let labels = hasMany(Label.self, through: threadLabels, using: ThreadLabel.label)
}

@available(macOS 12, iOS 15, *)
struct ForumThread: Codable, FetchableRecord, PersistableRecord, Identifiable {
    static var databaseTableName: String { "forum_thread" }

    var id: Int64?
    var title: String
    var authorId: Int64
    var pinned: Bool
    var kind: Kind

    enum Kind: String, Codable, DatabaseValueConvertible, Sendable {
        case question, discussion, announcement
    }

    typealias Columns = CodingKeys
    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, title
        case authorId = "author_id"
        case pinned, kind
    }

    nonisolated(unsafe) static let authorForeignKey = ForeignKey(["author_id"])
    static let author = belongsTo(Member.self, using: authorForeignKey)
    static let posts = hasMany(Post.self).order(Post.Columns.score.desc)
    static let threadLabels = hasMany(ThreadLabel.self)
}

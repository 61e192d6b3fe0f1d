import GRDB

struct Profile: Codable, FetchableRecord, TableRecord {
    static let databaseTableName: String = "profile"
    var memberId: Int64
    var bio: String?

    static let member = belongsTo(Member.self)
}

/// Another view of the threads' table.
struct ThreadSummary: TableRecord {
    static let databaseTableName: String = ForumThread.databaseTableName
    static let author = belongsTo(Member.self, using: ForumThread.authorForeignKey)
}

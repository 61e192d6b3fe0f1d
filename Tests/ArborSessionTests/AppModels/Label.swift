import GRDB

struct Label: Codable, FetchableRecord, TableRecord {
    var id: Int64
    var name: String
}

struct ThreadLabel: TableRecord {
    static let thread = belongsTo(ForumThread.self)
    static let label = belongsTo(Label.self)
}

// A forum app's models, written as apps write them: arbor loads this folder
// unchanged, in any order, and its requests give GRDB's SQL (AppModelTests).
import GRDB

/// A member of the forum. Its table is GRDB's default name: `member`.
struct Member: Codable, FetchableRecord, PersistableRecord, Identifiable {
    var id: Int64?
    var name: String
    var isAdmin: Bool
    var joinedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, name
        case isAdmin = "is_admin"
        case joinedAt = "joined_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let isAdmin = Column(CodingKeys.isAdmin)
    }
}

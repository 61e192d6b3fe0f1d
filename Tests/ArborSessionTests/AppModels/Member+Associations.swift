import GRDB

// Declared before the types it names (`ForumThread` is in another file).
extension Member {
    static let threads = hasMany(ForumThread.self, using: ForumThread.authorForeignKey)
    static let posts = hasMany(Post.self)
    static let profile = hasOne(Profile.self)

    #if DEBUG
        static let popularPosts = hasMany(Post.self).filter(Post.Columns.score > 10)
    #else
        static let popularPosts = hasMany(Post.self).filter(Post.Columns.score > 1000)
    #endif
}

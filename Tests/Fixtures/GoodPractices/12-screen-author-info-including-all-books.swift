struct AuthorInfo: Codable, DecodableRecord {
    var author: Author
    var books: [Book]
}
let authorId = 123
let authorInfo: AuthorInfo? = try dbQueue.read { db in
    let request = Author
        .filter(key: authorId)
        .including(all: Author.books)
    return try AuthorInfo.fetchOne(db, request)
}

struct AuthorInfo {
    var author: Author
    var books: [Book]
}
let authorId = 123
let authorInfo: AuthorInfo? = try dbQueue.read { db in
    guard let author = try Author.fetchOne(db, key: authorId) else {
        return nil
    }
    let books = try author.books.fetchAll(db)
    return AuthorInfo(
        author: author,
        books: books)
}

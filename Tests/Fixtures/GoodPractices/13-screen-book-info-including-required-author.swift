struct BookInfo: Decodable, DecodableRecord {
    var book: Book
    var author: Author
}
let bookId = 123
let bookInfo: BookInfo? = try dbQueue.read { db in
    let request = Book
        .filter(key: bookId)
        .including(required: Book.author)
    return try BookInfo.fetchOne(db, request)
}

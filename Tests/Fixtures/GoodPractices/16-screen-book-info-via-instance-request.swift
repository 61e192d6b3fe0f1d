struct BookInfo {
    var book: Book
    var author: Author
}
let bookId = 123
let bookInfo: BookInfo? = try dbQueue.read { db in
    guard let book = try Book.fetchOne(db, key: bookId) else {
        return nil
    }
    guard let author = try book.author.fetchOne(db) else {
        return nil
    }
    return BookInfo(book: book, author: author)
}

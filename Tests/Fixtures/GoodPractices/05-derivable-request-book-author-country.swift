// Some requests of Book
extension DerivableRequest where RowDecoder == Book {
    /// Returns a request for all books from a country
    func filter(authorCountry: String) -> Self {
        // A book is from a country if it can be
        // joined with an author from that country:
        // ---------------------------v
        joining(required: Book.author.filter(country: authorCountry))
    }
}

try dbQueue.read { db in
    let italianBooks = try Book.all()
        .filter(authorCountry: "Italy")
        .fetchAll(db)
}

// More requests of Author -------------------------v
extension QueryInterfaceRequest where RowDecoder == Author {
    /// Returns a request for all authors with at least one book
    func havingBooks() -> QueryInterfaceRequest<Author> {
        having(Author.books.isEmpty == false)
    }
}

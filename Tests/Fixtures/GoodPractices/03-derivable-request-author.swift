// Some requests of Author --------------------v
extension DerivableRequest where RowDecoder == Author {
	
    /// Returns a request for all authors ordered by name, in a localized
    /// case-insensitive fashion
    func orderByName() -> Self {
        let name = Author.Columns.name
        return order(name.collating(.localizedCaseInsensitiveCompare))
    }
    
    /// Returns a request for all authors from a country
    func filter(country: String) -> Self {
        filter(Author.Columns.country == country)
    }
}

try dbQueue.read { db in
    let sortedFrenchAuthorsHavingBooks = try Author.all()
        .filter(country: "France")
        .havingBooks() // <-
        .orderByName()
        .fetchAll(db)
}

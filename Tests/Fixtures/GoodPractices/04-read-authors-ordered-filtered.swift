try dbQueue.read { db in
    let sortedAuthors: [Author] = try Author.all()
        .orderByName()
        .fetchAll(db)
        
    let frenchAuthors: [Author] = try Author.all()
        .filter(country: "France")
        .fetchAll(db)
        
    let sortedSpanishAuthors: [Author] = try Author.all()
        .filter(country: "Spain")
        .orderByName()
        .fetchAll(db)
}

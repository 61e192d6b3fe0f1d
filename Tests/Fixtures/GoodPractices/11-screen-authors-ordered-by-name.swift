let authors: [Author] = try dbQueue.read { db in
    try Author.all().orderByName().fetchAll(db)
}

extension MySingletonRecord {
    /// The one any only record stored in the database
    static let shared = all().limit(1)
}

let singleton = try dbQueue.read { db
    try MySingletonRecord.shared.fetchOne(db)
}

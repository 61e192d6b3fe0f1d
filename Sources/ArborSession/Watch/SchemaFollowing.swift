import ArborCore
import GRDB

/// Another process may change the schema while arbor runs (`--watch`, `:watch`,
/// or simply between two statements): `PRAGMA schema_version` says when, and
/// the session then reads the schema again (record types, associations, the
/// app's declarations), so that no request runs against columns that are gone.
extension Session {
    /// nil when the schema is as it was last read; else what changed, one line
    /// per table (`SchemaReload`).
    @discardableResult
    public func followSchemaChanges() throws -> [String]? {
        let current = try database.read(Self.schemaVersion)
        guard current != schemaVersion else { return nil }
        return try reloadSchema()
    }

    static func schemaVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
    }
}

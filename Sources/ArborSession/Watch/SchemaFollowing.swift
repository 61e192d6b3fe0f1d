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

    /// Called first in a read that prints rows: the request was compiled against the
    /// schema read at `schemaVersion`, and a commit may have changed it since (SQLite
    /// then compiles `SELECT *` again with other columns, silently). In the read's own
    /// transaction, so the statements that follow see the schema checked.
    func checkSchemaUnchanged(_ db: Database) throws {
        guard try Self.schemaVersion(db) == schemaVersion else {
            throw ArborError("another process changed the schema while the request ran: run it again")
        }
    }

    static func schemaVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
    }
}

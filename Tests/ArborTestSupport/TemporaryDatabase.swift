import Foundation
import GRDB

/// Database files made for a test, under `TemporaryItems`.
public enum TemporaryDatabase {
    /// A database file made from `sql` through GRDB, in a fresh folder; returns its path.
    public static func make(_ sql: String, named name: String = "test.sqlite") throws -> String {
        let path = try TemporaryItems.folder("database").appendingPathComponent(name).path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
        return path
    }

    /// An in-memory database made from `sql`: no file at all.
    public static func inMemory(_ sql: String) throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        return queue
    }
}

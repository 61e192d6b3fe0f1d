-- Recreates the database of bradhowes/swift-grdb-tca (GRDB era, SwiftDataTCA/Packages/Sources/Models)
-- as DatabaseMigrator "SchemaV1" builds it: Movie.createTable, Actor.createTable, MovieActor.createTable,
-- in that order. Derived from GRDB 7.10 TableDefinition / SQLTableGenerator / FTS5 sources:
--   table.autoIncrementedPrimaryKey(Columns.id)      -> "id" INTEGER PRIMARY KEY AUTOINCREMENT
--   .boolean + .defaults(to: false)                   -> BOOLEAN DEFAULT 0
--   table.primaryKey { table.belongsTo("actors", onDelete: .cascade) ... }
--     -> column "actorsId" (name + "Id", no singularization), NOT NULL (primary-key body),
--        no index (belongsTo inside a primaryKey body is not indexed), type copied from the
--        referenced primary key (INTEGER), PRIMARY KEY ("actorsId", "moviesId").
CREATE TABLE "movies" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "title" TEXT NOT NULL,
  "sortableTitle" TEXT NOT NULL UNIQUE,
  "favorite" BOOLEAN DEFAULT 0
);
CREATE TABLE "actors" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "name" TEXT NOT NULL UNIQUE
);
CREATE TABLE "movieActors" (
  "actorsId" INTEGER NOT NULL REFERENCES "actors"("id") ON DELETE CASCADE,
  "moviesId" INTEGER NOT NULL REFERENCES "movies"("id") ON DELETE CASCADE,
  PRIMARY KEY ("actorsId", "moviesId")
);

-- Only the later version in Variants/SchemaV1-with-fts.swift creates this full-text table
-- (db.create(virtualTable: "movie_ft", using: FTS5()) { t.synchronize(withTable: "movies"); t.column("title") }).
-- It is harmless for the Models/ version, and lets Movie.fullText / matching(_:) be tried.
CREATE VIRTUAL TABLE "movie_ft" USING fts5("title", content='movies', content_rowid='id');
CREATE TRIGGER "__movie_ft_ai" AFTER INSERT ON "movies" BEGIN
    INSERT INTO "movie_ft"("rowid", "title") VALUES (new."id", new."title");
END;
CREATE TRIGGER "__movie_ft_ad" AFTER DELETE ON "movies" BEGIN
    INSERT INTO "movie_ft"("movie_ft", "rowid", "title") VALUES('delete', old."id", old."title");
END;
CREATE TRIGGER "__movie_ft_au" AFTER UPDATE ON "movies" BEGIN
    INSERT INTO "movie_ft"("movie_ft", "rowid", "title") VALUES('delete', old."id", old."title");
    INSERT INTO "movie_ft"("rowid", "title") VALUES (new."id", new."title");
END;

-- Sample rows: the first entries of the app's MockData.swift (sortableTitle = Support.sortableTitle(title)).
INSERT INTO "movies" ("id", "title", "sortableTitle", "favorite") VALUES
  (1, 'The Score', 'score', 1),
  (2, 'Superman', 'superman', 0),
  (3, 'The Island of Dr. Moreau', 'island of dr. moreau', 0),
  (4, 'Apocalypse Now', 'apocalypse now', 0),
  (5, 'The Godfather', 'godfather', 1);
INSERT INTO "actors" ("id", "name") VALUES
  (1, 'Robert De Niro'), (2, 'Edward Norton'), (3, 'Marlon Brando'), (4, 'Christopher Reeve'),
  (5, 'Gene Hackman'), (6, 'Val Kilmer'), (7, 'Martin Sheen'), (8, 'Robert Duvall'), (9, 'Al Pacino');
INSERT INTO "movieActors" ("moviesId", "actorsId") VALUES
  (1, 1), (1, 2), (1, 3),
  (2, 4), (2, 3), (2, 5),
  (3, 3), (3, 6),
  (4, 7), (4, 3), (4, 8),
  (5, 3), (5, 9), (5, 8);

/// Schemas of our own, shaped like well-known sample databases, for the round trip of
/// `:schema --swift`: Chinook's (capitalized names, `NVARCHAR`, several foreign keys to
/// one table, a self reference, a composite key) and Sakila's (link tables, views,
/// triggers, defaults, checks, a partial index, full text).
public enum SchemaFixtures {
    public static let chinookLike = """
        CREATE TABLE "Artist" ("ArtistId" INTEGER PRIMARY KEY NOT NULL, "Name" NVARCHAR(120));
        CREATE TABLE "Album" (
            "AlbumId" INTEGER PRIMARY KEY NOT NULL,
            "Title" NVARCHAR(160) NOT NULL,
            "ArtistId" INTEGER NOT NULL REFERENCES "Artist" ("ArtistId") ON DELETE NO ACTION ON UPDATE NO ACTION);
        CREATE TABLE "Genre" ("GenreId" INTEGER PRIMARY KEY NOT NULL, "Name" NVARCHAR(120));
        CREATE TABLE "MediaType" ("MediaTypeId" INTEGER PRIMARY KEY NOT NULL, "Name" NVARCHAR(120));
        CREATE TABLE "Track" (
            "TrackId" INTEGER PRIMARY KEY NOT NULL,
            "Name" NVARCHAR(200) NOT NULL,
            "AlbumId" INTEGER REFERENCES "Album" ("AlbumId"),
            "MediaTypeId" INTEGER NOT NULL REFERENCES "MediaType" ("MediaTypeId"),
            "GenreId" INTEGER REFERENCES "Genre" ("GenreId"),
            "Composer" NVARCHAR(220),
            "Milliseconds" INTEGER NOT NULL,
            "Bytes" INTEGER,
            "UnitPrice" NUMERIC(10,2) NOT NULL DEFAULT 0.99);
        CREATE TABLE "Employee" (
            "EmployeeId" INTEGER PRIMARY KEY NOT NULL,
            "LastName" NVARCHAR(20) NOT NULL,
            "FirstName" NVARCHAR(20) NOT NULL,
            "ReportsTo" INTEGER REFERENCES "Employee" ("EmployeeId"),
            "HireDate" DATETIME);
        CREATE TABLE "Customer" (
            "CustomerId" INTEGER PRIMARY KEY NOT NULL,
            "FirstName" NVARCHAR(40) NOT NULL,
            "Email" NVARCHAR(60) NOT NULL UNIQUE,
            "SupportRepId" INTEGER REFERENCES "Employee" ("EmployeeId") ON DELETE SET NULL,
            "AccountManagerId" INTEGER REFERENCES "Employee" ("EmployeeId") ON DELETE SET NULL ON UPDATE CASCADE);
        CREATE TABLE "Invoice" (
            "InvoiceId" INTEGER PRIMARY KEY AUTOINCREMENT,
            "CustomerId" INTEGER NOT NULL REFERENCES "Customer" ("CustomerId") ON DELETE CASCADE,
            "InvoiceDate" DATETIME NOT NULL DEFAULT (datetime('now')),
            "Total" NUMERIC(10,2) NOT NULL);
        CREATE TABLE "InvoiceLine" (
            "InvoiceLineId" INTEGER PRIMARY KEY NOT NULL,
            "InvoiceId" INTEGER NOT NULL REFERENCES "Invoice" ("InvoiceId") ON DELETE CASCADE,
            "TrackId" INTEGER NOT NULL REFERENCES "Track" ("TrackId"),
            "Quantity" INTEGER NOT NULL DEFAULT 1);
        CREATE TABLE "Playlist" ("PlaylistId" INTEGER PRIMARY KEY NOT NULL, "Name" NVARCHAR(120));
        CREATE TABLE "PlaylistTrack" (
            "PlaylistId" INTEGER NOT NULL REFERENCES "Playlist" ("PlaylistId"),
            "TrackId" INTEGER NOT NULL REFERENCES "Track" ("TrackId"),
            PRIMARY KEY ("PlaylistId", "TrackId")) WITHOUT ROWID;
        CREATE INDEX "IFK_AlbumArtistId" ON "Album" ("ArtistId");
        CREATE INDEX "IFK_TrackAlbumId" ON "Track" ("AlbumId");
        CREATE INDEX "IFK_CustomerSupportRepId" ON "Customer" ("SupportRepId");
        CREATE UNIQUE INDEX "IPK_InvoiceLine" ON "InvoiceLine" ("InvoiceId", "TrackId");
        """

    public static let sakilaLike = """
        CREATE TABLE language (
            language_id INTEGER PRIMARY KEY AUTOINCREMENT,
            name CHAR(20) NOT NULL,
            last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
        CREATE TABLE actor (
            actor_id INTEGER PRIMARY KEY AUTOINCREMENT,
            first_name VARCHAR(45) NOT NULL,
            last_name VARCHAR(45) NOT NULL,
            last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
        CREATE TABLE category (
            category_id INTEGER PRIMARY KEY,
            name VARCHAR(25) NOT NULL UNIQUE,
            last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
        CREATE TABLE film (
            film_id INTEGER PRIMARY KEY AUTOINCREMENT,
            title VARCHAR(255) NOT NULL,
            description TEXT DEFAULT NULL,
            release_year VARCHAR(4) DEFAULT NULL,
            language_id SMALLINT NOT NULL REFERENCES language (language_id) ON DELETE RESTRICT ON UPDATE CASCADE,
            original_language_id SMALLINT DEFAULT NULL REFERENCES language (language_id) ON DELETE RESTRICT ON UPDATE CASCADE,
            rental_duration SMALLINT DEFAULT 3 NOT NULL,
            rental_rate DECIMAL(4,2) DEFAULT 4.99 NOT NULL,
            length SMALLINT DEFAULT NULL,
            rating VARCHAR(10) DEFAULT 'G' CHECK (rating IN ('G','PG','PG-13','R','NC-17')),
            last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
        CREATE TABLE film_actor (
            actor_id INT NOT NULL REFERENCES actor (actor_id) ON DELETE RESTRICT ON UPDATE CASCADE,
            film_id INT NOT NULL REFERENCES film (film_id) ON DELETE RESTRICT ON UPDATE CASCADE,
            last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
            PRIMARY KEY (actor_id, film_id));
        CREATE TABLE film_category (
            film_id INT NOT NULL REFERENCES film (film_id) ON DELETE RESTRICT ON UPDATE CASCADE,
            category_id SMALLINT NOT NULL REFERENCES category (category_id) ON DELETE RESTRICT ON UPDATE CASCADE,
            last_update TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
            PRIMARY KEY (film_id, category_id));
        CREATE TABLE staff (
            staff_id INTEGER PRIMARY KEY,
            first_name VARCHAR(45) NOT NULL,
            email VARCHAR(50) DEFAULT NULL,
            active SMALLINT DEFAULT 1 NOT NULL,
            picture BLOB DEFAULT NULL);
        CREATE TABLE rental (
            rental_id INTEGER PRIMARY KEY,
            rental_date TIMESTAMP NOT NULL,
            film_id INT NOT NULL REFERENCES film (film_id),
            staff_id SMALLINT NOT NULL REFERENCES staff (staff_id),
            return_date TIMESTAMP DEFAULT NULL,
            UNIQUE (rental_date, film_id));
        CREATE INDEX idx_actor_last_name ON actor (last_name);
        CREATE INDEX idx_fk_language_id ON film (language_id);
        CREATE INDEX idx_fk_original_language_id ON film (original_language_id);
        CREATE INDEX idx_fk_film_actor_film ON film_actor (film_id);
        CREATE INDEX idx_rental_open ON rental (film_id) WHERE return_date IS NULL;
        CREATE INDEX idx_title_nocase ON film (title COLLATE NOCASE);
        CREATE VIEW film_list AS
            SELECT film.film_id AS FID, film.title AS title, category.name AS category
            FROM category
            LEFT JOIN film_category ON category.category_id = film_category.category_id
            LEFT JOIN film ON film_category.film_id = film.film_id;
        CREATE VIEW actor_count AS SELECT actor_id, COUNT(*) AS films FROM film_actor GROUP BY actor_id;
        CREATE TRIGGER actor_trigger_au AFTER UPDATE ON actor FOR EACH ROW BEGIN
            UPDATE actor SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
        END;
        CREATE VIRTUAL TABLE film_text USING fts5(title, description);
        """
}

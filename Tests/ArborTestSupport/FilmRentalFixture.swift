import Foundation

/// A database shaped like the Sakila sample (film rental): snake_case table names,
/// `int NOT NULL` keys made primary by a table constraint, link tables with
/// composite keys (`film_actor`, `film_category`), two foreign keys from `film` to
/// `language`, a trigger and five views. Unlike Sakila, `rental.staff_id` has no
/// index and `payment.rental_id` allows NULL while every payment has its rental.
public enum FilmRentalFixture {
    public static let schema = """
        CREATE TABLE actor (actor_id numeric NOT NULL, first_name VARCHAR(45) NOT NULL,
            last_name VARCHAR(45) NOT NULL, last_update TIMESTAMP NOT NULL, PRIMARY KEY (actor_id));
        CREATE INDEX idx_actor_last_name ON actor(last_name);
        CREATE TABLE language (language_id SMALLINT NOT NULL, name CHAR(20) NOT NULL,
            last_update TIMESTAMP NOT NULL, PRIMARY KEY (language_id));
        CREATE TABLE category (category_id SMALLINT NOT NULL, name VARCHAR(25) NOT NULL,
            last_update TIMESTAMP NOT NULL, PRIMARY KEY (category_id));
        CREATE TABLE film (film_id int NOT NULL, title VARCHAR(255) NOT NULL, description BLOB SUB_TYPE TEXT DEFAULT NULL,
            release_year VARCHAR(4) DEFAULT NULL, language_id SMALLINT NOT NULL, original_language_id SMALLINT DEFAULT NULL,
            rental_rate DECIMAL(4,2) DEFAULT 4.99 NOT NULL, length SMALLINT DEFAULT NULL,
            rating VARCHAR(10) DEFAULT 'G', last_update TIMESTAMP NOT NULL, PRIMARY KEY (film_id),
            CONSTRAINT CHECK_special_rating CHECK(rating in ('G','PG','PG-13','R','NC-17')),
            CONSTRAINT fk_film_language FOREIGN KEY (language_id) REFERENCES language (language_id),
            CONSTRAINT fk_film_language_original FOREIGN KEY (original_language_id) REFERENCES language (language_id));
        CREATE INDEX idx_fk_language_id ON film(language_id);
        CREATE INDEX idx_fk_original_language_id ON film(original_language_id);
        CREATE TABLE film_actor (actor_id INT NOT NULL, film_id INT NOT NULL, last_update TIMESTAMP NOT NULL,
            PRIMARY KEY (actor_id, film_id),
            CONSTRAINT fk_film_actor_actor FOREIGN KEY (actor_id) REFERENCES actor (actor_id) ON DELETE NO ACTION ON UPDATE CASCADE,
            CONSTRAINT fk_film_actor_film FOREIGN KEY (film_id) REFERENCES film (film_id) ON DELETE NO ACTION ON UPDATE CASCADE);
        CREATE INDEX idx_fk_film_actor_film ON film_actor(film_id);
        CREATE TABLE film_category (film_id INT NOT NULL, category_id SMALLINT NOT NULL, last_update TIMESTAMP NOT NULL,
            PRIMARY KEY (film_id, category_id),
            CONSTRAINT fk_film_category_film FOREIGN KEY (film_id) REFERENCES film (film_id) ON DELETE NO ACTION ON UPDATE CASCADE,
            CONSTRAINT fk_film_category_category FOREIGN KEY (category_id) REFERENCES category (category_id) ON DELETE NO ACTION ON UPDATE CASCADE);
        CREATE INDEX idx_fk_film_category_category ON film_category(category_id);
        CREATE TABLE store (store_id INT NOT NULL, manager_staff_id SMALLINT NOT NULL, last_update TIMESTAMP NOT NULL,
            PRIMARY KEY (store_id));
        CREATE TABLE staff (staff_id SMALLINT NOT NULL, first_name VARCHAR(45) NOT NULL, last_name VARCHAR(45) NOT NULL,
            store_id INT NOT NULL, active SMALLINT DEFAULT 1 NOT NULL, last_update TIMESTAMP NOT NULL, PRIMARY KEY (staff_id),
            CONSTRAINT fk_staff_store FOREIGN KEY (store_id) REFERENCES store (store_id) ON DELETE NO ACTION ON UPDATE CASCADE);
        CREATE INDEX idx_fk_staff_store_id ON staff(store_id);
        CREATE TABLE customer (customer_id INT NOT NULL, store_id INT NOT NULL, first_name VARCHAR(45) NOT NULL,
            last_name VARCHAR(45) NOT NULL, email VARCHAR(50) DEFAULT NULL, active CHAR(1) DEFAULT 'Y' NOT NULL,
            last_update TIMESTAMP NOT NULL, PRIMARY KEY (customer_id),
            CONSTRAINT fk_customer_store FOREIGN KEY (store_id) REFERENCES store (store_id) ON DELETE NO ACTION ON UPDATE CASCADE);
        CREATE INDEX idx_customer_fk_store_id ON customer(store_id);
        CREATE TABLE inventory (inventory_id INT NOT NULL, film_id INT NOT NULL, store_id INT NOT NULL,
            last_update TIMESTAMP NOT NULL, PRIMARY KEY (inventory_id),
            CONSTRAINT fk_inventory_store FOREIGN KEY (store_id) REFERENCES store (store_id) ON DELETE NO ACTION ON UPDATE CASCADE,
            CONSTRAINT fk_inventory_film FOREIGN KEY (film_id) REFERENCES film (film_id) ON DELETE NO ACTION ON UPDATE CASCADE);
        CREATE INDEX idx_fk_film_id ON inventory(film_id);
        CREATE INDEX idx_fk_film_id_store_id ON inventory(store_id, film_id);
        CREATE TABLE rental (rental_id INT NOT NULL, rental_date TIMESTAMP NOT NULL, inventory_id INT NOT NULL,
            customer_id INT NOT NULL, return_date TIMESTAMP DEFAULT NULL, staff_id SMALLINT NOT NULL,
            last_update TIMESTAMP NOT NULL, PRIMARY KEY (rental_id),
            CONSTRAINT fk_rental_staff FOREIGN KEY (staff_id) REFERENCES staff (staff_id),
            CONSTRAINT fk_rental_inventory FOREIGN KEY (inventory_id) REFERENCES inventory (inventory_id),
            CONSTRAINT fk_rental_customer FOREIGN KEY (customer_id) REFERENCES customer (customer_id));
        CREATE INDEX idx_rental_fk_inventory_id ON rental(inventory_id);
        CREATE INDEX idx_rental_fk_customer_id ON rental(customer_id);
        CREATE UNIQUE INDEX idx_rental_uq ON rental (rental_date, inventory_id, customer_id);
        CREATE TABLE payment (payment_id int NOT NULL, customer_id INT NOT NULL, staff_id SMALLINT NOT NULL,
            rental_id INT DEFAULT NULL, amount DECIMAL(5,2) NOT NULL, payment_date TIMESTAMP NOT NULL,
            last_update TIMESTAMP NOT NULL, PRIMARY KEY (payment_id),
            CONSTRAINT fk_payment_rental FOREIGN KEY (rental_id) REFERENCES rental (rental_id) ON DELETE SET NULL ON UPDATE CASCADE,
            CONSTRAINT fk_payment_customer FOREIGN KEY (customer_id) REFERENCES customer (customer_id),
            CONSTRAINT fk_payment_staff FOREIGN KEY (staff_id) REFERENCES staff (staff_id));
        CREATE INDEX idx_fk_staff_id ON payment(staff_id);
        CREATE INDEX idx_fk_customer_id ON payment(customer_id);
        CREATE INDEX idx_fk_rental_id ON payment(rental_id);
        CREATE TRIGGER rental_trigger_ai AFTER INSERT ON rental BEGIN
            UPDATE rental SET last_update = DATETIME('NOW') WHERE rowid = new.rowid;
        END;
        CREATE VIEW customer_list AS SELECT cu.customer_id AS ID, cu.first_name || ' ' || cu.last_name AS name,
            cu.store_id AS SID FROM customer AS cu;
        CREATE VIEW film_list AS SELECT film.film_id AS FID, film.title AS title, category.name AS category
            FROM category LEFT JOIN film_category ON category.category_id = film_category.category_id
            LEFT JOIN film ON film_category.film_id = film.film_id;
        CREATE VIEW staff_list AS SELECT s.staff_id AS ID, s.first_name || ' ' || s.last_name AS name,
            s.store_id AS SID FROM staff AS s;
        CREATE VIEW sales_by_store AS SELECT s.store_id AS store, SUM(p.amount) AS total_sales
            FROM payment AS p INNER JOIN rental AS r ON p.rental_id = r.rental_id
            INNER JOIN inventory AS i ON r.inventory_id = i.inventory_id
            INNER JOIN store AS s ON i.store_id = s.store_id GROUP BY s.store_id;
        CREATE VIEW sales_by_film_category AS SELECT c.name AS category, SUM(p.amount) AS total_sales
            FROM payment AS p INNER JOIN rental AS r ON p.rental_id = r.rental_id
            INNER JOIN inventory AS i ON r.inventory_id = i.inventory_id
            INNER JOIN film AS f ON i.film_id = f.film_id
            INNER JOIN film_category AS fc ON f.film_id = fc.film_id
            INNER JOIN category AS c ON fc.category_id = c.category_id GROUP BY c.name;
        """

    public static let rows = """
        INSERT INTO actor VALUES (1, 'PENELOPE', 'GUINESS', '2006-02-15 04:34:33'), (2, 'NICK', 'WAHLBERG', '2006-02-15 04:34:33'),
            (3, 'ED', 'CHASE', '2006-02-15 04:34:33');
        INSERT INTO language VALUES (1, 'English', '2006-02-15 05:02:19'), (2, 'Italian', '2006-02-15 05:02:19');
        INSERT INTO category VALUES (1, 'Action', '2006-02-15 04:46:27'), (2, 'Animation', '2006-02-15 04:46:27');
        INSERT INTO film VALUES (1, 'ACADEMY DINOSAUR', 'An Epic Drama', '2006', 1, NULL, 0.99, 86, 'PG', '2006-02-15 05:03:42'),
            (2, 'ACE GOLDFINGER', 'An Astounding Epistle', '2006', 1, 2, 4.99, 48, 'G', '2006-02-15 05:03:42'),
            (3, 'ADAPTATION HOLES', 'An Astounding Reflection', '2006', 1, NULL, 2.99, 50, 'NC-17', '2006-02-15 05:03:42');
        INSERT INTO film_actor VALUES (1, 1, '2006-02-15 05:05:03'), (1, 2, '2006-02-15 05:05:03'), (2, 3, '2006-02-15 05:05:03'),
            (3, 1, '2006-02-15 05:05:03');
        INSERT INTO film_category VALUES (1, 2, '2006-02-15 05:07:09'), (2, 1, '2006-02-15 05:07:09'), (3, 1, '2006-02-15 05:07:09');
        INSERT INTO store VALUES (1, 1, '2006-02-15 04:57:12'), (2, 2, '2006-02-15 04:57:12');
        INSERT INTO staff VALUES (1, 'Mike', 'Hillyer', 1, 1, '2006-02-15 04:57:16'), (2, 'Jon', 'Stephens', 2, 1, '2006-02-15 04:57:16');
        INSERT INTO customer VALUES (1, 1, 'MARY', 'SMITH', 'MARY.SMITH@sakilacustomer.org', 'Y', '2006-02-15 04:57:20'),
            (2, 1, 'PATRICIA', 'JOHNSON', NULL, 'Y', '2006-02-15 04:57:20'), (3, 2, 'LINDA', 'WILLIAMS', NULL, 'Y', '2006-02-15 04:57:20');
        INSERT INTO inventory VALUES (1, 1, 1, '2006-02-15 05:09:17'), (2, 1, 2, '2006-02-15 05:09:17'), (3, 2, 2, '2006-02-15 05:09:17'),
            (4, 3, 1, '2006-02-15 05:09:17');
        INSERT INTO rental VALUES (1, '2005-05-24 22:53:30', 1, 1, '2005-05-26 22:04:30', 1, '2006-02-15 21:30:53'),
            (2, '2005-05-24 22:54:33', 3, 2, NULL, 2, '2006-02-15 21:30:53'),
            (3, '2005-05-24 23:03:39', 4, 3, '2005-06-01 22:12:39', 1, '2006-02-15 21:30:53');
        INSERT INTO payment VALUES (1, 1, 1, 1, 2.99, '2005-05-25 11:30:37', '2006-02-15 22:12:30'),
            (2, 2, 2, 2, 0.99, '2005-05-28 10:35:23', '2006-02-15 22:12:30'),
            (3, 3, 1, 3, 5.99, '2005-06-15 00:54:12', '2006-02-15 22:12:30');
        """

    public static var sql: String { schema + "\n" + rows }

    /// A new database file with the film rental store, in a folder that removes itself.
    public static func make() throws -> String {
        try TemporaryDatabase.make(sql, named: "sakila.sqlite")
    }
}

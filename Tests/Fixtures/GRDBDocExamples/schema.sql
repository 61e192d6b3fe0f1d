-- The schema and rows GRDB's documentation examples run on (GRDBDocExamplesTests):
-- the tables the examples name (player, team, country, citizenship, book, author,
-- chat, message, planet, rectangle, game, playerSelection), an FTS5 table
-- `document` and an FTS4 table `article`, and JSON in player.address and team.info.
CREATE TABLE team (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  color TEXT,
  info TEXT -- JSON
);
CREATE TABLE player (
  id INTEGER PRIMARY KEY,
  name TEXT,
  email TEXT UNIQUE,
  score INTEGER,
  bonus INTEGER,
  height DOUBLE,
  team TEXT,
  teamId INTEGER REFERENCES team(id),
  coachId INTEGER REFERENCES player(id),
  createdAt TEXT,
  creationDate TEXT,
  isVerified BOOLEAN NOT NULL DEFAULT 0,
  isHealthy BOOLEAN NOT NULL DEFAULT 1,
  initial TEXT,
  firstName TEXT,
  lastName TEXT,
  wins INTEGER,
  games INTEGER,
  address TEXT, -- JSON
  info TEXT -- JSON
);
CREATE INDEX player_on_teamId ON player(teamId);
CREATE INDEX player_on_coachId ON player(coachId);
CREATE TABLE country (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  population INTEGER
);
CREATE TABLE citizenship (
  citizenId INTEGER NOT NULL REFERENCES player(id),
  countryCode TEXT NOT NULL REFERENCES country(code),
  PRIMARY KEY (citizenId, countryCode)
);
CREATE INDEX citizenship_on_countryCode ON citizenship(countryCode);
CREATE TABLE author (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  countryCode TEXT REFERENCES country(code)
);
CREATE INDEX author_on_countryCode ON author(countryCode);
CREATE TABLE book (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  authorId INTEGER REFERENCES author(id),
  year INTEGER
);
CREATE INDEX book_on_authorId ON book(authorId);
CREATE TABLE chat (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
CREATE TABLE message (
  id INTEGER PRIMARY KEY,
  chatId INTEGER NOT NULL REFERENCES chat(id),
  date TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX message_on_chatId ON message(chatId);
CREATE TABLE planet (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  temperature DOUBLE,
  mask INTEGER
);
CREATE TABLE rectangle (
  id INTEGER PRIMARY KEY,
  width DOUBLE NOT NULL,
  height DOUBLE NOT NULL
);
CREATE TABLE game (
  id INTEGER PRIMARY KEY,
  date TEXT NOT NULL,
  score INTEGER
);
CREATE TABLE playerSelection (
  playerId INTEGER PRIMARY KEY REFERENCES player(id)
);
CREATE VIRTUAL TABLE document USING fts5(content);
CREATE VIRTUAL TABLE article USING fts4(author, title, body);

INSERT INTO team (id, name, color, info) VALUES
  (1, 'Reds', 'red', '{"city":"Paris","founded":1990,"tags":["fast","young"]}'),
  (2, 'Blues', 'blue', '{"city":"Lyon","founded":2001,"tags":[]}'),
  (3, 'Greens', 'green', NULL);
INSERT INTO player (id, name, email, score, bonus, height, team, teamId, coachId, createdAt, creationDate, isVerified, isHealthy, initial, firstName, lastName, wins, games, address, info) VALUES
  (1, 'Arthur', 'arthur@example.com', 1000, 10, 1.80, 'red', 1, NULL, '2020-01-23 10:00:00', '2020-01-23', 1, 1, 'A', 'Arthur', 'Miller', 7, 10, '{"street":"1 rue Haute","city":"Paris","country":"FR"}', '{"firstName":"Arthur","lastName":"Miller","address":{"street":"Rue de Belleville","city":"Paris"}}'),
  (2, 'Barbara', 'barbara@example.com', 1500, 0, 1.65, 'red', 1, 1, '2020-01-23 18:30:00', '2020-01-23', 0, 1, 'B', 'Barbara', 'Smith', 3, 9, '{"street":"2 Hauptstraße","city":"Berlin","country":"DE"}', '{"firstName":"Barbara","lastName":"Smith","address":{"street":"Hauptstraße","city":"Berlin"}}'),
  (3, 'Craig', NULL, 800, NULL, 1.90, 'blue', 2, 1, '2021-06-01 09:00:00', '2021-06-01', 1, 0, 'C', 'Craig', 'Jones', 0, 4, '{"street":"3 Main St","city":"Boston","country":"US"}', '{"firstName":"Craig","lastName":"Jones"}'),
  (4, 'O''Brien', 'obrien@example.com', 1500, 5, 1.72, 'blue', 2, NULL, '2022-03-15 12:00:00', '2022-03-15', 1, 1, 'O', 'Liam', 'O''Brien', 12, 20, '{"street":"4 High St","city":"Dublin","country":"IE"}', '{"firstName":"Liam","lastName":"O''Brien"}'),
  (5, NULL, 'anonymous@example.com', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (6, 'Diane', 'diane@10%.example.com', 200, 50, 1.60, 'green', 3, 4, '2020-01-23 23:59:00', '2020-01-23', 0, 1, 'D', 'Diane', 'Keaton', 1, 2, '{"street":"6 Rue Basse","city":"Nice","country":"FR"}', '{"firstName":"Diane"}');
INSERT INTO country (code, name, population) VALUES
  ('FR', 'France', 67000000), ('US', 'United States', 330000000), ('ES', 'Spain', 47000000),
  ('IT', 'Italy', 59000000), ('DE', 'Germany', 83000000);
INSERT INTO citizenship (citizenId, countryCode) VALUES (1, 'FR'), (2, 'DE'), (3, 'US'), (4, 'FR');
INSERT INTO author (id, name, countryCode) VALUES
  (1, 'Herman Melville', 'US'), (2, 'Victor Hugo', 'FR'), (3, 'Anonymous', NULL);
INSERT INTO book (id, title, authorId, year) VALUES
  (1, 'Moby-Dick', 1, 1851), (2, 'Les Misérables', 2, 1862), (3, 'Notre-Dame de Paris', 2, 1831),
  (4, 'Beowulf', NULL, NULL), (5, 'Bartleby', 1, 1853);
INSERT INTO chat (id, name) VALUES (1, 'General'), (2, 'Random'), (3, 'Empty');
INSERT INTO message (id, chatId, date, text) VALUES
  (1, 1, '2024-01-01 10:00:00', 'Hello'), (2, 1, '2024-01-02 11:00:00', 'Anyone?'),
  (3, 2, '2024-01-01 09:00:00', 'Random thought'), (4, 2, '2024-01-03 08:00:00', 'Another');
INSERT INTO planet (id, name, temperature, mask) VALUES (1, 'Mercury', 167, 3), (2, 'Jupiter', -110, 4), (3, 'Earth', 15, 2);
INSERT INTO rectangle (id, width, height) VALUES (1, 2, 3), (2, 5, 4), (3, 1, 1);
INSERT INTO game (id, date, score) VALUES (1, '2023-03-10', 12), (2, '2023-11-02', 7), (3, '2024-02-29', 20);
INSERT INTO playerSelection (playerId) VALUES (1), (4);
INSERT INTO document (content) VALUES
  ('SQLite is a database engine'), ('The SQLite database file format'), ('Moby-Dick is a novel'),
  ('A database of databases'), ('sqlite3 shell');
INSERT INTO article (author, title, body) VALUES
  ('Herman Melville', 'Moby-Dick', 'Call me Ishmael. Some years ago...'),
  ('Victor Hugo', 'Les Misérables', 'En 1815, M. Charles-François-Bienvenu Myriel...'),
  ('D. Richard Hipp', 'SQLite database', 'SQLite is a database engine written in C');

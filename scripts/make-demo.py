#!/usr/bin/env python3
"""Writes Resources/library.sql, arbor's built-in demo database.

"The library of the GRDB guides": every table that the request examples of
GRDB's Associations guide and of the associations
overview touch, with real foreign keys, so that arbor infers the associations
of docs/LANGUAGE.md §1.3, and with enough data that every example returns rows.
See docs/DEMO.md for the schema and the choices made where the guides disagree.

Deterministic: the only randomness comes from random.Random(SEED), and the
output depends on nothing else. Python 3 standard library only.

Usage: python3 scripts/make-demo.py [OUTPUT]   (default: Resources/library.sql)
Then run scripts/embed-demo.sh to refresh Sources/ArborSession/Opening/DemoLibrary.generated.swift.
"""

import os
import random
import sys

SEED = 20240611
rng = random.Random(SEED)

# ---------------------------------------------------------------------------
# Schema. Creation order matters to arbor (docs/LANGUAGE.md §1.3, rule 5): parents
# first, so that the INSERTs below also respect the foreign keys.

SCHEMA = """\
CREATE TABLE country (
  code TEXT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL,
  nativeName TEXT
);

CREATE TABLE demographics (
  id INTEGER PRIMARY KEY,
  countryCode TEXT NOT NULL UNIQUE,
  population INTEGER,
  density REAL,
  FOREIGN KEY (countryCode) REFERENCES country(code) ON DELETE CASCADE
);

CREATE TABLE postal_address (
  id INTEGER PRIMARY KEY,
  street TEXT NOT NULL,
  city TEXT NOT NULL,
  postalCode TEXT
);

CREATE TABLE author (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  birthYear INTEGER,
  deathDate TEXT,
  countryCode TEXT,
  country TEXT,
  postalAddressId INTEGER,
  FOREIGN KEY (countryCode) REFERENCES country(code) ON DELETE SET NULL,
  FOREIGN KEY (postalAddressId) REFERENCES postal_address(id) ON DELETE SET NULL
);
CREATE INDEX index_author_on_countryCode ON author(countryCode);
CREATE INDEX index_author_on_postalAddressId ON author(postalAddressId);

CREATE TABLE library (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  openedYear INTEGER
);

CREATE TABLE address (
  id INTEGER PRIMARY KEY,
  libraryId INTEGER NOT NULL UNIQUE,
  street TEXT NOT NULL,
  city TEXT NOT NULL,
  postalCode TEXT,
  FOREIGN KEY (libraryId) REFERENCES library(id) ON DELETE CASCADE
);

CREATE TABLE book (
  id INTEGER PRIMARY KEY,
  authorId INTEGER,
  translatorId INTEGER,
  libraryId INTEGER,
  title TEXT NOT NULL,
  kind TEXT,
  language TEXT,
  year INTEGER,
  publishDate TEXT,
  price REAL,
  score REAL,
  awards INTEGER NOT NULL DEFAULT 0,
  FOREIGN KEY (authorId) REFERENCES author(id) ON DELETE CASCADE,
  FOREIGN KEY (translatorId) REFERENCES author(id) ON DELETE SET NULL,
  FOREIGN KEY (libraryId) REFERENCES library(id) ON DELETE SET NULL
);
CREATE INDEX index_book_on_authorId ON book(authorId);
CREATE INDEX index_book_on_translatorId ON book(translatorId);
CREATE INDEX index_book_on_libraryId ON book(libraryId);

CREATE TABLE coverImage (
  id INTEGER PRIMARY KEY,
  bookId INTEGER NOT NULL UNIQUE,
  path TEXT NOT NULL,
  width INTEGER,
  height INTEGER,
  FOREIGN KEY (bookId) REFERENCES book(id) ON DELETE CASCADE
);

CREATE TABLE prize (
  id INTEGER PRIMARY KEY,
  bookId INTEGER NOT NULL,
  name TEXT NOT NULL,
  year INTEGER,
  FOREIGN KEY (bookId) REFERENCES book(id) ON DELETE CASCADE
);
CREATE INDEX index_prize_on_bookId ON prize(bookId);

CREATE TABLE review (
  id INTEGER PRIMARY KEY,
  bookId INTEGER NOT NULL,
  reviewer TEXT NOT NULL,
  rating INTEGER,
  body TEXT,
  createdAt TEXT NOT NULL,
  FOREIGN KEY (bookId) REFERENCES book(id) ON DELETE CASCADE
);
CREATE INDEX index_review_on_bookId ON review(bookId);

CREATE TABLE tag (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE bookTag (
  bookId INTEGER NOT NULL,
  tagId INTEGER NOT NULL,
  PRIMARY KEY (bookId, tagId),
  FOREIGN KEY (bookId) REFERENCES book(id) ON DELETE CASCADE,
  FOREIGN KEY (tagId) REFERENCES tag(id) ON DELETE CASCADE
);
CREATE INDEX index_bookTag_on_tagId ON bookTag(tagId);

CREATE TABLE painting (
  id INTEGER PRIMARY KEY,
  authorId INTEGER NOT NULL,
  title TEXT NOT NULL,
  year INTEGER,
  medium TEXT,
  FOREIGN KEY (authorId) REFERENCES author(id) ON DELETE CASCADE
);
CREATE INDEX index_painting_on_authorId ON painting(authorId);

CREATE TABLE citizen (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE passport (
  id INTEGER PRIMARY KEY,
  countryCode TEXT NOT NULL,
  citizenId INTEGER NOT NULL,
  issueDate TEXT,
  FOREIGN KEY (countryCode) REFERENCES country(code) ON DELETE CASCADE,
  FOREIGN KEY (citizenId) REFERENCES citizen(id) ON DELETE CASCADE
);
CREATE INDEX index_passport_on_countryCode ON passport(countryCode);
CREATE INDEX index_passport_on_citizenId ON passport(citizenId);

CREATE TABLE document (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  createdAt TEXT
);

CREATE TABLE section (
  id INTEGER PRIMARY KEY,
  documentId INTEGER NOT NULL,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  FOREIGN KEY (documentId) REFERENCES document(id) ON DELETE CASCADE
);
CREATE INDEX index_section_on_documentId ON section(documentId);

CREATE TABLE paragraph (
  id INTEGER PRIMARY KEY,
  sectionId INTEGER NOT NULL,
  position INTEGER NOT NULL,
  text TEXT NOT NULL,
  FOREIGN KEY (sectionId) REFERENCES section(id) ON DELETE CASCADE
);
CREATE INDEX index_paragraph_on_sectionId ON paragraph(sectionId);

CREATE TABLE employee (
  id INTEGER PRIMARY KEY,
  managerId INTEGER,
  libraryId INTEGER,
  name TEXT NOT NULL,
  jobTitle TEXT,
  hireDate TEXT,
  FOREIGN KEY (managerId) REFERENCES employee(id) ON DELETE RESTRICT,
  FOREIGN KEY (libraryId) REFERENCES library(id) ON DELETE SET NULL
);
CREATE INDEX index_employee_on_managerId ON employee(managerId);
CREATE INDEX index_employee_on_libraryId ON employee(libraryId);

CREATE TABLE team (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT
);

CREATE TABLE player (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  score INTEGER
);

CREATE TABLE playerRole (
  teamId INTEGER NOT NULL,
  playerId INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (teamId, playerId),
  FOREIGN KEY (teamId) REFERENCES team(id) ON DELETE CASCADE,
  FOREIGN KEY (playerId) REFERENCES player(id) ON DELETE CASCADE
);
CREATE INDEX index_playerRole_on_playerId ON playerRole(playerId);
"""

# ---------------------------------------------------------------------------
# Countries: (code, English name, native name)

COUNTRIES = [
    ("FR", "France", "France"),
    ("GB", "United Kingdom", "United Kingdom"),
    ("US", "United States", "United States"),
    ("IE", "Ireland", "Éire"),
    ("ES", "Spain", "España"),
    ("CO", "Colombia", "Colombia"),
    ("AR", "Argentina", "Argentina"),
    ("CL", "Chile", "Chile"),
    ("MX", "Mexico", "México"),
    ("PT", "Portugal", "Portugal"),
    ("BR", "Brazil", "Brasil"),
    ("DE", "Germany", "Deutschland"),
    ("AT", "Austria", "Österreich"),
    ("CZ", "Czechia", "Česko"),
    ("PL", "Poland", "Polska"),
    ("RU", "Russia", "Россия"),
    ("NO", "Norway", "Norge"),
    ("DK", "Denmark", "Danmark"),
    ("SE", "Sweden", "Sverige"),
    ("IT", "Italy", "Italia"),
    ("GR", "Greece", "Ελλάδα"),
    ("TR", "Turkey", "Türkiye"),
    ("EG", "Egypt", "مصر"),
    ("LB", "Lebanon", "لبنان"),
    ("NG", "Nigeria", "Nigeria"),
    ("IN", "India", "भारत"),
    ("CN", "China", "中国"),
    ("JP", "Japan", "日本"),
    ("KR", "South Korea", "대한민국"),
    ("IS", "Iceland", "Ísland"),
    ("FI", "Finland", "Suomi"),
    ("CA", "Canada", "Canada"),
]
COUNTRY_NAME = {code: name for code, name, _ in COUNTRIES}

# Approximate population (2023) and density (people per km²). Some countries
# have no demographics profile on purpose (Country.demographics is optional).
DEMOGRAPHICS = [
    ("FR", 68_170_000, 124.0), ("GB", 68_350_000, 281.0),
    ("US", 334_900_000, 36.6), ("IE", 5_280_000, 75.1),
    ("ES", 48_370_000, 95.6), ("CO", 52_090_000, 45.6),
    ("AR", 46_650_000, 16.8), ("CL", 19_630_000, 25.9),
    ("MX", 128_500_000, 65.6), ("PT", 10_470_000, 113.6),
    ("BR", 216_400_000, 25.4), ("DE", 84_480_000, 236.4),
    ("AT", 9_130_000, 108.9), ("CZ", 10_870_000, 137.8),
    ("PL", 36_690_000, 117.3), ("RU", 143_800_000, 8.4),
    ("NO", 5_520_000, 14.3), ("DK", 5_950_000, 138.2),
    ("SE", 10_550_000, 23.5), ("IT", 58_870_000, 195.2),
    ("GR", 10_340_000, 78.4), ("TR", 85_330_000, 110.9),
    ("EG", 112_700_000, 113.2), ("NG", 223_800_000, 242.6),
    ("IN", 1_428_600_000, 481.0), ("CN", 1_410_700_000, 146.9),
    ("JP", 124_500_000, 329.5), ("KR", 51_710_000, 515.3),
    ("IS", 387_800, 3.8),
]

# ---------------------------------------------------------------------------
# Postal addresses of a few living authors (care of their publisher or agent;
# all of them made up).

POSTAL_ADDRESSES = [
    ("c/o Faber & Faber, 74–77 Great Russell Street", "London", "WC1B 3DA"),
    ("c/o Shinchōsha, 71 Yaraichō, Shinjuku", "東京", "162-8711"),
    ("c/o Edizioni E/O, Via Gabriele Camozzi 1", "Roma", "00195"),
    ("c/o Wydawnictwo Literackie, ul. Długa 1", "Kraków", "31-147"),
    ("c/o Aschehoug, Sehesteds gate 3", "Oslo", "0164"),
    ("c/o Munhakdongne, 210 Hoedong-gil", "파주시", "10881"),
    ("c/o Yapı Kredi Yayınları, İstiklal Caddesi 161", "İstanbul", "34433"),
    ("c/o Knopf, 1745 Broadway", "New York", "NY 10019"),
    ("c/o Farafina, 1 Ajose Adeogun Street", "Lagos", None),
    ("c/o Éditions du Seuil, 57 rue Gaston Tessier", "Paris", "75019"),  # nobody's address any more
]

# ---------------------------------------------------------------------------
# People (the `author` table: authors and translators; the guides' `Person`
# type is the same table, see docs/DEMO.md).
#
# key: (name, birthYear, deathDate, countryCode, postalAddressIndex|None, language)
# Books: (title, year, kind, options) with options among
#   date="YYYY-MM-DD"  (exact publish date), tr="translator key",
#   lang="xx" (edition language, default: the author's), nodate=True.

P = {}

def person(key, name, birth, death, country, postal=None, lang=None):
    P[key] = dict(name=name, birth=birth, death=death, country=country,
                  postal=postal, lang=lang, books=[])

def books(key, *items):
    P[key]["books"].extend(items)

def b(title, year, kind, **options):
    return (title, year, kind, options)

# Writers
person("hugo", "Victor Hugo", 1802, "1885-05-22", "FR", lang="fr")
books("hugo",
      b("Le Dernier Jour d'un condamné", 1829, "novel"),
      b("Hernani", 1830, "theatrePlay"),
      b("Notre-Dame de Paris", 1831, "novel", date="1831-03-16"),
      b("Ruy Blas", 1838, "theatrePlay"),
      b("Les Châtiments", 1853, "poems"),
      b("Les Contemplations", 1856, "poems"),
      b("La Légende des siècles", 1859, "poems"),
      b("Les Misérables", 1862, "novel", date="1862-04-03"),
      b("Les Travailleurs de la mer", 1866, "novel"),
      b("L'Homme qui rit", 1869, "novel"),
      b("Quatrevingt-treize", 1874, "novel"))
person("zola", "Émile Zola", 1840, "1902-09-29", "FR", lang="fr")
books("zola",
      b("Thérèse Raquin", 1867, "novel"),
      b("L'Assommoir", 1877, "novel"),
      b("Nana", 1880, "novel"),
      b("Au Bonheur des Dames", 1883, "novel"),
      b("Germinal", 1885, "novel"),
      b("La Bête humaine", 1890, "novel"),
      b("La Débâcle", 1892, "novel"),
      b("J'accuse…!", 1898, "essay", date="1898-01-13"))
person("moliere", "Molière", 1622, "1673-02-17", "FR", lang="fr")
books("moliere",
      b("Les Précieuses ridicules", 1660, "theatrePlay"),
      b("L'École des femmes", 1663, "theatrePlay"),
      b("Tartuffe ou l'Imposteur", 1669, "theatrePlay"),
      b("Dom Juan ou le Festin de pierre", 1682, "theatrePlay"),
      b("Le Misanthrope", 1667, "theatrePlay"),
      b("L'Avare", 1669, "theatrePlay"),
      b("Le Bourgeois gentilhomme", 1671, "theatrePlay"),
      b("Les Fourberies de Scapin", 1671, "theatrePlay"),
      b("Le Malade imaginaire", 1674, "theatrePlay"))
person("baudelaire", "Charles Baudelaire", 1821, "1867-08-31", "FR", lang="fr")
books("baudelaire",
      b("Les Fleurs du mal", 1857, "poems", date="1857-06-25"),
      b("Les Paradis artificiels", 1860, "essay"),
      b("Le Spleen de Paris", 1869, "poems"))
person("proust", "Marcel Proust", 1871, "1922-11-18", "FR", lang="fr")
books("proust",
      b("Du côté de chez Swann", 1913, "novel", date="1913-11-14"),
      b("À l'ombre des jeunes filles en fleurs", 1919, "novel"),
      b("Le Côté de Guermantes", 1920, "novel"),
      b("Sodome et Gomorrhe", 1922, "novel", date="1922-05-03"),
      b("La Prisonnière", 1923, "novel"),
      b("Albertine disparue", 1925, "novel"),
      b("Le Temps retrouvé", 1927, "novel"))
person("camus", "Albert Camus", 1913, "1960-01-04", "FR", lang="fr")
books("camus",
      b("L'Étranger", 1942, "novel", date="1942-05-19"),
      b("Le Mythe de Sisyphe", 1942, "essay"),
      b("Caligula", 1944, "theatrePlay"),
      b("La Peste", 1947, "novel", date="1947-06-10"),
      b("L'Homme révolté", 1951, "essay"),
      b("La Chute", 1956, "novel"),
      b("L'Exil et le Royaume", 1957, "shortStories"),
      b("Le Premier Homme", 1994, "novel"))
person("duras", "Marguerite Duras", 1914, "1996-03-03", "FR", lang="fr")
books("duras",
      b("Un barrage contre le Pacifique", 1950, "novel"),
      b("Moderato cantabile", 1958, "novel"),
      b("Hiroshima mon amour", 1960, None),
      b("Le Ravissement de Lol V. Stein", 1964, "novel"),
      b("L'Amant", 1984, "novel"),
      b("La Douleur", 1985, "shortStories"))
person("verne", "Jules Verne", 1828, "1905-03-24", "FR", lang="fr")
books("verne",
      b("Cinq semaines en ballon", 1863, "novel"),
      b("Voyage au centre de la Terre", 1864, "novel"),
      b("De la Terre à la Lune", 1865, "novel"),
      b("Vingt mille lieues sous les mers", 1870, "novel"),
      b("Le Tour du monde en quatre-vingts jours", 1872, "novel"),
      b("L'Île mystérieuse", 1875, "novel"),
      b("Michel Strogoff", 1876, "novel"))
person("beauvoir", "Simone de Beauvoir", 1908, "1986-04-14", "FR", lang="fr")
books("beauvoir",
      b("L'Invitée", 1943, "novel"),
      b("Le Deuxième Sexe", 1949, "essay"),
      b("Les Mandarins", 1954, "novel"),
      b("Mémoires d'une jeune fille rangée", 1958, "essay"))
person("christie", "Agatha Christie", 1890, "1976-01-12", "GB", lang="en")
books("christie",
      b("The Mysterious Affair at Styles", 1920, "novel"),
      b("The Secret Adversary", 1922, "novel"),
      b("The Murder on the Links", 1923, "novel"),
      b("The Murder of Roger Ackroyd", 1926, "novel", date="1926-06-07"),
      b("The Big Four", 1927, "novel"),
      b("The Mystery of the Blue Train", 1928, "novel"),
      b("The Murder at the Vicarage", 1930, "novel"),
      b("Peril at End House", 1932, "novel"),
      b("Lord Edgware Dies", 1933, "novel"),
      b("Murder on the Orient Express", 1934, "novel", date="1934-01-01"),
      b("The A.B.C. Murders", 1936, "novel"),
      b("Murder in Mesopotamia", 1936, "novel"),
      b("Cards on the Table", 1936, "novel"),
      b("Death on the Nile", 1937, "novel"),
      b("Appointment with Death", 1938, "novel"),
      b("Hercule Poirot's Christmas", 1938, "novel"),
      b("And Then There Were None", 1939, "novel", date="1939-11-06"),
      b("Evil Under the Sun", 1941, "novel"),
      b("The Body in the Library", 1942, "novel"),
      b("Five Little Pigs", 1942, "novel"),
      b("A Murder Is Announced", 1950, "novel"),
      b("The Mousetrap", 1952, "theatrePlay"),
      b("4.50 from Paddington", 1957, "novel"),
      b("The Pale Horse", 1961, "novel"),
      b("Curtain", 1975, "novel"),
      b("Sleeping Murder", 1976, "novel", date="1976-10-01"))
person("austen", "Jane Austen", 1775, "1817-07-18", "GB", lang="en")
books("austen",
      b("Sense and Sensibility", 1811, "novel", date="1811-10-30"),
      b("Pride and Prejudice", 1813, "novel", date="1813-01-28"),
      b("Mansfield Park", 1814, "novel"),
      b("Emma", 1815, "novel", date="1815-12-23"),
      b("Northanger Abbey", 1817, "novel", date="1817-12-20"),
      b("Persuasion", 1817, "novel", date="1817-12-20"))
person("shakespeare", "William Shakespeare", 1564, "1616-04-23", "GB", lang="en")
books("shakespeare",
      b("Romeo and Juliet", 1597, "theatrePlay"),
      b("A Midsummer Night's Dream", 1600, "theatrePlay"),
      b("Hamlet", 1603, "theatrePlay"),
      b("King Lear", 1608, "theatrePlay"),
      b("Shake-speares Sonnets", 1609, "poems"),
      b("Othello", 1622, "theatrePlay"),
      b("Macbeth", 1623, "theatrePlay", date="1623-11-08"),
      b("The Tempest", 1623, "theatrePlay", date="1623-11-08"))
person("woolf", "Virginia Woolf", 1882, "1941-03-28", "GB", lang="en")
books("woolf",
      b("Mrs Dalloway", 1925, "novel", date="1925-05-14"),
      b("To the Lighthouse", 1927, "novel", date="1927-05-05"),
      b("Orlando: A Biography", 1928, "novel", date="1928-10-11"),
      b("A Room of One's Own", 1929, "essay"),
      b("The Waves", 1931, "novel"),
      b("Between the Acts", 1941, "novel", date="1941-07-17"))
person("ishiguro", "Kazuo Ishiguro", 1954, None, "GB", postal=0, lang="en")
books("ishiguro",
      b("A Pale View of Hills", 1982, "novel"),
      b("An Artist of the Floating World", 1986, "novel"),
      b("The Remains of the Day", 1989, "novel"),
      b("Never Let Me Go", 2005, "novel"),
      b("The Buried Giant", 2015, "novel"),
      b("Klara and the Sun", 2021, "novel", date="2021-03-02"))
person("carroll", "Lewis Carroll", 1832, "1898-01-14", "GB", lang="en")
books("carroll",
      b("Alice's Adventures in Wonderland", 1865, "novel", date="1865-11-26"),
      b("Through the Looking-Glass", 1871, "novel"),
      b("The Hunting of the Snark", 1876, "poems"))
person("poe", "Edgar Allan Poe", 1809, "1849-10-07", "US", lang="en")
books("poe",
      b("The Narrative of Arthur Gordon Pym of Nantucket", 1838, "novel"),
      b("Tales of the Grotesque and Arabesque", 1840, "shortStories"),
      b("The Raven and Other Poems", 1845, "poems"),
      b("Tales", 1845, "shortStories"))
person("dickinson", "Emily Dickinson", 1830, "1886-05-15", "US", lang="en")
books("dickinson",
      b("Poems", 1890, "poems", date="1890-11-12"),
      b("Poems: Second Series", 1891, "poems"),
      b("Poems: Third Series", 1896, "poems"))
person("morrison", "Toni Morrison", 1931, "2019-08-05", "US", lang="en")
books("morrison",
      b("The Bluest Eye", 1970, "novel"),
      b("Sula", 1973, "novel"),
      b("Song of Solomon", 1977, "novel"),
      b("Beloved", 1987, "novel", date="1987-09-02"),
      b("Jazz", 1992, "novel"),
      b("A Mercy", 2008, "novel"),
      b("God Help the Child", 2015, "novel"))
person("melville", "Herman Melville", 1819, "1891-09-28", "US", lang="en")
books("melville",
      b("Typee", 1846, "novel"),
      b("Moby-Dick; or, The Whale", 1851, "novel", date="1851-10-18"),
      b("Bartleby, the Scrivener", 1853, "shortStories"),
      b("Billy Budd, Sailor", 1924, "novel"))
person("salinger", "J. D. Salinger", 1919, "2010-01-27", "US", lang="en")
books("salinger",
      b("The Catcher in the Rye", 1951, "novel", date="1951-07-16"),
      b("Nine Stories", 1953, "shortStories"),
      b("Franny and Zooey", 1961, "novel"))
person("nabokov", "Vladimir Nabokov", 1899, "1977-07-02", "US", lang="en")
books("nabokov",
      b("Машенька", 1926, "novel", lang="ru"),
      b("Защита Лужина", 1930, "novel", lang="ru"),
      b("Приглашение на казнь", 1936, "novel", lang="ru"),
      b("Lolita", 1955, "novel", date="1955-09-15"),
      b("Pnin", 1957, "novel"),
      b("Pale Fire", 1962, "novel"),
      b("Ada or Ardor: A Family Chronicle", 1969, "novel"),
      b("The Original of Laura", 2009, "novel", date="2009-11-17"))
person("joyce", "James Joyce", 1882, "1941-01-13", "IE", lang="en")
books("joyce",
      b("Dubliners", 1914, "shortStories"),
      b("A Portrait of the Artist as a Young Man", 1916, "novel"),
      b("Ulysses", 1922, "novel", date="1922-02-02"),
      b("Finnegans Wake", 1939, "novel", date="1939-05-04"))
person("beckett", "Samuel Beckett", 1906, "1989-12-22", "IE", lang="en")
books("beckett",
      b("Murphy", 1938, "novel"),
      b("Molloy", 1951, "novel", lang="fr"),
      b("En attendant Godot", 1952, "theatrePlay", lang="fr"),
      b("Fin de partie", 1957, "theatrePlay", lang="fr"),
      b("Krapp's Last Tape", 1958, "theatrePlay"),
      b("Oh les beaux jours", 1963, "theatrePlay", lang="fr"))
person("cervantes", "Miguel de Cervantes", 1547, "1616-04-22", "ES", lang="es")
books("cervantes",
      b("El ingenioso hidalgo don Quijote de la Mancha", 1605, "novel", date="1605-01-16"),
      b("Novelas ejemplares", 1613, "shortStories"),
      b("Segunda parte del ingenioso caballero don Quijote de la Mancha", 1615, "novel"),
      b("Los trabajos de Persiles y Sigismunda", 1617, "novel"))
person("lorca", "Federico García Lorca", 1898, "1936-08-19", "ES", lang="es")
books("lorca",
      b("Romancero gitano", 1928, "poems"),
      b("Bodas de sangre", 1933, "theatrePlay"),
      b("Yerma", 1934, "theatrePlay"),
      b("Poeta en Nueva York", 1940, "poems"),
      b("La casa de Bernarda Alba", 1945, "theatrePlay"))
person("garciamarquez", "Gabriel García Márquez", 1927, "2014-04-17", "CO", lang="es")
books("garciamarquez",
      b("La hojarasca", 1955, "novel"),
      b("El coronel no tiene quien le escriba", 1961, "novel"),
      b("Cien años de soledad", 1967, "novel", date="1967-05-30"),
      b("Cent ans de solitude", 1968, "novel", lang="fr"),
      b("One Hundred Years of Solitude", 1970, "novel", tr="rabassa", lang="en"),
      b("Relato de un náufrago", 1970, "essay"),
      b("El otoño del patriarca", 1975, "novel"),
      b("Crónica de una muerte anunciada", 1981, "novel"),
      b("El amor en los tiempos del cólera", 1985, "novel"),
      b("Love in the Time of Cholera", 1988, "novel", tr="grossman", lang="en"),
      b("Del amor y otros demonios", 1994, "novel"))
person("borges", "Jorge Luis Borges", 1899, "1986-06-14", "AR", lang="es")
books("borges",
      b("Fervor de Buenos Aires", 1923, "poems"),
      b("Historia universal de la infamia", 1935, "shortStories"),
      b("Ficciones", 1944, "shortStories"),
      b("El Aleph", 1949, "shortStories"),
      b("Otras inquisiciones", 1952, "essay"),
      b("El hacedor", 1960, "poems"),
      b("El libro de arena", 1975, "shortStories"))
person("cortazar", "Julio Cortázar", 1914, "1984-02-12", "AR", lang="es")
books("cortazar",
      b("Bestiario", 1951, "shortStories"),
      b("Final del juego", 1956, "shortStories"),
      b("Las armas secretas", 1959, "shortStories"),
      b("Los premios", 1960, "novel"),
      b("Historias de cronopios y de famas", 1962, "shortStories"),
      b("Rayuela", 1963, "novel", date="1963-06-28"),
      b("Hopscotch", 1966, "novel", tr="rabassa", lang="en"))
person("neruda", "Pablo Neruda", 1904, "1973-09-23", "CL", lang="es")
books("neruda",
      b("Veinte poemas de amor y una canción desesperada", 1924, "poems"),
      b("Residencia en la tierra", 1933, "poems"),
      b("Canto general", 1950, "poems"),
      b("Odas elementales", 1954, "poems"),
      b("Cien sonetos de amor", 1959, "poems"),
      b("Confieso que he vivido", 1974, "essay"))
person("bolano", "Roberto Bolaño", 1953, "2003-07-15", "CL", lang="es")
books("bolano",
      b("Estrella distante", 1996, "novel"),
      b("Los detectives salvajes", 1998, "novel"),
      b("Nocturno de Chile", 2000, "novel"),
      b("2666", 2004, "novel", date="2004-09-01"))
person("paz", "Octavio Paz", 1914, "1998-04-19", "MX", lang="es")
books("paz",
      b("El laberinto de la soledad", 1950, "essay"),
      b("Piedra de sol", 1957, "poems"),
      b("Libertad bajo palabra", 1960, "poems"))
person("rulfo", "Juan Rulfo", 1917, "1986-01-07", "MX", lang="es")
books("rulfo",
      b("El Llano en llamas", 1953, "shortStories"),
      b("Pedro Páramo", 1955, "novel", date="1955-03-19"))
person("pessoa", "Fernando Pessoa", 1888, "1935-11-30", "PT", lang="pt")
books("pessoa",
      b("Mensagem", 1934, "poems", date="1934-12-01"),
      b("Poemas de Alberto Caeiro", 1946, "poems"),
      b("Livro do Desassossego", 1982, None))
person("lispector", "Clarice Lispector", 1920, "1977-12-09", "BR", lang="pt")
books("lispector",
      b("Perto do Coração Selvagem", 1943, "novel"),
      b("Laços de Família", 1960, "shortStories"),
      b("A Paixão Segundo G.H.", 1964, "novel"),
      b("A Hora da Estrela", 1977, "novel", date="1977-10-26"),
      b("Um Sopro de Vida", 1978, "novel"))
person("kafka", "Franz Kafka", 1883, "1924-06-03", "CZ", lang="de")
books("kafka",
      b("Das Urteil", 1913, "shortStories"),
      b("Die Verwandlung", 1915, "shortStories"),
      b("Ein Landarzt", 1920, "shortStories"),
      b("Ein Hungerkünstler", 1924, "shortStories", date="1924-08-20"),
      b("Der Process", 1925, "novel", date="1925-04-26"),
      b("Das Schloss", 1926, "novel"),
      b("Amerika", 1927, "novel"))
person("hesse", "Hermann Hesse", 1877, "1962-08-09", "DE", lang="de")
books("hesse",
      b("Peter Camenzind", 1904, "novel"),
      b("Unterm Rad", 1906, "novel"),
      b("Demian", 1919, "novel"),
      b("Siddhartha", 1922, "novel"),
      b("Der Steppenwolf", 1927, "novel"),
      b("Narziß und Goldmund", 1930, "novel"),
      b("Das Glasperlenspiel", 1943, "novel"))
person("mann", "Thomas Mann", 1875, "1955-08-12", "DE", lang="de")
books("mann",
      b("Buddenbrooks", 1901, "novel"),
      b("Der Tod in Venedig", 1912, "novel"),
      b("Der Zauberberg", 1924, "novel", date="1924-11-28"),
      b("Doktor Faustus", 1947, "novel"))
person("zweig", "Stefan Zweig", 1881, "1942-02-22", "AT", lang="de")
books("zweig",
      b("Brennendes Geheimnis", 1911, "shortStories"),
      b("Sternstunden der Menschheit", 1927, "essay"),
      b("Ungeduld des Herzens", 1939, "novel"),
      b("Die Welt von Gestern", 1942, "essay", date="1942-07-01"),
      b("Schachnovelle", 1942, "novel", date="1942-12-07"))
person("szymborska", "Wisława Szymborska", 1923, "2012-02-01", "PL", lang="pl")
books("szymborska",
      b("Wołanie do Yeti", 1957, "poems"),
      b("Sto pociech", 1967, "poems"),
      b("Wielka liczba", 1976, "poems"),
      b("Koniec i początek", 1993, "poems"),
      b("Chwila", 2002, "poems"),
      b("Wystarczy", 2012, "poems", date="2012-04-16"))
person("tokarczuk", "Olga Tokarczuk", 1962, None, "PL", postal=3, lang="pl")
books("tokarczuk",
      b("Prawiek i inne czasy", 1996, "novel"),
      b("Bieguni", 2007, "novel"),
      b("Prowadź swój pług przez kości umarłych", 2009, "novel"),
      b("Księgi Jakubowe", 2014, "novel", date="2014-10-23"),
      b("Flights", 2017, "novel", tr="croft", lang="en"))
person("dostoevsky", "Фёдор Достоевский", 1821, "1881-02-09", "RU", lang="ru")
books("dostoevsky",
      b("Бедные люди", 1846, "novel"),
      b("Записки из подполья", 1864, "novel"),
      b("Преступление и наказание", 1866, "novel"),
      b("Игрок", 1866, "novel"),
      b("Идиот", 1869, "novel"),
      b("Бесы", 1872, "novel"),
      b("Братья Карамазовы", 1880, "novel", date="1880-11-01"),
      b("The Brothers Karamazov", 1912, "novel", tr="garnett", lang="en"),
      b("Crime and Punishment", 1914, "novel", tr="garnett", lang="en"))
person("tolstoy", "Лев Толстой", 1828, "1910-11-20", "RU", lang="ru")
books("tolstoy",
      b("Детство", 1852, "novel"),
      b("Казаки", 1863, "novel"),
      b("Война и мир", 1869, "novel"),
      b("Анна Каренина", 1878, "novel"),
      b("Смерть Ивана Ильича", 1886, "novel"),
      b("Воскресение", 1899, "novel"),
      b("Anna Karenina", 1901, "novel", tr="garnett", lang="en"),
      b("Хаджи-Мурат", 1912, "novel"))
person("chekhov", "Антон Чехов", 1860, "1904-07-15", "RU", lang="ru")
books("chekhov",
      b("Чайка", 1896, "theatrePlay"),
      b("Дядя Ваня", 1897, "theatrePlay"),
      b("Дама с собачкой", 1899, "shortStories"),
      b("Три сестры", 1901, "theatrePlay"),
      b("Вишнёвый сад", 1904, "theatrePlay", date="1904-01-17"))
person("ibsen", "Henrik Ibsen", 1828, "1906-05-23", "NO", lang="no")
books("ibsen",
      b("Peer Gynt", 1867, "theatrePlay"),
      b("Et dukkehjem", 1879, "theatrePlay", date="1879-12-04"),
      b("Gengangere", 1881, "theatrePlay"),
      b("En folkefiende", 1882, "theatrePlay"),
      b("Vildanden", 1884, "theatrePlay"),
      b("Hedda Gabler", 1890, "theatrePlay"))
person("nesbo", "Jo Nesbø", 1960, None, "NO", postal=4, lang="no")
books("nesbo",
      b("Flaggermusmannen", 1997, "novel"),
      b("Rødstrupe", 2000, "novel"),
      b("Snømannen", 2007, "novel"),
      b("Panserhjerte", 2009, "novel"),
      b("Gjenferd", 2011, "novel"),
      b("Politi", 2013, "novel"),
      b("Tørst", 2017, "novel"),
      b("Kniv", 2019, "novel"))
person("kierkegaard", "Søren Kierkegaard", 1813, "1855-11-11", "DK", lang="da")
books("kierkegaard",
      b("Enten – Eller", 1843, "essay", date="1843-02-20"),
      b("Frygt og Bæven", 1843, "essay"),
      b("Begrebet Angest", 1844, "essay"),
      b("Sygdommen til Døden", 1849, "essay"))
person("andersen", "Hans Christian Andersen", 1805, "1875-08-04", "DK", lang="da")
books("andersen",
      b("Improvisatoren", 1835, "novel"),
      b("Eventyr, fortalte for Børn", 1835, "shortStories", date="1835-05-08"),
      b("Den lille Havfrue", 1837, "shortStories"))
person("lindgren", "Astrid Lindgren", 1907, "2002-01-28", "SE", lang="sv")
books("lindgren",
      b("Pippi Långstrump", 1945, "novel"),
      b("Mio, min Mio", 1954, "novel"),
      b("Bröderna Lejonhjärta", 1973, "novel"),
      b("Ronja rövardotter", 1981, "novel"))
person("larsson", "Stieg Larsson", 1954, "2004-11-09", "SE", lang="sv")
books("larsson",
      b("Män som hatar kvinnor", 2005, "novel", date="2005-08-01"),
      b("Flickan som lekte med elden", 2006, "novel"),
      b("Luftslottet som sprängdes", 2007, "novel"),
      b("The Girl with the Dragon Tattoo", 2008, "novel", tr="keeland", lang="en"))
person("ferrante", "Elena Ferrante", None, None, "IT", postal=2, lang="it")
books("ferrante",
      b("L'amore molesto", 1992, "novel"),
      b("I giorni dell'abbandono", 2002, "novel"),
      b("L'amica geniale", 2011, "novel", date="2011-10-19"),
      b("Storia del nuovo cognome", 2012, "novel"),
      b("My Brilliant Friend", 2012, "novel", tr="goldstein", lang="en"),
      b("Storia di chi fugge e di chi resta", 2013, "novel"),
      b("Storia della bambina perduta", 2014, "novel"))
person("calvino", "Italo Calvino", 1923, "1985-09-19", "IT", lang="it")
books("calvino",
      b("Il sentiero dei nidi di ragno", 1947, "novel"),
      b("Il visconte dimezzato", 1952, "novel"),
      b("Il barone rampante", 1957, "novel"),
      b("Le città invisibili", 1972, "novel"),
      b("Se una notte d'inverno un viaggiatore", 1979, "novel"),
      b("Lezioni americane", 1988, "essay"))
person("dante", "Dante Alighieri", 1265, "1321-09-14", "IT", lang="it")
books("dante",
      b("Vita nuova", 1576, "poems"),
      b("La Divina Commedia", 1472, "poems", date="1472-04-11"))
person("kazantzakis", "Νίκος Καζαντζάκης", 1883, "1957-10-26", "GR", lang="el")
books("kazantzakis",
      b("Βίος και πολιτεία του Αλέξη Ζορμπά", 1946, "novel"),
      b("Ο Χριστός ξανασταυρώνεται", 1948, "novel"),
      b("Ο τελευταίος πειρασμός", 1955, "novel"),
      b("Αναφορά στον Γκρέκο", 1961, "essay"))
person("pamuk", "Orhan Pamuk", 1952, None, "TR", postal=6, lang="tr")
books("pamuk",
      b("Beyaz Kale", 1985, "novel"),
      b("Kara Kitap", 1990, "novel"),
      b("Benim Adım Kırmızı", 1998, "novel"),
      b("Kar", 2002, "novel"),
      b("İstanbul: Hatıralar ve Şehir", 2003, "essay"),
      b("Masumiyet Müzesi", 2008, "novel"))
person("mahfouz", "نجيب محفوظ", 1911, "2006-08-30", "EG", lang="ar")
books("mahfouz",
      b("بين القصرين", 1956, "novel"),
      b("قصر الشوق", 1957, "novel"),
      b("السكرية", 1957, "novel"),
      b("أولاد حارتنا", 1959, "novel"),
      b("اللص والكلاب", 1961, "novel"),
      b("ميرامار", 1967, "novel"))
person("gibran", "Kahlil Gibran", 1883, "1931-04-10", "LB", lang="en")
books("gibran",
      b("The Prophet", 1923, "poems", date="1923-09-23"))
person("achebe", "Chinua Achebe", 1930, "2013-03-21", "NG", lang="en")
books("achebe",
      b("Things Fall Apart", 1958, "novel"),
      b("No Longer at Ease", 1960, "novel"),
      b("Arrow of God", 1964, "novel"),
      b("A Man of the People", 1966, "novel"),
      b("Anthills of the Savannah", 1987, "novel"))
person("adichie", "Chimamanda Ngozi Adichie", 1977, None, "NG", postal=8, lang="en")
books("adichie",
      b("Purple Hibiscus", 2003, "novel"),
      b("Half of a Yellow Sun", 2006, "novel"),
      b("The Thing Around Your Neck", 2009, "shortStories"),
      b("Americanah", 2013, "novel", date="2013-05-14"),
      b("We Should All Be Feminists", 2014, "essay"))
person("tagore", "রবীন্দ্রনাথ ঠাকুর", 1861, "1941-08-07", "IN", lang="bn")
books("tagore",
      b("গীতাঞ্জলি", 1910, "poems"),
      b("Gitanjali (Song Offerings)", 1912, "poems", tr="tagore", lang="en"),
      b("ঘরে বাইরে", 1916, "novel"),
      b("The Home and the World", 1919, "novel", lang="en"))
person("luxun", "鲁迅", 1881, "1936-10-19", "CN", lang="zh")
books("luxun",
      b("呐喊", 1923, "shortStories"),
      b("彷徨", 1926, "shortStories"),
      b("野草", 1927, "poems"),
      b("朝花夕拾", 1928, "essay"))
person("moyan", "莫言", 1955, None, "CN", lang="zh")
books("moyan",
      b("红高粱家族", 1987, "novel"),
      b("丰乳肥臀", 1996, "novel"),
      b("生死疲劳", 2006, "novel"),
      b("蛙", 2009, "novel"))
person("soseki", "夏目漱石", 1867, "1916-12-09", "JP", lang="ja")
books("soseki",
      b("吾輩は猫である", 1905, "novel"),
      b("坊っちゃん", 1906, "novel"),
      b("三四郎", 1908, "novel"),
      b("こゝろ", 1914, "novel"),
      b("明暗", 1917, "novel"))
person("basho", "松尾芭蕉", 1644, "1694-11-28", "JP", lang="ja")
books("basho",
      b("猿蓑", 1691, "poems"),
      b("おくのほそ道", 1702, None))
person("murakami", "村上春樹", 1949, None, "JP", postal=1, lang="ja")
books("murakami",
      b("風の歌を聴け", 1979, "novel"),
      b("羊をめぐる冒険", 1982, "novel"),
      b("世界の終りとハードボイルド・ワンダーランド", 1985, "novel"),
      b("ノルウェイの森", 1987, "novel", date="1987-09-04"),
      b("ねじまき鳥クロニクル", 1994, "novel"),
      b("Norwegian Wood", 2000, "novel", tr="rubin", lang="en"),
      b("海辺のカフカ", 2002, "novel"),
      b("Kafka on the Shore", 2005, "novel", tr="gabriel", lang="en"),
      b("1Q84", 2009, "novel", date="2009-05-29"),
      b("色彩を持たない多崎つくると、彼の巡礼の年", 2013, "novel"),
      b("騎士団長殺し", 2017, "novel"))
person("hankang", "한강", 1970, None, "KR", postal=5, lang="ko")
books("hankang",
      b("채식주의자", 2007, "novel"),
      b("소년이 온다", 2014, "novel"),
      b("The Vegetarian", 2015, "novel", tr="smith", lang="en"),
      b("흰", 2016, "novel"),
      b("작별하지 않는다", 2021, "novel"))
person("traven", "B. Traven", None, "1969-03-26", None, lang="de")
books("traven",
      b("Das Totenschiff", 1926, "novel"),
      b("Der Schatz der Sierra Madre", 1927, "novel"))
# A painter and novelist whose books the library does not hold: she appears in
# "authors who wrote no book, but made at least one painting".
person("carrington", "Leonora Carrington", 1917, "2011-05-25", "MX")

# Translators (and translations by writers above, through `tr=`)
person("rabassa", "Gregory Rabassa", 1922, "2016-06-13", "US")
person("grossman", "Edith Grossman", 1936, "2023-09-04", "US")
person("garnett", "Constance Garnett", 1861, "1946-12-17", "GB")
person("rubin", "Jay Rubin", 1941, None, "US")
person("gabriel", "Philip Gabriel", 1953, None, "US")
person("smith", "Deborah Smith", 1987, None, "GB")
person("croft", "Jennifer Croft", 1981, None, "US")
person("goldstein", "Ann Goldstein", 1949, None, "US")
person("keeland", "Reg Keeland", None, None, None)

# Translations made by the writers themselves, and one by a translator above
# of a classic: (author key, title, year, kind, translator key, language)
EXTRA_TRANSLATIONS = [
    ("poe", "Histoires extraordinaires", 1856, "shortStories", "baudelaire", "fr"),
    ("poe", "Cuentos", 1956, "shortStories", "cortazar", "es"),
    ("woolf", "Orlando", 1937, "novel", "borges", "es"),
    ("carroll", "Аня в стране чудес", 1923, "novel", "nabokov", "ru"),
    ("salinger", "キャッチャー・イン・ザ・ライ", 2003, "novel", "murakami", "ja"),
    ("cervantes", "Don Quixote", 2003, "novel", "grossman", "en"),
    ("kafka", "The Castle", 1930, "novel", None, "en"),
]

# Anonymous works: authorId NULL. (title, year, kind, language)
ANONYMOUS = [
    ("Lazarillo de Tormes", 1554, "novel", "es"),
    ("Cantar de mio Cid", 1779, "poems", "es"),
    ("Beowulf", 1815, "poems", "en"),
    ("ألف ليلة وليلة", 1835, "shortStories", "ar"),
    ("Le Roman de Renart", None, None, "fr"),
]

# Paintings: (author key, title, year, medium)
PAINTINGS = [
    ("hugo", "Le Burg à la croix", 1850, "ink and wash"),
    ("hugo", "Pieuvre avec les initiales V.H.", 1866, "ink and wash"),
    ("hugo", "Le Phare d'Eddystone", 1866, "ink and wash"),
    ("hugo", "Ma destinée", 1867, "ink and wash"),
    ("hesse", "Tessiner Landschaft", 1925, "watercolour"),
    ("hesse", "Montagnola", 1930, "watercolour"),
    ("hesse", "Rosa Haus", None, "watercolour"),
    ("tagore", "Self-portrait", 1935, "ink on paper"),
    ("tagore", "Woman's Face", 1936, "watercolour"),
    ("tagore", "Landscape", None, "pastel"),
    ("gibran", "The Prophet (frontispiece)", 1923, "charcoal"),
    ("gibran", "Self-portrait with Muse", 1911, "oil on canvas"),
    ("carrington", "Self-Portrait (Inn of the Dawn Horse)", 1937, "oil on canvas"),
    ("carrington", "The Giantess", 1947, "tempera"),
    ("carrington", "And Then We Saw the Daughter of the Minotaur", 1953, "oil on canvas"),
]

# Prizes: (title of the book, prize, year)
PRIZES = [
    ("À l'ombre des jeunes filles en fleurs", "Prix Goncourt", 1919),
    ("Les Mandarins", "Prix Goncourt", 1954),
    ("L'Amant", "Prix Goncourt", 1984),
    ("The Remains of the Day", "Booker Prize", 1989),
    ("Beloved", "Pulitzer Prize for Fiction", 1988),
    ("The Vegetarian", "International Booker Prize", 2016),
    ("Flights", "International Booker Prize", 2018),
    ("Bieguni", "Nagroda Literacka Nike", 2008),
    ("Księgi Jakubowe", "Nagroda Literacka Nike", 2015),
    ("Los detectives salvajes", "Premio Herralde", 1998),
    ("Los detectives salvajes", "Premio Rómulo Gallegos", 1999),
    ("2666", "Premio Salambó", 2005),
    ("2666", "National Book Critics Circle Award", 2009),
    ("Americanah", "National Book Critics Circle Award", 2014),
    ("Half of a Yellow Sun", "Orange Prize for Fiction", 2007),
    ("Benim Adım Kırmızı", "International Dublin Literary Award", 2003),
    ("蛙", "茅盾文学奖", 2011),
    ("海辺のカフカ", "World Fantasy Award", 2006),
    ("Män som hatar kvinnor", "Glasnyckeln", 2006),
    ("Gitanjali (Song Offerings)", "Nobel Prize in Literature", 1913),
    ("Buddenbrooks", "Nobel Prize in Literature", 1929),
]

LIBRARIES = [
    # (name, openedYear, address (street, city, postalCode) or None)
    ("Central Library", 1911, ("1 Library Square", "Springfield", "12345")),
    ("Bibliothèque du Quartier Latin", 1887, ("14 rue Soufflot", "Paris", "75005")),
    ("Biblioteca del Barrio Gótico", 1956, ("Carrer de la Ciutat 8", "Barcelona", "08002")),
    ("Stadtbibliothek Am Markt", 1972, ("Marktplatz 3", "Göttingen", "37073")),
    ("北町図書館", 1998, ("北町2-5-1", "東京", "179-0081")),
    ("The Bookmobile", 2015, None),  # a library on wheels has no address
]

TAGS = ["classic", "poetry", "drama", "crime", "science fiction",
        "magical realism", "existentialism", "modernism", "children",
        "translation", "posthumous", "adapted to film", "read in school",
        "🔥 bestseller", "短編"]

SCIFI = {"Voyage au centre de la Terre", "De la Terre à la Lune",
         "Vingt mille lieues sous les mers", "L'Île mystérieuse",
         "Cinq semaines en ballon", "Never Let Me Go", "Klara and the Sun",
         "1Q84", "世界の終りとハードボイルド・ワンダーランド"}
MAGICAL = {"Cien años de soledad", "One Hundred Years of Solitude",
           "Cent ans de solitude", "El otoño del patriarca", "Pedro Páramo",
           "Del amor y otros demonios", "La hojarasca", "海辺のカフカ",
           "Kafka on the Shore", "Ficciones", "El Aleph"}
EXISTENTIAL = {"L'Étranger", "La Peste", "La Chute", "Le Mythe de Sisyphe",
               "Записки из подполья", "Der Process", "Das Schloss",
               "Die Verwandlung", "Frygt og Bæven", "Sygdommen til Døden",
               "Begrebet Angest", "Enten – Eller"}
MODERNIST = {"Ulysses", "Finnegans Wake", "Mrs Dalloway", "To the Lighthouse",
             "The Waves", "Du côté de chez Swann", "Der Zauberberg",
             "A Portrait of the Artist as a Young Man", "Rayuela"}
CHILDREN = {"Pippi Långstrump", "Mio, min Mio", "Bröderna Lejonhjärta",
            "Ronja rövardotter", "Alice's Adventures in Wonderland",
            "Through the Looking-Glass", "Den lille Havfrue",
            "Eventyr, fortalte for Børn", "Аня в стране чудес"}
FILMED = {"Les Misérables", "Notre-Dame de Paris", "Murder on the Orient Express",
          "Death on the Nile", "The Remains of the Day", "Never Let Me Go",
          "Lolita", "Pride and Prejudice", "Emma", "Moby-Dick; or, The Whale",
          "Män som hatar kvinnor", "The Girl with the Dragon Tattoo", "Snømannen",
          "ノルウェイの森", "Der Tod in Venedig", "Le Tour du monde en quatre-vingts jours",
          "Germinal", "Hamlet", "Macbeth", "Things Fall Apart", "Beloved",
          "Il barone rampante", "红高粱家族", "L'Amant", "Βίος και πολιτεία του Αλέξη Ζορμπά"}
SCHOOL = {"Le Dernier Jour d'un condamné", "L'Étranger", "Germinal", "Hamlet",
          "Romeo and Juliet", "Pride and Prejudice", "The Catcher in the Rye",
          "Things Fall Apart", "Die Verwandlung", "Преступление и наказание",
          "坊っちゃん", "こゝろ", "呐喊", "El coronel no tiene quien le escriba",
          "Pedro Páramo", "Le Malade imaginaire", "L'Avare", "Et dukkehjem",
          "Il sentiero dei nidi di ragno", "Unterm Rad", "Siddhartha"}

# ---------------------------------------------------------------------------
# Helpers

def q(value):
    """An SQLite literal."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(round(value, 2))
        return text
    return "'" + str(value).replace("'", "''") + "'"


def insert(out, table, columns, rows, chunk=100):
    if not rows:
        return
    for start in range(0, len(rows), chunk):
        part = rows[start:start + chunk]
        out.append("INSERT INTO %s (%s) VALUES\n" % (table, ", ".join(columns)))
        out.append(",\n".join("  (" + ", ".join(q(v) for v in row) + ")" for row in part))
        out.append(";\n")
    out.append("\n")


def random_date(year, before=None):
    """A date in `year`, strictly before the ISO date `before` when given."""
    month = rng.randint(1, 12)
    day = rng.randint(1, 28)
    date = "%04d-%02d-%02d" % (year, month, day)
    if before is not None and date >= before and before[:4] == "%04d" % year:
        bm, bd = int(before[5:7]), int(before[8:10])
        month = rng.randint(1, bm)
        day = rng.randint(1, max(1, bd - 1)) if month == bm else rng.randint(1, 28)
        date = "%04d-%02d-%02d" % (year, month, day)
        if date >= before:  # the author died on January 1st: give up the day
            date = "%04d-01-01" % year
    return date


# ---------------------------------------------------------------------------
# Build rows

def build():
    out = []
    out.append("-- arbor demo database: \"the library of the GRDB guides\".\n")
    out.append("-- Generated by scripts/make-demo.py (seed %d). Do not edit by hand.\n" % SEED)
    out.append("-- Schema and choices: docs/DEMO.md. Load with: sqlite3 :memory: < Resources/library.sql\n\n")
    out.append(SCHEMA)
    out.append("\n")

    # country, demographics
    insert(out, "country", ["code", "name", "nativeName"], COUNTRIES)
    insert(out, "demographics", ["id", "countryCode", "population", "density"],
           [(i + 1, c, p, d) for i, (c, p, d) in enumerate(DEMOGRAPHICS)])

    # postal_address
    insert(out, "postal_address", ["id", "street", "city", "postalCode"],
           [(i + 1,) + a for i, a in enumerate(POSTAL_ADDRESSES)])

    # author: writers in declaration order, then translators
    person_ids = {}
    author_rows = []
    for i, (key, p) in enumerate(P.items()):
        pid = i + 1
        person_ids[key] = pid
        code = p["country"]
        author_rows.append((pid, p["name"], p["birth"], p["death"], code,
                            COUNTRY_NAME.get(code) if code else None,
                            (p["postal"] + 1) if p["postal"] is not None else None))
    insert(out, "author",
           ["id", "name", "birthYear", "deathDate", "countryCode", "country", "postalAddressId"],
           author_rows)

    # library, address
    insert(out, "library", ["id", "name", "openedYear"],
           [(i + 1, name, year) for i, (name, year, _) in enumerate(LIBRARIES)])
    address_rows = []
    for i, (_, _, addr) in enumerate(LIBRARIES):
        if addr is not None:
            address_rows.append((len(address_rows) + 1, i + 1) + addr)
    insert(out, "address", ["id", "libraryId", "street", "city", "postalCode"], address_rows)

    # books: collect, then shuffle deterministically so that ids do not follow authors
    pending = []
    for key, p in P.items():
        for title, year, kind, opts in p["books"]:
            pending.append(dict(author=key, title=title, year=year, kind=kind,
                                lang=opts.get("lang", p["lang"]), date=opts.get("date"),
                                tr=opts.get("tr")))
    for author, title, year, kind, tr, lang in EXTRA_TRANSLATIONS:
        pending.append(dict(author=author, title=title, year=year, kind=kind,
                            lang=lang, date=None, tr=tr))
    for title, year, kind, lang in ANONYMOUS:
        pending.append(dict(author=None, title=title, year=year, kind=kind,
                            lang=lang, date=None, tr=None))
    rng.shuffle(pending)

    prize_count = {}
    for title, _, _ in PRIZES:
        prize_count[title] = prize_count.get(title, 0) + 1

    book_rows = []
    book_ids = {}
    book_info = {}
    for i, bk in enumerate(pending):
        bid = i + 1
        author = bk["author"]
        death = P[author]["death"] if author else None
        year = bk["year"]
        if year is None:
            date = None
        elif bk["date"]:
            date = bk["date"]
        else:
            date = random_date(year, before=death)
        # Prices: most books have one; rare editions do not.
        if year is not None and year < 1700:
            price = None if rng.random() < 0.5 else round(rng.uniform(45, 120), 2)
        else:
            price = None if rng.random() < 0.08 else round(rng.choice([7.9, 8.5, 9.9, 12.5, 14.9, 16.0, 18.9, 22.0, 24.5, 29.9]) + rng.choice([0, 0, 1, 2, 3]), 2)
        score = None if rng.random() < 0.12 else round(rng.uniform(2.6, 5.0), 1)
        library = None if rng.random() < 0.1 else rng.choice([1, 1, 1, 2, 2, 3, 4, 5, 6])
        row = (bid, person_ids[author] if author else None,
               person_ids[bk["tr"]] if bk["tr"] else None, library, bk["title"],
               bk["kind"], bk["lang"], year, date, price, score,
               prize_count.get(bk["title"], 0))
        book_rows.append(row)
        assert bk["title"] not in book_ids, bk["title"]
        book_ids[bk["title"]] = bid
        book_info[bid] = dict(bk, id=bid, death=death, publishDate=date)
    insert(out, "book",
           ["id", "authorId", "translatorId", "libraryId", "title", "kind", "language",
            "year", "publishDate", "price", "score", "awards"],
           book_rows)

    # coverImage: about 60% of the books
    cover_rows = []
    for bid in sorted(book_info):
        if rng.random() < 0.6:
            w = rng.choice([600, 800, 1000, 1200])
            cover_rows.append((len(cover_rows) + 1, bid, "covers/%04d.jpg" % bid, w, int(w * rng.choice([1.5, 1.5, 1.6, 1.41]))))
    insert(out, "coverImage", ["id", "bookId", "path", "width", "height"], cover_rows)

    # prize
    insert(out, "prize", ["id", "bookId", "name", "year"],
           [(i + 1, book_ids[t], n, y) for i, (t, n, y) in enumerate(PRIZES)])

    # review
    reviewers = ["bookworm42", "Zoë", "Ñandú", "lecteur_assidu", "Øyvind", "Мария К.",
                 "читатель", "佐藤", "민지", "Ana Lúcia", "night_owl", "Grzegorz",
                 "Aoife", "Ömer", "anonymous"]
    bodies = {
        5: ["A masterpiece.", "Could not put it down 📚", "Read it twice in a row.",
            "Un chef-d'œuvre absolu.", "Una obra maestra.", "最高の一冊 ❤️",
            "Wunderbar erzählt.", "Простая и гениальная книга."],
        4: ["Very good, a little long in the middle.", "Beautiful prose.",
            "Très bon, malgré quelques longueurs.", "Muy recomendable.",
            "Sehr lesenswert.", "좋았어요 👍"],
        3: ["Good, but not the author's best.", "Pas mal.", "Interesting but uneven.",
            "Ni fu ni fa.", "まあまあ。"],
        2: ["Hard to get into.", "I expected more.", "Trop long 😴"],
        1: ["Not for me.", "Did not finish.", "Aburrido."],
    }
    review_rows = []
    for bid in sorted(book_info):
        n = rng.choice([0, 0, 0, 1, 1, 2, 3])
        for _ in range(n):
            rating = rng.choice([5, 5, 4, 4, 4, 3, 3, 2, 1, None])
            body = rng.choice(bodies[rating]) if rating is not None else None
            if body is None and rating is None:
                body = "No rating, just a note: the copy is damaged (pages 12–14 missing)."
            created = "%04d-%02d-%02dT%02d:%02d:00Z" % (rng.randint(2015, 2024), rng.randint(1, 12),
                                                       rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59))
            review_rows.append((len(review_rows) + 1, bid, rng.choice(reviewers), rating, body, created))
    insert(out, "review", ["id", "bookId", "reviewer", "rating", "body", "createdAt"], review_rows)

    # tag, bookTag
    tag_ids = {name: i + 1 for i, name in enumerate(TAGS)}
    insert(out, "tag", ["id", "name"], [(i, n) for n, i in tag_ids.items()])
    book_tags = set()
    for bid, bk in book_info.items():
        title = bk["title"]
        year = bk["year"]
        def tag(name):
            book_tags.add((bid, tag_ids[name]))
        if year is not None and year < 1900:
            tag("classic")
        if bk["kind"] == "poems":
            tag("poetry")
        if bk["kind"] == "theatrePlay":
            tag("drama")
        if bk["author"] in ("christie", "nesbo", "larsson"):
            tag("crime")
        if title in SCIFI:
            tag("science fiction")
        if title in MAGICAL:
            tag("magical realism")
        if title in EXISTENTIAL:
            tag("existentialism")
        if title in MODERNIST:
            tag("modernism")
        if title in CHILDREN:
            tag("children")
        if bk["tr"] is not None or (bk["author"] and bk["lang"] != P[bk["author"]]["lang"]
                                    and bk["author"] not in ("nabokov", "beckett")):
            tag("translation")
        if (bk["death"] and bk["publishDate"] and bk["publishDate"] >= bk["death"]
                and bk["tr"] is None and bk["lang"] == P[bk["author"]]["lang"]):
            tag("posthumous")
        if title in FILMED:
            tag("adapted to film")
        if title in SCHOOL:
            tag("read in school")
        if year is not None and year >= 1980 and rng.random() < 0.25:
            tag("🔥 bestseller")
        if bk["kind"] == "shortStories" and bk["lang"] in ("ja", "zh"):
            tag("短編")
    insert(out, "bookTag", ["bookId", "tagId"], sorted(book_tags))

    # painting
    insert(out, "painting", ["id", "authorId", "title", "year", "medium"],
           [(i + 1, person_ids[a], t, y, m) for i, (a, t, y, m) in enumerate(PAINTINGS)])

    # citizen, passport
    citizens = ["Zoë Martin", "Ñusta Quispe", "Søren Holm", "Дмитрий Волков", "김민준",
                "Ana Lúcia Ferreira", "أمينة الحسن", "Jean-Baptiste Okafor", "Li Wei (李伟)",
                "Siobhán Ní Bhriain", "Mateusz Wójcik", "Ingrid Bergström", "Kenji Watanabe",
                "María José Gutiérrez", "Efua Mensah", "Yusuf Özdemir", "Priya Raman",
                "Lukas Müller", "Chiara Bianchi", "Θεοδώρα Παππά", "Olivia Smith",
                "Tomás Ó Murchú", "Sakura Ito", "Noah Johnson", "Camille Dubois",
                "Aleksander Nowak", "Jón Sigurðsson", "Aino Virtanen", "Emma Tremblay",
                "Ravi Patel 🙂"]
    insert(out, "citizen", ["id", "name"], [(i + 1, n) for i, n in enumerate(citizens)])
    home = ["FR", "PE", "DK", "RU", "KR", "BR", "EG", "NG", "CN", "IE", "PL", "SE", "JP",
            "ES", "GB", "TR", "IN", "DE", "IT", "GR", "GB", "IE", "JP", "US", "FR", "PL",
            "IS", "FI", "CA", "IN"]
    codes = [c for c, _, _ in COUNTRIES]
    passport_rows = []
    for i, code in enumerate(home):
        cid = i + 1
        if cid in (2, 17):  # two citizens without any passport
            continue
        held = [code if code in COUNTRY_NAME else rng.choice(codes)]
        extra = rng.choice([0, 0, 0, 1, 1, 2])
        for _ in range(extra):
            other = rng.choice(codes)
            if other not in held:
                held.append(other)
        for c in held:
            issue = "%04d-%02d-%02d" % (rng.randint(2012, 2024), rng.randint(1, 12), rng.randint(1, 28))
            passport_rows.append((len(passport_rows) + 1, c, cid, issue if rng.random() > 0.05 else None))
    insert(out, "passport", ["id", "countryCode", "citizenId", "issueDate"], passport_rows)

    # document, section, paragraph
    documents = [
        ("Library Rules", "2019-09-01", [
            ("Opening hours", [
                "The Central Library is open from 9:00 to 20:00, Monday to Saturday.",
                "On public holidays, only the reading room of the Bibliothèque du Quartier Latin stays open.",
                "The Bookmobile follows its own timetable, published every month."]),
            ("Borrowing", [
                "Members may borrow up to ten books at a time, for three weeks.",
                "A loan can be renewed twice, unless another member reserved the book.",
                "Rare editions (before 1700) are for consultation only."]),
            ("Returning books", [
                "Books are returned to the library that holds them: its address is the book's return address.",
                "Books of the Bookmobile are returned to the Bookmobile itself."]),
            ("Silence, please", [
                "Phones stay silent in the reading rooms. 🤫"]),
        ]),
        ("GRDB Associations (excerpt)", "2020-05-01", [
            ("Associations Benefits", [
                "An association is a connection between two Record types.",
                "Associations streamline common operations in your code, make them safer, and more efficient."]),
            ("The Types of Associations", [
                "GRDB handles five types of associations: BelongsTo, HasMany, HasOne, HasManyThrough and HasOneThrough.",
                "An association declares a link from a record type to another, as in \"one book belongs to its author\".",
                "Each one of these associations is appropriate for a particular database situation."]),
            ("Associations and the Database Schema", [
                "Associations are grounded in the database schema, the way database tables are defined.",
                "Database table names should be written in English, singular, and camelCased."]),
            ("Association Aggregates", [
                "It is possible to fetch aggregated values from HasMany and HasManyThrough associations.",
                "Counting associated records, fetching the minimum, maximum, average value of an associated record column, computing the sum of an associated record column, these are all aggregation operations."]),
        ]),
        ("Guide du lecteur", "2021-01-15", [
            ("Bienvenue", [
                "Bienvenue à la bibliothèque ! Voici l'essentiel pour bien commencer.",
                "Votre carte de lecteur est gratuite et valable un an."]),
            ("Où trouver quoi", [
                "Les romans sont classés par ordre alphabétique d'auteur.",
                "La poésie et le théâtre sont au premier étage.",
                "Les livres en langues étrangères — español, Deutsch, русский, 日本語, 한국어, العربية — sont au deuxième étage."]),
        ]),
        ("Annual report 2024 (draft)", None, []),  # a document without any section yet
    ]
    doc_rows, section_rows, paragraph_rows = [], [], []
    for d, (title, created, sections) in enumerate(documents):
        did = d + 1
        doc_rows.append((did, title, created))
        for s, (stitle, paragraphs) in enumerate(sections):
            sid = len(section_rows) + 1
            section_rows.append((sid, did, s + 1, stitle))
            for p, text in enumerate(paragraphs):
                paragraph_rows.append((len(paragraph_rows) + 1, sid, p + 1, text))
    insert(out, "document", ["id", "title", "createdAt"], doc_rows)
    insert(out, "section", ["id", "documentId", "position", "title"], section_rows)
    insert(out, "paragraph", ["id", "sectionId", "position", "text"], paragraph_rows)

    # employee: (name, jobTitle, manager index (1-based) or None, libraryId or None)
    staff = [
        ("Margaret Okonkwo", "Director", None, None),
        ("Henri Lefèvre", "Head of Collections", 1, 1),
        ("Lucía Fernández", "Head of Public Services", 1, 1),
        ("Takeshi Mori", "Head of Digital Services", 1, None),
        ("Anja Schröder", "Branch Manager", 3, 4),
        ("Élodie Marchand", "Branch Manager", 3, 2),
        ("Jordi Puig", "Branch Manager", 3, 3),
        ("佐藤 花子", "Branch Manager", 3, 5),
        ("Sam Rivers", "Bookmobile Driver", 3, 6),
        ("Olga Petrova", "Cataloguer", 2, 1),
        ("Bjørn Larsen", "Cataloguer", 2, 1),
        ("Fatima Zahra Benali", "Conservator", 2, 1),
        ("Tomasz Kowalczyk", "Acquisitions Librarian", 2, 1),
        ("Grace Adeyemi", "Reference Librarian", 3, 1),
        ("Kevin O'Brien", "Children's Librarian", 3, 1),
        ("Mathilde Roux", "Librarian", 6, 2),
        ("Yannick Moreau", "Librarian", 6, 2),
        ("Marta Soler", "Librarian", 7, 3),
        ("Pau Ribas", "Library Assistant", 7, 3),
        ("Jonas Weber", "Librarian", 5, 4),
        ("Leonie Braun", "Library Assistant", 5, 4),
        ("山田 太郎", "司書", 8, 5),
        ("김지은", "Library Assistant", 8, 5),
        ("Priya Nair", "Systems Librarian", 4, None),
        ("Diego Alves", "Web Developer", 4, None),
        ("Chloé Girard", "Intern", 16, 2),
    ]
    emp_rows = []
    hired = {}
    for i, (name, job, manager, library) in enumerate(staff):
        # Hired after their manager (the director in 1998).
        year = 1998 if manager is None else rng.randint(hired[manager] + 1, min(2024, hired[manager] + 12))
        hired[i + 1] = year
        hire = "%04d-%02d-%02d" % (year, rng.randint(1, 12), rng.randint(1, 28))
        emp_rows.append((i + 1, manager, library, name, job, hire))
    insert(out, "employee", ["id", "managerId", "libraryId", "name", "jobTitle", "hireDate"], emp_rows)

    # team, player, playerRole (the staff football league of the libraries)
    teams = [("Les Bouquinistes FC", "Paris"), ("Real Biblioteca", "Barcelona"),
             ("Bibliothekare 04", "Göttingen"), ("東京ブックス", "東京"),
             ("Springfield Shelvers", "Springfield"), ("Dewey Decimals", None),
             ("Bookmobile United", None)]  # the last team has no player yet
    insert(out, "team", ["id", "name", "city"], [(i + 1,) + t for i, t in enumerate(teams)])
    first = ["Lucas", "Zoë", "Mateo", "Chloé", "Søren", "Aisha", "Kenji", "Ingrid",
             "Diego", "Amélie", "Nikolai", "Yuki", "Olu", "Marta", "Finn", "Léa",
             "Hiroshi", "Sofía", "Jonas", "Ewa", "Björn", "Camila", "Tariq", "Noémie",
             "Дмитрий", "Ji-ho", "Ángel", "Maëlle", "Emil", "Paulina"]
    last = ["Moreau", "García", "Nakamura", "Schmidt", "Lindqvist", "Okoro", "Rossi",
            "Kowalski", "Dubois", "Fernández", "Ivanov", "Tanaka", "Byrne", "Haugen",
            "Núñez", "Wójcik", "Müller", "Petit", "Yılmaz", "Park"]
    players = []
    names_seen = set()
    while len(players) < 56:
        name = "%s %s" % (rng.choice(first), rng.choice(last))
        if name in names_seen:
            continue
        names_seen.add(name)
        players.append((len(players) + 1, name, None if rng.random() < 0.1 else rng.randint(1, 60)))
    insert(out, "player", ["id", "name", "score"], players)
    roles = []
    pid = 0
    for tid in range(1, 7):
        numbers = rng.sample(range(1, 24), 9)
        for n in numbers:
            pid += 1
            roles.append((tid, pid, n))
    # Two players also play for a second team.
    roles.append((5, 3, 30))
    roles.append((6, 12, 31))
    roles.sort()
    insert(out, "playerRole", ["teamId", "playerId", "position"], roles)

    return "".join(out)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(os.path.dirname(here), "Resources", "library.sql")
    path = sys.argv[1] if len(sys.argv) > 1 else default
    sql = build()
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(sql)
    print("wrote %s (%d bytes)" % (path, len(sql.encode("utf-8"))))


if __name__ == "__main__":
    main()

SELECT * FROM "author" WHERE "id" IN (1, 2);
/* prefetch books */ SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (1, 2);
/* prefetch prizes */ SELECT *, "bookId" AS "grdb_bookId" FROM "prize" WHERE "bookId" IN (11, 12, 32, 73, 102, 107, 109, 129, 145, 149, 173, 182, 187, 191, 218, 317, 363, 366, 382);

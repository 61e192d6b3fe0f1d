SELECT * FROM "author" WHERE "id" IN (2, 3);
/* prefetch books */ SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (2, 3);
/* prefetch bookTags.tags */ SELECT "tag".*, "bookTag"."bookId" AS "grdb_bookId" FROM "tag" JOIN "bookTag" ON ("bookTag"."tagId" = "tag"."id") AND ("bookTag"."bookId" IN (2, 11, 16, 32, 73, 109, 129, 145, 187, 215, 239, 256, 279, 290, 307, 366, 375));
/* prefetch prizes */ SELECT *, "bookId" AS "grdb_bookId" FROM "prize" WHERE "bookId" IN (2, 11, 16, 32, 73, 109, 129, 145, 187, 215, 239, 256, 279, 290, 307, 366, 375);

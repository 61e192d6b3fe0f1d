SELECT * FROM "author" LIMIT 2 OFFSET 3;
/* prefetch books */ SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" = 4;
SELECT * FROM "author" WHERE "id" = 3;
/* prefetch books */ SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" = 3;
/* prefetch bookTags.tags */ SELECT "tag".*, "bookTag"."bookId" AS "grdb_bookId" FROM "tag" JOIN "bookTag" ON ("bookTag"."tagId" = "tag"."id") AND ("bookTag"."bookId" IN (2, 16, 215, 239, 256, 279, 290, 307, 375));

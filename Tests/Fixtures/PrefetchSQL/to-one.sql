SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" WHERE "book"."id" = 1;
/* prefetch author.books */ SELECT "book".*, "author"."id" AS "grdb_id" FROM "book" JOIN "author" ON ("author"."id" = "book"."authorId") AND ("author"."id" = 54);

-- People's keyword search reads a stored tsvector (generated from name, title and headline; Prisma
-- declares it Unsupported("tsvector") and never writes it) instead of an expression index: ranking
-- 20,000 matches by relevance recomputed every one's vector (≈ 110 ms on PostgreSQL, 400 ms on the
-- embedded database, with 2 million people).
DROP INDEX "Person_keywords_idx";

-- AlterTable
ALTER TABLE "Person" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
    to_tsvector('simple'::regconfig, "firstName" || ' ' || "lastName" || ' ' || COALESCE("title", '') || ' ' || COALESCE("headline", ''))) STORED;

-- CreateIndex
CREATE INDEX "Person_searchVector_idx" ON "Person" USING GIN ("searchVector");

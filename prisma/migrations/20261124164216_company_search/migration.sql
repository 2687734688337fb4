-- DropIndex
DROP INDEX "Company_headcount_idx";

-- AlterTable
-- Generated from name and description (Prisma declares it as Unsupported("tsvector"), so it never
-- writes it): keyword search matches it and ranks name matches (A) above description matches (B).
ALTER TABLE "Company" ADD COLUMN     "searchVector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, COALESCE("name", '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, COALESCE("description", '')), 'B')) STORED;

-- CreateIndex
CREATE INDEX "Company_region_idx" ON "Company"("region");

-- CreateIndex
CREATE INDEX "Company_city_idx" ON "Company"("city");

-- CreateIndex
CREATE INDEX "Company_domain_idx" ON "Company"("domain");

-- CreateIndex
CREATE INDEX "Company_headcountRange_idx" ON "Company"("headcountRange");

-- CreateIndex
CREATE INDEX "Company_lastRoundType_idx" ON "Company"("lastRoundType");

-- CreateIndex
CREATE INDEX "Company_companyType_idx" ON "Company"("companyType");

-- CreateIndex
CREATE INDEX "Company_searchVector_idx" ON "Company" USING GIN ("searchVector");

-- CreateIndex
CREATE INDEX "Company_prominence_id_idx" ON "Company"("prominence", "id");

-- CreateIndex
CREATE INDEX "Company_headcount_id_idx" ON "Company"("headcount", "id");

-- CreateIndex
CREATE INDEX "Company_headcountGrowth12m_id_idx" ON "Company"("headcountGrowth12m", "id");

-- CreateIndex
CREATE INDEX "Company_followers_id_idx" ON "Company"("followers", "id");

-- CreateIndex
CREATE INDEX "Company_yearFounded_id_idx" ON "Company"("yearFounded", "id");

-- CreateIndex
CREATE INDEX "Company_lastRoundDate_id_idx" ON "Company"("lastRoundDate", "id");

-- Name order (case-insensitive, byte order so the server's locale does not matter) and the
-- case-insensitive name-prefix filter (LIKE 'abc%' can seek in a "C"-collated index): one expression
-- index, which Prisma leaves alone.
CREATE INDEX "Company_lower_name_id_idx" ON "Company" ((lower("name") COLLATE "C"), "id");

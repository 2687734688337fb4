-- CreateTable
CREATE TABLE "Company" (
    "id" SERIAL NOT NULL,
    "externalId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "domain" TEXT,
    "website" TEXT,
    "linkedinUrl" TEXT,
    "description" TEXT,
    "companyType" TEXT,
    "industry" TEXT,
    "industries" TEXT[],
    "headcount" INTEGER,
    "headcountRange" TEXT,
    "headcountGrowth12m" DOUBLE PRECISION,
    "followers" INTEGER,
    "openings" INTEGER,
    "yearFounded" INTEGER,
    "country" TEXT,
    "region" TEXT,
    "city" TEXT,
    "continent" TEXT,
    "fundingTotalUsd" BIGINT,
    "lastRoundUsd" BIGINT,
    "lastRoundType" TEXT,
    "lastRoundDate" DATE,
    "investors" TEXT[],
    "technologies" TEXT[],
    "revenueMinUsd" BIGINT,
    "revenueMaxUsd" BIGINT,
    "prominence" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Person" (
    "id" SERIAL NOT NULL,
    "externalId" TEXT NOT NULL,
    "companyId" INTEGER,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "title" TEXT,
    "headline" TEXT,
    "seniority" TEXT,
    "department" TEXT,
    "function" TEXT,
    "country" TEXT,
    "region" TEXT,
    "city" TEXT,
    "continent" TEXT,
    "languages" TEXT[],
    "skills" TEXT[],
    "schools" TEXT[],
    "degrees" TEXT[],
    "fieldsOfStudy" TEXT[],
    "linkedinUrl" TEXT,
    "email" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyDataImport" (
    "id" TEXT NOT NULL DEFAULT herald_id('cdi'::text),
    "kind" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "byteOffset" BIGINT NOT NULL DEFAULT 0,
    "fileSize" BIGINT NOT NULL DEFAULT 0,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "imported" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "problems" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "CompanyDataImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DatabaseFilterValue" (
    "scope" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "DatabaseFilterValue_pkey" PRIMARY KEY ("scope","field","value")
);

-- CreateIndex
CREATE UNIQUE INDEX "Company_externalId_key" ON "Company"("externalId");

-- CreateIndex
CREATE INDEX "Company_country_idx" ON "Company"("country");

-- CreateIndex
CREATE INDEX "Company_headcount_idx" ON "Company"("headcount");

-- CreateIndex
CREATE INDEX "Company_industries_idx" ON "Company" USING GIN ("industries");

-- CreateIndex
CREATE INDEX "Company_investors_idx" ON "Company" USING GIN ("investors");

-- CreateIndex
CREATE INDEX "Company_technologies_idx" ON "Company" USING GIN ("technologies");

-- CreateIndex
CREATE UNIQUE INDEX "Person_externalId_key" ON "Person"("externalId");

-- CreateIndex
CREATE INDEX "Person_companyId_idx" ON "Person"("companyId");

-- CreateIndex
CREATE INDEX "Person_seniority_idx" ON "Person"("seniority");

-- CreateIndex
CREATE INDEX "Person_country_idx" ON "Person"("country");

-- CreateIndex
CREATE INDEX "Person_skills_idx" ON "Person" USING GIN ("skills");

-- CreateIndex
CREATE INDEX "CompanyDataImport_path_fingerprint_idx" ON "CompanyDataImport"("path", "fingerprint");

-- CreateIndex
CREATE INDEX "DatabaseFilterValue_scope_field_count_idx" ON "DatabaseFilterValue"("scope", "field", "count" DESC);

-- AddForeignKey
ALTER TABLE "Person" ADD CONSTRAINT "Person_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Trigram matching for the company database's typeahead (prefix and fuzzy filter values). PGlite
-- loads the extension too (server/db/embedded-postgres.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "DatabaseFilterValue_value_trgm_idx" ON "DatabaseFilterValue" USING gin ("value" gin_trgm_ops);
CREATE INDEX "DatabaseFilterValue_prefix_idx" ON "DatabaseFilterValue" ("scope", "field", lower("value") text_pattern_ops);

// Writes company-database rows in batches: one statement per batch (json_to_recordset), upserting
// by the source's id so that a re-import or a re-run of the generator updates instead of duplicating.
// Used by the importer and the generator alike.
import type { ClientBase } from "pg";
import { db, type DbClient } from "../../db/client";
import type { CompanyRecord, PersonRecord } from "./generator/generate-dataset";

/**
 * Where rows are written: the Prisma client, an open Prisma transaction, or a plain node-postgres
 * connection. The generator's bulk load uses the last: a batch is one multi-megabyte JSON parameter,
 * and passing it through Prisma's query engine cost as much again as the insert itself.
 */
export type RowWriter = DbClient | ClientBase;

async function execute(client: RowWriter, sql: string, json: string): Promise<number> {
  // A property read, not `in`: the shared `db` is a proxy that resolves the client on first use.
  const prisma = client as DbClient;
  if (typeof prisma.$executeRawUnsafe === "function") return prisma.$executeRawUnsafe(sql, json);
  return ((await (client as ClientBase).query(sql, [json])).rowCount ?? 0);
}

/** Rows per statement: large enough to be fast, small enough for the embedded database's memory. */
export const WRITE_BATCH = 2000;

export async function upsertCompanies(records: readonly CompanyRecord[], client: RowWriter = db): Promise<number> {
  if (!records.length) return 0;
  return execute(
    client,
    `INSERT INTO "Company" ("externalId", name, domain, website, "linkedinUrl", description, "companyType", industry, industries,
       headcount, "headcountRange", "headcountGrowth12m", followers, openings, "yearFounded", country, region, city, continent,
       "fundingTotalUsd", "lastRoundUsd", "lastRoundType", "lastRoundDate", investors, technologies, "revenueMinUsd", "revenueMaxUsd",
       prominence, "updatedAt")
     SELECT r."externalId", r.name, r.domain, r.website, r."linkedinUrl", r.description, r."companyType", r.industry,
       COALESCE(r.industries, '{}'), r.headcount, r."headcountRange", r."headcountGrowth12m", r.followers, r.openings, r."yearFounded",
       r.country, r.region, r.city, r.continent, r."fundingTotalUsd"::bigint, r."lastRoundUsd"::bigint, r."lastRoundType",
       r."lastRoundDate"::date, COALESCE(r.investors, '{}'), COALESCE(r.technologies, '{}'), r."revenueMinUsd"::bigint,
       r."revenueMaxUsd"::bigint, ln(1 + COALESCE(r.followers, 0)) + ln(1 + COALESCE(r.headcount, 0)), now()
     FROM json_to_recordset($1::json) AS r("externalId" text, name text, domain text, website text, "linkedinUrl" text,
       description text, "companyType" text, industry text, industries text[], headcount int, "headcountRange" text,
       "headcountGrowth12m" float8, followers int, openings int, "yearFounded" int, country text, region text, city text,
       continent text, "fundingTotalUsd" float8, "lastRoundUsd" float8, "lastRoundType" text, "lastRoundDate" text,
       investors text[], technologies text[], "revenueMinUsd" float8, "revenueMaxUsd" float8)
     ON CONFLICT ("externalId") DO UPDATE SET name = EXCLUDED.name, domain = EXCLUDED.domain, website = EXCLUDED.website,
       "linkedinUrl" = EXCLUDED."linkedinUrl", description = EXCLUDED.description, "companyType" = EXCLUDED."companyType",
       industry = EXCLUDED.industry, industries = EXCLUDED.industries, headcount = EXCLUDED.headcount,
       "headcountRange" = EXCLUDED."headcountRange", "headcountGrowth12m" = EXCLUDED."headcountGrowth12m",
       followers = EXCLUDED.followers, openings = EXCLUDED.openings, "yearFounded" = EXCLUDED."yearFounded",
       country = EXCLUDED.country, region = EXCLUDED.region, city = EXCLUDED.city, continent = EXCLUDED.continent,
       "fundingTotalUsd" = EXCLUDED."fundingTotalUsd", "lastRoundUsd" = EXCLUDED."lastRoundUsd",
       "lastRoundType" = EXCLUDED."lastRoundType", "lastRoundDate" = EXCLUDED."lastRoundDate", investors = EXCLUDED.investors,
       technologies = EXCLUDED.technologies, "revenueMinUsd" = EXCLUDED."revenueMinUsd", "revenueMaxUsd" = EXCLUDED."revenueMaxUsd",
       prominence = EXCLUDED.prominence, "updatedAt" = now()`,
    JSON.stringify(records),
  );
}

/** People whose company is not in the database are kept without one (companyId null). */
export async function upsertPeople(records: readonly PersonRecord[], client: RowWriter = db): Promise<number> {
  if (!records.length) return 0;
  return execute(
    client,
    `INSERT INTO "Person" ("externalId", "companyId", "firstName", "lastName", title, headline, seniority, department, function,
       country, region, city, continent, languages, skills, schools, degrees, "fieldsOfStudy", "linkedinUrl", email, "updatedAt")
     SELECT r."externalId", c.id, r."firstName", r."lastName", r.title, r.headline, r.seniority, r.department, r.function,
       r.country, r.region, r.city, r.continent, COALESCE(r.languages, '{}'), COALESCE(r.skills, '{}'), COALESCE(r.schools, '{}'),
       COALESCE(r.degrees, '{}'), COALESCE(r."fieldsOfStudy", '{}'), r."linkedinUrl", r.email, now()
     FROM json_to_recordset($1::json) AS r("externalId" text, "companyExternalId" text, "firstName" text, "lastName" text,
       title text, headline text, seniority text, department text, function text, country text, region text, city text,
       continent text, languages text[], skills text[], schools text[], degrees text[], "fieldsOfStudy" text[],
       "linkedinUrl" text, email text)
     LEFT JOIN "Company" c ON c."externalId" = r."companyExternalId"
     ON CONFLICT ("externalId") DO UPDATE SET "companyId" = EXCLUDED."companyId", "firstName" = EXCLUDED."firstName",
       "lastName" = EXCLUDED."lastName", title = EXCLUDED.title, headline = EXCLUDED.headline, seniority = EXCLUDED.seniority,
       department = EXCLUDED.department, function = EXCLUDED.function, country = EXCLUDED.country, region = EXCLUDED.region,
       city = EXCLUDED.city, continent = EXCLUDED.continent, languages = EXCLUDED.languages, skills = EXCLUDED.skills,
       schools = EXCLUDED.schools, degrees = EXCLUDED.degrees, "fieldsOfStudy" = EXCLUDED."fieldsOfStudy",
       "linkedinUrl" = EXCLUDED."linkedinUrl", email = EXCLUDED.email, "updatedAt" = now()`,
    JSON.stringify(records),
  );
}

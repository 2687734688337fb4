// The SQL of a people search: the filters as one WHERE over "Person" p, and the sort keys. The
// sort expressions are written exactly as the expression indexes of migration
// 20261124164118_people_search, so that PostgreSQL can use them; change both together.
import { Prisma } from "../../db/generated/client";
import { SENIORITIES, type TPersonFilters, type TPersonSort } from "../../schemas/company-database";
import type { KeysetSort } from "./keyset-page";

/** Seniorities from lowest to highest: a person's rank is the position (owner 11 … intern 1). */
const SENIORITY_RANKING = `{${[...SENIORITIES].reverse().join(",")}}`;

export const seniorityRankSql = Prisma.raw(`array_position('${SENIORITY_RANKING}'::text[], p."seniority")`);
/** The rank seniorityRankSql gives a seniority (intern 1 … owner 11). */
export function seniorityRank(seniority: (typeof SENIORITIES)[number]): number {
  return SENIORITIES.length - SENIORITIES.indexOf(seniority);
}
export const nameSortSql = Prisma.raw(`(lower(p."lastName" || ' ' || p."firstName") COLLATE "C")`);
/** Name, title and headline as words: a column PostgreSQL generates (migration 20261124174000_people_search_vector). */
const keywordDocumentSql = Prisma.raw(`p."searchVector"`);

/** The keyword query: every word must appear (`"a phrase"` and `-word` work, as in a web search). */
function keywordQuerySql(keywords: string): Prisma.Sql {
  return Prisma.sql`websearch_to_tsquery('simple'::regconfig, ${keywords})`;
}

const lowered = (values: string[]) => values.map((value) => value.toLowerCase());

/** `%text%` for ILIKE, the user's own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The filters as one condition on the person row `p`. The company's fields are a semi-join on
 * "Company", so the condition needs no join (counting stays on one table). Stored values are lower
 * case (People Data Labs' convention), so list filters compare lower-cased input.
 */
export function personWhereSql(filters: TPersonFilters): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  const equalsAny = (column: string, values: string[] | undefined) => {
    if (values) conditions.push(Prisma.sql`p.${Prisma.raw(`"${column}"`)} = ANY(${lowered(values)}::text[])`);
  };
  const overlaps = (column: string, values: string[] | undefined) => {
    if (values) conditions.push(Prisma.sql`p.${Prisma.raw(`"${column}"`)} && ${lowered(values)}::text[]`);
  };

  if (filters.keywords) conditions.push(Prisma.sql`${keywordDocumentSql} @@ ${keywordQuerySql(filters.keywords)}`);
  if (filters.titles) {
    conditions.push(Prisma.sql`(${Prisma.join(filters.titles.map((title) => Prisma.sql`p."title" ILIKE ${containsPattern(title)}`), " OR ")})`);
  }
  // Written as the seniority rank (the same people): with the seniority sort, PostgreSQL then walks
  // only the chosen levels of the rank index, in order, instead of every level above them.
  if (filters.seniorities) conditions.push(Prisma.sql`${seniorityRankSql} = ANY(${filters.seniorities.map(seniorityRank)}::int[])`);
  equalsAny("department", filters.departments);
  equalsAny("function", filters.functions);
  equalsAny("country", filters.countries);
  equalsAny("region", filters.states);
  equalsAny("city", filters.cities);
  equalsAny("continent", filters.continents);
  overlaps("languages", filters.languages);
  overlaps("skills", filters.skills);
  overlaps("schools", filters.schools);
  overlaps("degrees", filters.degrees);
  overlaps("fieldsOfStudy", filters.fieldsOfStudy);
  if (filters.companyIds) conditions.push(Prisma.sql`p."companyId" = ANY(${filters.companyIds}::int[])`);

  const company: Prisma.Sql[] = [];
  if (filters.companies) company.push(Prisma.sql`lower(c."name") = ANY(${lowered(filters.companies)}::text[])`);
  if (filters.industries) company.push(Prisma.sql`c."industries" && ${lowered(filters.industries)}::text[]`);
  if (filters.companyTypes) company.push(Prisma.sql`c."companyType" = ANY(${filters.companyTypes}::text[])`);
  if (filters.hqCountries) company.push(Prisma.sql`c."country" = ANY(${lowered(filters.hqCountries)}::text[])`);
  if (filters.headcountRanges) company.push(Prisma.sql`c."headcountRange" = ANY(${filters.headcountRanges}::text[])`);
  if (company.length) conditions.push(Prisma.sql`p."companyId" IN (SELECT c.id FROM "Company" c WHERE ${Prisma.join(company, " AND ")})`);

  return conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
}

/** The sort as keyset paging needs it: `relevance` is keyword rank with keywords, else seniority. */
export function personSortSql(sort: Required<TPersonSort>, filters: TPersonFilters): KeysetSort {
  if (sort.key === "name") return { expr: nameSortSql, dir: sort.dir, nullable: false, type: "text" };
  if (sort.key === "relevance" && filters.keywords) {
    return { expr: Prisma.sql`ts_rank(${keywordDocumentSql}, ${keywordQuerySql(filters.keywords)})::float8`, dir: sort.dir, nullable: false, type: "float8" };
  }
  return { expr: seniorityRankSql, dir: sort.dir, nullable: true, type: "int" };
}

/** The columns toPerson reads (server/services/company-database/to-person.ts). */
export const personSelectSql = Prisma.sql`p.id, p."firstName", p."lastName", p."title", p."headline", p."seniority", p."department", p."function",
  p."country", p."region", p."city", p."continent", p."languages", p."skills", p."schools", p."degrees", p."fieldsOfStudy",
  p."linkedinUrl", p."email", c.id AS "companyRefId", c."name" AS "companyName", c."domain" AS "companyDomain", c."industry" AS "companyIndustry"`;
/** The person with their company, for the select list; the filters need only "Person" p. */
export const personWithCompanySql = Prisma.sql`"Person" p LEFT JOIN "Company" c ON c.id = p."companyId"`;
export const personTableSql = Prisma.sql`"Person" p`;
export const personIdSql = Prisma.sql`p.id`;

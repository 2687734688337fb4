// People search against an independent oracle: the generator's own records (the same seed), filtered
// and sorted in plain JavaScript, must come back page after page from PostgreSQL, with the total,
// the 400s of bad input and the exact credit debits.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { SENIORITIES, type TPersonFilters, type TPersonSearchInput } from "../../schemas/company-database";
import { createTestWorkspace } from "../../test/factories";
import { generateCompany, type CompanyRecord, type PersonRecord } from "./generator/generate-dataset";
import { generateCompanyData } from "./generate-company-data";
import { nameSortSql, seniorityRankSql } from "./people-search-sql";
import { searchPeople } from "./search-people";
import { countSearchesExactly } from "../../test/exact-search-counts";

countSearchesExactly();

const options = { seed: "people-search", companies: 1000, people: 2000 };

type OraclePerson = PersonRecord & { id: number; company: (CompanyRecord & { id: number }) | null };
let people: OraclePerson[] = [];
let actor: Actor;

beforeAll(async () => {
  await generateCompanyData({ ...options, refreshValues: false });
  const companyIds = new Map((await db.company.findMany({ select: { id: true, externalId: true } })).map((row) => [row.externalId, row.id]));
  const personIds = new Map((await db.person.findMany({ select: { id: true, externalId: true } })).map((row) => [row.externalId, row.id]));
  for (let n = 0; n < options.companies; n++) {
    const { company, people: records } = generateCompany(options, n);
    const stored = { ...company, id: companyIds.get(company.externalId)! };
    for (const record of records) people.push({ ...record, id: personIds.get(record.externalId)!, company: stored });
  }
  // Unknown values and a person without a company, in the database and the oracle alike.
  const unknown = people.filter((person) => person.id % 37 === 0);
  await db.person.updateMany({ where: { id: { in: unknown.map((person) => person.id) } }, data: { seniority: null } });
  for (const person of unknown) person.seniority = null;
  const loner = people.find((person) => person.id % 41 === 0)!;
  await db.person.update({ where: { id: loner.id }, data: { companyId: null } });
  loner.company = null;
  people = people.sort((a, b) => a.id - b.id);

  ({ actor } = await createTestWorkspace());
  await db.workspace.update({ where: { id: actor.workspaceId }, data: { aiCreditBalance: 10_000_000 } });
});

const lower = (values: string[]) => values.map((value) => value.toLowerCase());
const overlaps = (stored: string[], wanted: string[]) => stored.some((value) => lower(wanted).includes(value.toLowerCase()));
const tokens = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** The oracle: does a person match every filter given? */
function matches(person: OraclePerson, filters: TPersonFilters): boolean {
  const company = person.company;
  const checks: Array<[unknown, () => boolean]> = [
    [filters.keywords, () => filters.keywords!.split(/\s+/).every((word) => tokens(`${person.firstName} ${person.lastName} ${person.title ?? ""} ${person.headline ?? ""}`).includes(word.toLowerCase()))],
    [filters.titles, () => !!person.title && lower(filters.titles!).some((title) => person.title!.toLowerCase().includes(title))],
    [filters.seniorities, () => !!person.seniority && (filters.seniorities as string[]).includes(person.seniority)],
    [filters.departments, () => !!person.department && lower(filters.departments!).includes(person.department)],
    [filters.functions, () => !!person.function && lower(filters.functions!).includes(person.function)],
    [filters.countries, () => !!person.country && lower(filters.countries!).includes(person.country)],
    [filters.states, () => !!person.region && lower(filters.states!).includes(person.region)],
    [filters.cities, () => !!person.city && lower(filters.cities!).includes(person.city)],
    [filters.continents, () => !!person.continent && lower(filters.continents!).includes(person.continent)],
    [filters.languages, () => overlaps(person.languages, filters.languages!)],
    [filters.skills, () => overlaps(person.skills, filters.skills!)],
    [filters.schools, () => overlaps(person.schools, filters.schools!)],
    [filters.degrees, () => overlaps(person.degrees, filters.degrees!)],
    [filters.fieldsOfStudy, () => overlaps(person.fieldsOfStudy, filters.fieldsOfStudy!)],
    [filters.companyIds, () => !!company && filters.companyIds!.includes(company.id)],
    [filters.companies, () => !!company && lower(filters.companies!).includes(company.name.toLowerCase())],
    [filters.industries, () => !!company && overlaps(company.industries, filters.industries!)],
    [filters.companyTypes, () => !!company?.companyType && (filters.companyTypes as string[]).includes(company.companyType)],
    [filters.hqCountries, () => !!company?.country && lower(filters.hqCountries!).includes(company.country)],
    [filters.headcountRanges, () => !!company?.headcountRange && (filters.headcountRanges as string[]).includes(company.headcountRange)],
  ];
  return checks.every(([given, check]) => given === undefined || check());
}

const rankOf = (person: OraclePerson) => (person.seniority === null ? null : SENIORITIES.length - SENIORITIES.indexOf(person.seniority as (typeof SENIORITIES)[number]));
const nameKey = (person: OraclePerson) => `${person.lastName} ${person.firstName}`.toLowerCase();
/** Code-point order, as COLLATE "C" on UTF-8 compares. */
const byCodePoints = (a: string, b: string) => {
  const left = [...a].map((character) => character.codePointAt(0)!);
  const right = [...b].map((character) => character.codePointAt(0)!);
  for (let i = 0; i < Math.min(left.length, right.length); i++) if (left[i] !== right[i]) return left[i]! - right[i]!;
  return left.length - right.length;
};

/** The oracle's order: the sort value in the direction, unknown values last, ties by id in the direction. */
function ordered(list: OraclePerson[], key: "name" | "seniority", dir: "asc" | "desc"): number[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...list]
    .sort((a, b) => {
      if (key === "name") return (byCodePoints(nameKey(a), nameKey(b)) || a.id - b.id) * sign;
      const [x, y] = [rankOf(a), rankOf(b)];
      if (x === y) return (a.id - b.id) * sign;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x - y) * sign;
    })
    .map((person) => person.id);
}

/** Every page of a search, following nextCursor; checks each page's total and charge on the way. */
async function allPages(input: TPersonSearchInput, expectedTotal: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const result = await searchPeople(actor, { ...input, cursor });
    expect(result.paging.totalCount).toBe(expectedTotal);
    expect(result.paging.totalCountIsEstimate).toBe(false);
    expect(result.credits.charged + result.credits.alreadyPaid).toBe(result.data.length);
    ids.push(...result.data.map((person) => person.id));
    if (!result.paging.nextCursor) return ids;
    cursor = result.paging.nextCursor;
  }
  throw new Error("the search never reached its last page");
}

describe("people search", () => {
  it("matches every filter alone and combined, as the oracle does, paged by name", async () => {
    const sample = people[123]!;
    const companyOf = people.find((person) => person.company && person.company.industries.length > 1)!.company!;
    const cases: TPersonFilters[] = [
      { titles: ["engineering", "VP OF"] },
      { titles: ["%", "_"] },
      { seniorities: ["director", "owner"] },
      { departments: ["Sales", "design"] },
      { functions: ["devops", "CONTENT"] },
      { countries: ["Germany", "japan"] },
      { states: ["california", "bavaria"] },
      { cities: ["London", "tokyo"] },
      { continents: ["south america", "Africa"] },
      { languages: ["French", "hindi"] },
      { skills: ["kubernetes", "SEO"] },
      { schools: [sample.schools[0]!.toUpperCase()] },
      { degrees: ["mba", "doctorates"] },
      { fieldsOfStudy: ["law", "Nursing"] },
      { keywords: "engineering" },
      { keywords: `${sample.lastName} manager` },
      { companyIds: [sample.company!.id, companyOf.id, 999_999] },
      { companies: [sample.company!.name.toUpperCase(), "no such company"] },
      { industries: [companyOf.industries[1]!, "Retail"] },
      { companyTypes: ["public", "nonprofit"] },
      { hqCountries: ["India", "canada"] },
      { headcountRanges: ["51-200", "10001+"] },
      { continents: ["europe"], seniorities: ["manager", "senior"], skills: ["excel", "python", "figma"] },
      { industries: ["computer software"], titles: ["manager"], countries: ["united states"], headcountRanges: ["1-10", "11-50"] },
    ];
    for (const filters of cases) {
      const expected = people.filter((person) => matches(person, filters));
      const ids = await allPages({ filters, sort: { key: "name" }, limit: 100 }, expected.length);
      expect(ids, JSON.stringify(filters)).toEqual(ordered(expected, "name", "asc"));
    }
    // The cases are not vacuous: most find people, and none finds everyone.
    const found = cases.map((filters) => people.filter((person) => matches(person, filters)).length);
    expect(found.filter((n) => n > 0).length).toBeGreaterThanOrEqual(cases.length - 2);
    expect(Math.max(...found)).toBeLessThan(people.length);
  });

  it("sorts by name and seniority both ways, unknown seniority last, across pages", async () => {
    const filters: TPersonFilters = { continents: ["europe", "asia"] };
    const expected = people.filter((person) => matches(person, filters));
    expect(expected.some((person) => person.seniority === null)).toBe(true);
    for (const key of ["name", "seniority"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const ids = await allPages({ filters, sort: { key, dir }, limit: 47 }, expected.length);
        expect(ids, `${key} ${dir}`).toEqual(ordered(expected, key, dir));
      }
    }
    // relevance without keywords is seniority, owners first (desc by default); name defaults to asc.
    expect(await allPages({ filters, limit: 61 }, expected.length)).toEqual(ordered(expected, "seniority", "desc"));
    expect(await allPages({ filters, sort: { key: "name" }, limit: 61 }, expected.length)).toEqual(ordered(expected, "name", "asc"));
  });

  it("ranks keyword matches by relevance, every match once across pages", async () => {
    const filters: TPersonFilters = { keywords: "marketing" };
    const expected = people.filter((person) => matches(person, filters)).map((person) => person.id);
    expect(expected.length).toBeGreaterThan(50);
    for (const dir of ["desc", "asc"] as const) {
      const ids = await allPages({ filters, sort: { key: "relevance", dir }, limit: 33 }, expected.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(expected);
    }
  });

  it("returns people as the API shows them: state, company or null", async () => {
    const person = people.find((candidate) => candidate.company)!;
    const loner = people.find((candidate) => !candidate.company)!;
    const result = await searchPeople(actor, { filters: { companyIds: [person.company!.id] }, limit: 100 });
    const shown = result.data.find((candidate) => candidate.id === person.id)!;
    expect(shown).toMatchObject({
      firstName: person.firstName,
      lastName: person.lastName,
      title: person.title,
      state: person.region,
      skills: person.skills,
      linkedinUrl: person.linkedinUrl,
      email: person.email,
      company: { id: person.company!.id, name: person.company!.name, domain: person.company!.domain, industry: person.company!.industry },
    });
    const alone = await searchPeople(actor, { filters: { keywords: `${loner.firstName} ${loner.lastName}` }, limit: 100 });
    expect(alone.data.find((candidate) => candidate.id === loner.id)?.company).toBeNull();
  });

  it("keeps paging where it was when people are added meanwhile", async () => {
    const filters: TPersonFilters = { departments: ["legal"] };
    const first = await searchPeople(actor, { filters, sort: { key: "name" }, limit: 10 });
    const before = people.filter((person) => matches(person, filters));
    const order = ordered(before, "name", "asc");
    expect(first.data.map((person) => person.id)).toEqual(order.slice(0, 10));
    // A person who sorts first arrives: the next page still starts after the tenth of the first.
    await db.person.create({ data: { externalId: "added-while-paging", firstName: "Aaron", lastName: "Aardvark", department: "legal" } });
    const second = await searchPeople(actor, { filters, sort: { key: "name" }, limit: 10, cursor: first.paging.nextCursor! });
    expect(second.data.map((person) => person.id)).toEqual(order.slice(10, 20));
    await db.person.delete({ where: { externalId: "added-while-paging" } });
  });

  it("answers 400 naming an unknown filter, a missing filter and a bad or foreign cursor", async () => {
    await expect(searchPeople(actor, { filters: { jobTitles: ["cto"] } as never })).rejects.toMatchObject({
      code: "invalid-input",
      message: expect.stringContaining("`jobTitles`"),
    });
    await expect(searchPeople(actor, { filters: {} })).rejects.toMatchObject({ code: "invalid-input", details: { fields: [expect.objectContaining({ field: "filters" })] } });
    await expect(searchPeople(actor, { filters: { seniorities: ["boss" as never] } })).rejects.toMatchObject({
      details: { fields: [expect.objectContaining({ field: "filters.seniorities.0" })] },
    });
    // Values PostgreSQL cannot take (NUL, ids past its integers) are 400s naming them, not failed queries.
    const unstorable: Array<[TPersonFilters, string]> = [
      [{ titles: ["c\u0000to"] }, "filters.titles.0"],
      [{ keywords: "\u0000" }, "filters.keywords"],
      [{ skills: ["x\u0000"] }, "filters.skills.0"],
      [{ companyIds: [2 ** 31] }, "filters.companyIds.0"],
    ];
    for (const [filters, field] of unstorable) {
      await expect(searchPeople(actor, { filters })).rejects.toMatchObject({ code: "invalid-input", details: { fields: [expect.objectContaining({ field })] } });
    }
    await expect(searchPeople(actor, { filters: { titles: ["cto"] }, cursor: "not-a-cursor" })).rejects.toMatchObject({
      code: "invalid-input",
      details: { fields: [expect.objectContaining({ field: "cursor" })] },
    });
    const page = await searchPeople(actor, { filters: { titles: ["manager"] }, limit: 2 });
    await expect(searchPeople(actor, { filters: { titles: ["director"] }, cursor: page.paging.nextCursor! })).rejects.toMatchObject({
      code: "invalid-input",
      details: { fields: [expect.objectContaining({ field: "cursor" })] },
    });
    await expect(searchPeople(actor, { filters: { titles: ["manager"] }, sort: { key: "name" }, cursor: page.paging.nextCursor! })).rejects.toMatchObject({
      status: 400,
    });
  });

  it("debits exactly one credit per person returned, and a page the balance cannot cover costs nothing (402)", async () => {
    const { actor: buyer } = await createTestWorkspace();
    await db.workspace.update({ where: { id: buyer.workspaceId }, data: { aiCreditBalance: 12 } });
    const filters: TPersonFilters = { seniorities: ["entry"] };
    const first = await searchPeople(buyer, { filters, limit: 7 });
    expect(first.data).toHaveLength(7);
    expect(first.credits).toEqual({ charged: 7, alreadyPaid: 0, balance: 5 });
    const ledger = await db.aiCreditLedgerEntry.findMany({ where: { workspaceId: buyer.workspaceId } });
    expect(ledger).toEqual([expect.objectContaining({ amount: -7, balanceAfter: 5, reason: "people-search" })]);

    await expect(searchPeople(buyer, { filters, limit: 6, cursor: first.paging.nextCursor! })).rejects.toMatchObject({
      code: "insufficient-credits",
      status: 402,
      details: { balance: 5, cost: 6 },
    });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: buyer.workspaceId } })).aiCreditBalance).toBe(5);
    expect(await db.aiCreditLedgerEntry.count({ where: { workspaceId: buyer.workspaceId } })).toBe(1);

    const empty = await searchPeople(buyer, { filters: { companies: ["no such company"] } });
    expect(empty).toMatchObject({ data: [], paging: { nextCursor: null, totalCount: 0 }, credits: { charged: 0, balance: 5 } });
    const last = await searchPeople(buyer, { filters, limit: 5, cursor: first.paging.nextCursor! });
    expect(last.credits).toEqual({ charged: 5, alreadyPaid: 0, balance: 0 });
  });

  it("writes its sort keys exactly as the migration's indexes, so PostgreSQL can use them", () => {
    const migration = readFileSync(path.resolve(import.meta.dirname, "../../../prisma/migrations/20261124164118_people_search/migration.sql"), "utf8");
    const unqualified = (sql: string) => sql.replaceAll('p."', '"');
    expect(migration).toContain(unqualified(seniorityRankSql.sql));
    expect(migration).toContain(unqualified(nameSortSql.sql));
  });

});

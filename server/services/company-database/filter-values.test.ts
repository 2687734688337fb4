// Filter values against a known generated data set: the counts equal those computed from the
// generated records, suggestions come prefix first then fuzzy, headcountRange is the closed set,
// bad fields are 400s naming `field`, a refresh follows the data, and nothing spends credits.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { HEADCOUNT_RANGES, type TFilterValuesInput } from "../../schemas/company-database";
import { createTestWorkspace } from "../../test/factories";
import { generateCompany, type CompanyRecord, type PersonRecord } from "./generator/generate-dataset";
import { generateCompanyData } from "./generate-company-data";
import { refreshFilterValues } from "./refresh-filter-values";
import { suggestFilterValues } from "./suggest-filter-values";
import { upsertCompanies, upsertPeople } from "./write-dataset-rows";

const options = { seed: "values", companies: 400, people: 900 };
const generated = Array.from({ length: options.companies }, (_, n) => generateCompany(options, n));
const companies = generated.map((entry) => entry.company);
const people = generated.flatMap((entry) => entry.people.map((person) => ({ person, company: entry.company })));

/** value → how many records have it, from each record's values. */
function tally<T>(records: readonly T[], valuesOf: (record: T) => ReadonlyArray<string | null>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) {
    for (const value of new Set(valuesOf(record))) if (value) counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

const STOP_WORDS = new Set(["of", "and", "the", "at", "for", "in", "to", "de", "a", "an", "&"]);
const titleWords = (title: string | null) => (title ?? "").toLowerCase().split(/[^a-z0-9+#]+/).filter((word) => word.length >= 2 && !STOP_WORDS.has(word));

const companyOracle: Record<string, (company: CompanyRecord) => ReadonlyArray<string | null>> = {
  industry: (company) => company.industries,
  country: (company) => [company.country],
  headcountRange: (company) => [company.headcountRange],
  lastRoundType: (company) => [company.lastRoundType],
  investor: (company) => company.investors,
  technology: (company) => company.technologies,
  name: (company) => [company.name],
};
const personOracle: Record<string, (entry: { person: PersonRecord; company: CompanyRecord }) => ReadonlyArray<string | null>> = {
  title: ({ person }) => [person.title],
  keyword: ({ person }) => titleWords(person.title),
  seniority: ({ person }) => [person.seniority],
  department: ({ person }) => [person.department],
  function: ({ person }) => [person.function],
  country: ({ person }) => [person.country],
  city: ({ person }) => [person.city],
  state: ({ person }) => [person.region],
  continent: ({ person }) => [person.continent],
  language: ({ person }) => person.languages,
  skill: ({ person }) => person.skills,
  school: ({ person }) => person.schools,
  degree: ({ person }) => person.degrees,
  fieldOfStudy: ({ person }) => person.fieldsOfStudy,
  company: ({ company }) => [company.name],
  industry: ({ company }) => company.industries,
  companyType: ({ company }) => [company.companyType],
  hqCountry: ({ company }) => [company.country],
  headcountRange: ({ company }) => [company.headcountRange],
};

async function stored(scope: "companies" | "people", field: string): Promise<Record<string, number>> {
  const rows = await db.databaseFilterValue.findMany({ where: { scope, field } });
  return Object.fromEntries(rows.map((row) => [row.value, row.count]));
}

const byCountThenValue = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))
    .map(([value, count]) => ({ value, count }));

let actor: Awaited<ReturnType<typeof createTestWorkspace>>["actor"];
const suggest = (input: TFilterValuesInput) => suggestFilterValues(actor, input);

beforeAll(async () => {
  await generateCompanyData(options);
  ({ actor } = await createTestWorkspace());
});

describe("the filter values of the generated data set", () => {
  it("count companies and people exactly as the records say, for every field", async () => {
    for (const [field, valuesOf] of Object.entries(companyOracle)) {
      expect({ field, counts: await stored("companies", field) }).toEqual({ field, counts: tally(companies, valuesOf) });
    }
    for (const [field, valuesOf] of Object.entries(personOracle)) {
      expect({ field, counts: await stored("people", field) }).toEqual({ field, counts: tally(people, valuesOf) });
    }
  });

  it("answers the most common values for an empty query", async () => {
    const top = await suggest({ type: "companies", field: "industry", limit: 5 });
    expect(top.data).toEqual(byCountThenValue(tally(companies, companyOracle.industry!)).slice(0, 5).map((row) => ({ ...row, match: "all" })));
    const skills = await suggest({ type: "people", field: "skill", query: "  " });
    expect(skills.data).toEqual(byCountThenValue(tally(people, personOracle.skill!)).slice(0, 10).map((row) => ({ ...row, match: "all" })));
  });

  it("puts values starting with the query first, most common first, then values spelled alike, without duplicates", async () => {
    const { data } = await suggest({ type: "people", field: "title", query: "SALES", limit: 50 });
    const prefixes = data.filter((row) => row.match === "prefix");
    const fuzzy = data.filter((row) => row.match === "fuzzy");
    const titles = tally(people, personOracle.title!);
    expect(prefixes.map((row) => row.value)).toEqual(
      byCountThenValue(titles)
        .filter((row) => row.value.toLowerCase().startsWith("sales"))
        .map((row) => row.value),
    );
    expect(prefixes.length).toBeGreaterThan(0);
    expect(data.slice(0, prefixes.length)).toEqual(prefixes);
    expect(fuzzy.map((row) => row.value)).toEqual(expect.arrayContaining(["VP of Sales", "Head of Sales"]));
    for (const row of data) expect(row.count).toBe(titles[row.value]);
    expect(new Set(data.map((row) => row.value)).size).toBe(data.length);
  });

  it("finds a value from a misspelled query", async () => {
    const industries = await suggest({ type: "companies", field: "industry", query: "sofware" });
    expect(industries.data).toContainEqual({ value: "computer software", count: tally(companies, companyOracle.industry!)["computer software"], match: "fuzzy" });
    const countries = await suggest({ type: "companies", field: "country", query: "germny" });
    expect(countries.data[0]).toEqual({ value: "germany", count: tally(companies, companyOracle.country!).germany, match: "fuzzy" });
    const hqCountries = await suggest({ type: "people", field: "hqCountry", query: "Untied States" });
    expect(hqCountries.data[0]).toMatchObject({ value: "united states", match: "fuzzy" });
  });

  it("finds misspelled values of a large field (through the trigram index) the same way", async () => {
    const names = Array.from({ length: 700 }, (_, i) => `Filler Company ${i.toString(36)}`);
    await db.databaseFilterValue.createMany({ data: [...names, "Zanzibarquix Aerospace"].map((value) => ({ scope: "companies", field: "name", value, count: 1 })) });
    try {
      const { data } = await suggest({ type: "companies", field: "name", query: "zanzibarqix" });
      expect(data[0]).toEqual({ value: "Zanzibarquix Aerospace", count: 1, match: "fuzzy" });
      const spaced = await suggest({ type: "companies", field: "name", query: "Zanzibarqix Aerospce" });
      expect(spaced.data).toContainEqual({ value: "Zanzibarquix Aerospace", count: 1, match: "fuzzy" });
    } finally {
      await refreshFilterValues();
    }
  });

  it("suggests enum values such as seniorities and company types like any other", async () => {
    const seniorities = await suggest({ type: "people", field: "seniority", query: "dir" });
    expect(seniorities.data).toEqual([{ value: "director", count: tally(people, personOracle.seniority!).director, match: "prefix" }]);
    const types = await suggest({ type: "people", field: "companyType", query: "non" });
    expect(types.data[0]).toMatchObject({ value: "nonprofit", match: "prefix" });
    const rounds = await suggest({ type: "companies", field: "lastRoundType", query: "series_" });
    expect(rounds.data.map((row) => row.value).every((value) => value.startsWith("series_"))).toBe(true);
  });

  it("answers the eight headcount ranges in order with their counts, whatever the query and limit", async () => {
    const counts = { companies: tally(companies, companyOracle.headcountRange!), people: tally(people, personOracle.headcountRange!) };
    for (const type of ["companies", "people"] as const) {
      const expected = HEADCOUNT_RANGES.map((value) => ({ value, count: counts[type][value] ?? 0, match: "all" }));
      expect((await suggest({ type, field: "headcountRange" })).data).toEqual(expected);
      expect((await suggest({ type, field: "headcountRange", query: "zzz", limit: 1 })).data).toEqual(expected);
    }
    // A range no company has is still answered, with 0.
    await db.databaseFilterValue.deleteMany({ where: { scope: "people", field: "headcountRange", value: "10001+" } });
    const ranges = await suggest({ type: "people", field: "headcountRange", query: "100" });
    expect(ranges.data.map((row) => row.value)).toEqual([...HEADCOUNT_RANGES]);
    expect(ranges.data[7]).toEqual({ value: "10001+", count: 0, match: "all" });
    await refreshFilterValues();
  });

  it("refuses an unknown field, a field of the other type and a limit out of bounds, naming the field", async () => {
    await expect(suggest({ type: "companies", field: "colour" })).rejects.toMatchObject({
      code: "invalid-input",
      details: { fields: [{ field: "field", message: expect.stringContaining("industry, country, headcountRange, lastRoundType, investor, technology, name") }] },
    });
    await expect(suggest({ type: "companies", field: "seniority" })).rejects.toMatchObject({ details: { fields: [{ field: "field" }] } });
    await expect(suggest({ type: "people", field: "name" })).rejects.toMatchObject({
      details: { fields: [{ field: "field", message: expect.stringContaining("title, keyword, seniority") }] },
    });
    await expect(suggest({ type: "people", field: "technology" })).rejects.toMatchObject({ details: { fields: [{ field: "field" }] } });
    await expect(suggest({ type: "people", field: "title", query: "man\u0000ager" })).rejects.toMatchObject({ details: { fields: [{ field: "query" }] } });
    for (const limit of [0, 51, 2.5]) {
      await expect(suggest({ type: "companies", field: "industry", limit })).rejects.toMatchObject({ details: { fields: [{ field: "limit" }] } });
    }
    expect((await suggest({ type: "companies", field: "industry", limit: 50 })).data.length).toBeGreaterThan(10);
    expect((await suggest({ type: "companies", field: "industry", limit: 1 })).data).toHaveLength(1);
  });

  it("spends no credits", async () => {
    const before = await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } });
    await suggest({ type: "companies", field: "industry", query: "soft" });
    await suggest({ type: "people", field: "title", query: "enginer" });
    expect(await db.aiCreditLedgerEntry.count()).toBe(0);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } })).aiCreditBalance).toBe(before.aiCreditBalance);
  });

  it("leaves the tables analyzed, so the next refresh's anti-join is hashed, not a loop over every pair of values", async () => {
    await refreshFilterValues();
    // ANALYZE sets reltuples (-1: never analyzed); the embedded database has no autovacuum to do it.
    const tables = await db.$queryRaw<Array<{ relname: string; reltuples: number }>>`
      SELECT relname, reltuples::float8 AS reltuples FROM pg_class WHERE relname IN ('Company', 'Person', 'DatabaseFilterValue') ORDER BY relname`;
    const counts = { Company: await db.company.count(), DatabaseFilterValue: await db.databaseFilterValue.count(), Person: await db.person.count() };
    expect(tables).toEqual(Object.entries(counts).map(([relname, count]) => ({ relname, reltuples: count })));
  });

  it("follows the data on the next refresh: new values appear, gone ones disappear, unchanged rows are not rewritten", async () => {
    const versions = async () =>
      Object.fromEntries(
        (await db.$queryRaw<Array<{ key: string; version: string }>>`SELECT scope || ':' || field || ':' || value AS key, xmin::text AS version FROM "DatabaseFilterValue"`).map(
          (row) => [row.key, row.version],
        ),
      );
    const untouched = await versions();
    await refreshFilterValues();
    expect(await versions()).toEqual(untouched);

    const first = companies[0]!;
    const newcomer: CompanyRecord = { ...first, externalId: "test-newcomer", name: "Zephyrine Orbital", industries: ["space exploration"], industry: "space exploration" };
    await upsertCompanies([newcomer, { ...first, technologies: [...first.technologies, "fortran"] }]);
    await upsertPeople([
      { ...people[0]!.person, externalId: "test-person-1", companyExternalId: "test-newcomer", title: "Chief Rocket Officer" },
      { ...people[0]!.person, externalId: "test-person-2", companyExternalId: "test-newcomer", title: "Chief Rocket Officer" },
    ]);
    const industryCount = (await stored("people", "industry"))[first.industries[0]!];
    await refreshFilterValues();

    expect((await suggest({ type: "companies", field: "industry", query: "space" })).data).toEqual([{ value: "space exploration", count: 1, match: "prefix" }]);
    expect((await suggest({ type: "companies", field: "technology", query: "fortran" })).data).toEqual([{ value: "fortran", count: 1, match: "prefix" }]);
    expect((await stored("people", "company"))["Zephyrine Orbital"]).toBe(2);
    expect((await stored("people", "title"))["Chief Rocket Officer"]).toBe(2);
    expect((await stored("people", "keyword")).rocket).toBe(2);
    expect((await stored("people", "industry"))[first.industries[0]!]).toBe(industryCount);

    await upsertCompanies([{ ...newcomer, industries: ["aerospace"], industry: "aerospace" }]);
    await refreshFilterValues();
    expect((await stored("companies", "industry"))["space exploration"]).toBeUndefined();
    expect((await stored("companies", "industry")).aerospace).toBe(1);
    expect((await stored("people", "industry")).aerospace).toBe(2);
  });
});

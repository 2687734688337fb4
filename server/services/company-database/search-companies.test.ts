// Company search against a known generated set: every filter, every sort both ways, paged to the end
// with the cursor, compared with what plain TypeScript computes from the generated records; the
// cursor under inserts; and the 400s. The credits are in search-companies-credits.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { isHeraldError } from "../../lib/errors";
import type { TCompanyFilters, TCompanySearchInput, TCompanySort } from "../../schemas/company-database";
import { companyWords, hasPhrase, inSortOrder, matchesFilters, type StoredCompany } from "../../test/company-search-oracle";
import { createTestWorkspace } from "../../test/factories";
import { generateCompanyData } from "./generate-company-data";
import { generateCompany, type CompanyRecord } from "./generator/generate-dataset";
import { searchCompanies } from "./search-companies";
import { encodeSearchCursor, searchFingerprint } from "./search-cursor";
import { upsertCompanies } from "./write-dataset-rows";
import { countSearchesExactly } from "../../test/exact-search-counts";

countSearchesExactly();

const options = { seed: "search", companies: 2000, people: 0 };

/** Hand-made companies for what the generator never makes: unknown values, odd names, one-sided revenue. */
function extra(name: string, fields: Partial<CompanyRecord> = {}): CompanyRecord {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    externalId: `extra-${slug}`,
    name,
    domain: `${slug}.example`,
    website: null,
    linkedinUrl: null,
    description: null,
    companyType: null,
    industry: null,
    industries: [],
    headcount: null,
    headcountRange: null,
    headcountGrowth12m: null,
    followers: null,
    openings: null,
    yearFounded: null,
    country: "germany",
    region: null,
    city: null,
    continent: "europe",
    fundingTotalUsd: null,
    lastRoundUsd: null,
    lastRoundType: null,
    lastRoundDate: null,
    investors: [],
    technologies: [],
    revenueMinUsd: null,
    revenueMaxUsd: null,
    ...fields,
  };
}

const EXTRAS: CompanyRecord[] = [
  extra("Unknownco One"),
  extra("Unknownco Two", { headcount: 40, headcountRange: "11-50" }),
  extra("unknownco three", { followers: 10, yearFounded: 1999 }),
  extra("100% Organic", { revenueMinUsd: 2_500_000 }),
  extra("1000 Things", { revenueMaxUsd: 2_500_000 }),
  extra("100_ Club"),
  extra("Zebrafish Labs", { description: "Tools for aquariums." }),
  extra("Quietco", { description: "Research on zebrafish for schools." }),
  extra("Émile Bio", { city: "berlin", region: "berlin" }),
];

let records: StoredCompany[] = [];
let actor: Actor;

async function loadStored(list: readonly CompanyRecord[]): Promise<StoredCompany[]> {
  const rows = await db.company.findMany({ where: { externalId: { in: list.map((record) => record.externalId) } }, select: { id: true, externalId: true, prominence: true } });
  const byExternalId = new Map(rows.map((row) => [row.externalId, row]));
  return list.map((record) => ({ ...record, id: byExternalId.get(record.externalId)!.id, prominence: byExternalId.get(record.externalId)!.prominence }));
}

beforeAll(async () => {
  await generateCompanyData({ ...options, refreshValues: false });
  await upsertCompanies(EXTRAS);
  const generated = Array.from({ length: options.companies }, (_, n) => generateCompany(options, n).company);
  records = await loadStored([...generated, ...EXTRAS]);
  ({ actor } = await createTestWorkspace());
  await db.workspace.update({ where: { id: actor.workspaceId }, data: { aiCreditBalance: 100_000_000 } });
}, 120_000);

/** Every page of a search, checking each page's count and charge; the ids in the order returned. */
async function allPages(input: Omit<TCompanySearchInput, "cursor">, expectedTotal?: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const result = await searchCompanies(actor, { ...input, cursor });
    ids.push(...result.data.map((company) => company.id));
    expect(result.credits.charged + result.credits.alreadyPaid).toBe(result.data.length);
    // The industry each company matched by: one of its industries that the filter names, else none.
    const wanted = input.filters.industries?.map((industry) => industry.toLowerCase());
    for (const company of result.data) {
      if (!wanted) expect(company.matchedIndustry).toBeNull();
      else expect(company.industries.find((industry) => wanted.includes(industry))).toBe(company.matchedIndustry ?? "none");
    }
    if (expectedTotal !== undefined) expect(result.paging).toMatchObject({ totalCount: expectedTotal, totalCountIsEstimate: false });
    if (!result.paging.nextCursor) return ids;
    expect(result.data.length).toBe(input.limit ?? 25);
    cursor = result.paging.nextCursor;
  }
  throw new Error("the search never ended");
}

/** The oracle's ids in the default relevance order without keywords (prominence, larger first). */
function expectedIds(filters: TCompanyFilters, keywordMatch?: (company: StoredCompany) => boolean, sort: TCompanySort = { key: "relevance" }): number[] {
  const matching = records.filter((company) => matchesFilters(company, filters, keywordMatch));
  const key = sort.key === "relevance" ? "prominence" : sort.key;
  return inSortOrder(matching, key, sort.dir ?? (sort.key === "name" ? "asc" : "desc")).map((company) => company.id);
}

const has = (word: string) => (company: StoredCompany) => companyWords(company).includes(word);

describe("company search filters", () => {
  const domains = () => [records[5]!.domain!, `https://WWW.${records[77]!.domain!.toUpperCase()}/about`, "nobody.example"];
  const cases: Array<[string, () => TCompanyFilters, ((company: StoredCompany) => boolean)?]> = [
    ["industries (any of, any case)", () => ({ industries: ["Computer Software", "retail"] })],
    ["countries", () => ({ countries: ["Germany", "france"] })],
    ["regions", () => ({ regions: ["California", "bavaria"] })],
    ["cities", () => ({ cities: ["London", "berlin"] })],
    ["continents", () => ({ continents: ["Asia"] })],
    ["names (prefix, any case)", () => ({ names: ["north", "Blue"] })],
    ["names with LIKE characters match literally", () => ({ names: ["100%"] })],
    ["names: an underscore is no wildcard", () => ({ names: ["100_"] })],
    ["names beyond ASCII", () => ({ names: ["émile"] })],
    ["domains (exact; a URL is reduced to its domain)", () => ({ domains: domains() })],
    ["companyTypes", () => ({ companyTypes: ["public", "nonprofit"] })],
    ["headcountRanges", () => ({ headcountRanges: ["51-200", "10001+"] })],
    ["minHeadcount and maxHeadcount", () => ({ minHeadcount: 20, maxHeadcount: 80 })],
    ["minHeadcount", () => ({ minHeadcount: 1000 })],
    ["maxHeadcount", () => ({ maxHeadcount: 3 })],
    ["headcount growth range", () => ({ minHeadcountGrowth: 10, maxHeadcountGrowth: 30.5 })],
    ["maxHeadcountGrowth", () => ({ maxHeadcountGrowth: -20 })],
    ["minFollowers", () => ({ minFollowers: 5000 })],
    ["minOpenings", () => ({ minOpenings: 1 })],
    ["year founded range", () => ({ minYearFounded: 2000, maxYearFounded: 2010 })],
    ["lastRoundTypes", () => ({ lastRoundTypes: ["seed", "series_a"] })],
    ["last round date range", () => ({ minLastRoundDate: "2022-01-01", maxLastRoundDate: "2023-06-30" })],
    ["total funding range (fractional bounds)", () => ({ minTotalFundingUsd: 999_999.5, maxTotalFundingUsd: 20_000_000.7 })],
    ["minLastRoundUsd", () => ({ minLastRoundUsd: 500_000 })],
    ["maxLastRoundUsd", () => ({ maxLastRoundUsd: 400_000 })],
    ["investors", () => ({ investors: ["Northgate Ventures", "atlas seed fund"] })],
    ["technologies", () => ({ technologies: ["Stripe", "kubernetes"] })],
    ["minRevenueUsd (the estimate reaches it)", () => ({ minRevenueUsd: 5_000_000 })],
    ["maxRevenueUsd", () => ({ maxRevenueUsd: 1_000_000 })],
    ["revenue range overlaps, one-sided estimates included", () => ({ minRevenueUsd: 2_000_000, maxRevenueUsd: 3_000_000 })],
    ["keywords: one word, any form", () => ({ keywords: "Hospital" }), has("hospital")],
    ["keywords: every word", () => ({ keywords: "developers data" }), (company) => has("developer")(company) && has("data")(company)],
    ["keywords: a phrase", () => ({ keywords: '"cut costs"' }), (company) => hasPhrase(companyWords(company), "cut cost")],
    ["keywords: a word left out", () => ({ keywords: "compliant -banks" }), (company) => has("compliant")(company) && !has("bank")(company)],
    ["keywords in the name", () => ({ keywords: "robotics" }), has("robotic")],
    ["combination: industries, countries, minHeadcount", () => ({ industries: ["computer software"], countries: ["united states"], minHeadcount: 10 })],
    [
      "combination: keywords, continents, companyTypes, openings",
      () => ({ keywords: "retailers", continents: ["europe", "north america"], companyTypes: ["private"], minOpenings: 1 }),
      has("retailer"),
    ],
    [
      "combination: funding, investors and technologies",
      () => ({ lastRoundTypes: ["seed", "series_a", "series_b"], minTotalFundingUsd: 100_000, technologies: ["slack", "zoom", "github"], minYearFounded: 2010 }),
    ],
  ];

  it.each(cases)("%s", async (_name, filters, keywordMatch) => {
    const expected = expectedIds(filters(), keywordMatch);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(records.length);
    const sort: TCompanySort | undefined = filters().keywords === undefined ? undefined : { key: "name" };
    const expectedInOrder = sort ? expectedIds(filters(), keywordMatch, sort) : expected;
    expect(await allPages({ filters: filters(), sort, limit: 40 }, expected.length)).toEqual(expectedInOrder);
  });

  it("matches nothing, free, when no company fits", async () => {
    const result = await searchCompanies(actor, { filters: { names: ["no such company"] } });
    expect(result).toMatchObject({ data: [], paging: { nextCursor: null, totalCount: 0, totalCountIsEstimate: false }, credits: { charged: 0 } });
  });

  it("returns the Company search result shape", async () => {
    const record = records.find((company) => company.lastRoundDate !== null && company.revenueMinUsd !== null && company.city !== company.region)!;
    const result = await searchCompanies(actor, { filters: { domains: [record.domain!] } });
    expect(result.data).toEqual([
      {
        id: record.id,
        name: record.name,
        domain: record.domain,
        website: record.website,
        linkedinUrl: record.linkedinUrl,
        description: record.description,
        companyType: record.companyType,
        industry: record.industry,
        industries: record.industries,
        matchedIndustry: null,
        headcountRange: record.headcountRange,
        country: record.country,
        headquarters: `${record.city}, ${record.region}, ${record.country}`,
        yearFounded: record.yearFounded,
        headcount: record.headcount,
        headcountGrowth12m: record.headcountGrowth12m,
        followers: record.followers,
        openings: record.openings,
        funding: {
          totalUsd: record.fundingTotalUsd,
          lastRoundUsd: record.lastRoundUsd,
          lastRoundType: record.lastRoundType,
          lastRoundDate: record.lastRoundDate,
          investors: record.investors,
        },
        estimatedRevenue: { minUsd: record.revenueMinUsd, maxUsd: record.revenueMaxUsd },
        technologies: record.technologies,
      },
    ]);
    const unknown = await searchCompanies(actor, { filters: { names: ["Unknownco One"] } });
    expect(unknown.data[0]).toMatchObject({ headcount: null, headcountRange: null, headquarters: "germany", funding: { lastRoundDate: null, totalUsd: null } });
    const berlin = await searchCompanies(actor, { filters: { names: ["Émile"] } });
    expect(berlin.data[0]!.headquarters).toBe("berlin, germany");
  });
});

describe("company search sorts", () => {
  const filters: TCompanyFilters = { continents: ["europe"] };
  const keys = ["relevance", "name", "headcount", "headcountGrowth12m", "followers", "yearFounded", "lastRoundDate"] as const;
  const combos = keys.flatMap((key) => (["asc", "desc"] as const).map((dir) => [key, dir] as const));

  it.each(combos)("%s %s, unknown values last, every page in order", async (key, dir) => {
    const matching = records.filter((company) => matchesFilters(company, filters));
    const expected = inSortOrder(matching, key === "relevance" ? "prominence" : key, dir).map((company) => company.id);
    expect(await allPages({ filters, sort: { key, dir }, limit: 97 }, expected.length)).toEqual(expected);
  });

  it("defaults to relevance, larger first, and to A to Z for name", async () => {
    expect(await allPages({ filters: { countries: ["spain"] }, limit: 100 })).toEqual(expectedIds({ countries: ["spain"] }));
    expect(await allPages({ filters: { countries: ["spain"] }, sort: { key: "name" }, limit: 100 })).toEqual(
      expectedIds({ countries: ["spain"] }, undefined, { key: "name", dir: "asc" }),
    );
  });

  it("ranks keyword matches in the name above those in the description, both ways", async () => {
    const zebrafish = records.filter((company) => company.name === "Zebrafish Labs" || company.name === "Quietco").map((company) => company.id);
    expect(await allPages({ filters: { keywords: "zebrafish" } })).toEqual(zebrafish);
    expect(await allPages({ filters: { keywords: "zebrafish" }, sort: { key: "relevance", dir: "asc" } })).toEqual([...zebrafish].reverse());
  });

  it("pages keyword relevance without repeating or skipping, ranks never rising", async () => {
    const keywordMatch = (company: StoredCompany) => has("secure")(company) || has("security")(company);
    for (const dir of ["desc", "asc"] as const) {
      const ids = await allPages({ filters: { keywords: "secure" }, sort: { key: "relevance", dir }, limit: 30 });
      expect([...ids].sort((a, b) => a - b)).toEqual(expectedIds({ keywords: "secure" }, keywordMatch).sort((a, b) => a - b));
      const ranks = await db.$queryRaw<Array<{ id: number; rank: number }>>`
        SELECT id, ts_rank("searchVector", websearch_to_tsquery('english', 'secure'))::float8 AS rank FROM "Company" WHERE id = ANY(${ids}::int[])`;
      const rankOf = new Map(ranks.map((row) => [row.id, row.rank]));
      const sign = dir === "desc" ? -1 : 1;
      for (let i = 1; i < ids.length; i++) {
        const [before, after] = [rankOf.get(ids[i - 1]!)!, rankOf.get(ids[i]!)!];
        expect(before === after ? (ids[i]! - ids[i - 1]!) * sign > 0 : (after - before) * sign > 0).toBe(true);
      }
    }
  });
});

describe("the search cursor", () => {
  it.each([
    ["name", "asc"],
    ["headcount", "desc"],
  ] as const)("stays correct while companies are added (%s %s)", async (key, dir) => {
    const filters: TCompanyFilters = { countries: ["sweden"] };
    const firstPage = await searchCompanies(actor, { filters, sort: { key, dir }, limit: 10 });
    const before = inSortOrder(records.filter((company) => matchesFilters(company, filters)), key, dir);
    expect(firstPage.data.map((company) => company.id)).toEqual(before.slice(0, 10).map((company) => company.id));
    const last = before[9]!;

    // Companies that sort before the cursor, after it, and level with it (a larger id: after it).
    const tag = `${key}-${dir}`;
    const added = [
      extra(`Aaa Before ${tag}`, { country: "sweden", headcount: 900_000 }),
      extra(`Zzz After ${tag}`, { country: "sweden", headcount: 1 }),
      extra(`${last.name} ${tag}`.slice(0, last.name.length), { externalId: `extra-level-${tag}`, country: "sweden", headcount: last.headcount }),
      extra(`Nothing Known ${tag}`, { country: "sweden" }),
    ];
    await upsertCompanies(added);
    records = [...records, ...(await loadStored(added))];

    const rest: number[] = [];
    let cursor = firstPage.paging.nextCursor!;
    for (;;) {
      const page = await searchCompanies(actor, { filters, sort: { key, dir }, limit: 10, cursor });
      rest.push(...page.data.map((company) => company.id));
      if (!page.paging.nextCursor) break;
      cursor = page.paging.nextCursor;
    }
    const after = inSortOrder(records.filter((company) => matchesFilters(company, filters)), key, dir).map((company) => company.id);
    expect(rest).toEqual(after.slice(after.indexOf(last.id) + 1));
    expect(new Set([...firstPage.data.map((company) => company.id), ...rest]).size).toBe(10 + rest.length);
    for (const company of before.slice(10)) expect(rest).toContain(company.id);
  });
});

async function invalidInput(input: unknown): Promise<{ message: string; fields: string[] }> {
  try {
    await searchCompanies(actor, input as TCompanySearchInput);
  } catch (error) {
    if (!isHeraldError(error) || error.code !== "invalid-input") throw error;
    const fields = (error.details?.fields as Array<{ field: string }> | undefined) ?? [];
    return { message: error.message, fields: fields.map((issue) => issue.field) };
  }
  throw new Error("the search was not refused");
}

describe("searches refused with 400", () => {
  it("names an unknown filter, and asks for at least one", async () => {
    const unknown = await invalidInput({ filters: { industries: ["retail"], colour: "red" } });
    expect(unknown.fields).toEqual(["filters"]);
    expect(unknown.message).toContain("`colour`");
    expect((await invalidInput({ filters: {} })).fields).toEqual(["filters"]);
    expect((await invalidInput({})).fields).toEqual(["filters"]);
  });

  it("names a bad sort, limit or value", async () => {
    expect((await invalidInput({ filters: { minHeadcount: 1 }, sort: { key: "revenue" } })).fields).toEqual(["sort.key"]);
    expect((await invalidInput({ filters: { minHeadcount: 1 }, sort: { key: "name", dir: "up" } })).fields).toEqual(["sort.dir"]);
    for (const limit of [0, 101, 2.5, "10"]) expect((await invalidInput({ filters: { minHeadcount: 1 }, limit })).fields).toEqual(["limit"]);
    expect((await invalidInput({ filters: { headcountRanges: ["2-9"] } })).fields).toEqual(["filters.headcountRanges.0"]);
    expect((await invalidInput({ filters: { minLastRoundDate: "June 2024" } })).fields).toEqual(["filters.minLastRoundDate"]);
    expect((await invalidInput({ filters: { keywords: "the" } })).fields).toEqual(["filters.keywords"]);
    expect((await invalidInput({ filters: { maxLastRoundDate: "0000-01-01" } })).fields).toEqual(["filters.maxLastRoundDate"]);
    // PostgreSQL text cannot hold NUL: a 400 naming the value, not a failed query (tRPC has no REST NUL check before it).
    expect((await invalidInput({ filters: { industries: ["a\u0000b"] } })).fields).toEqual(["filters.industries.0"]);
    expect((await invalidInput({ filters: { names: ["\u0000"] } })).fields).toEqual(["filters.names.0"]);
    expect((await invalidInput({ filters: { keywords: "cloud\u0000" } })).fields).toEqual(["filters.keywords"]);
    // Counts past PostgreSQL's integers are fine: they match nothing (or everything).
    expect((await searchCompanies(actor, { filters: { minHeadcount: 2 ** 53 - 1 } })).data).toEqual([]);
    expect((await searchCompanies(actor, { filters: { minFollowers: 1e12, minOpenings: 1e12 } })).data).toEqual([]);
  });

  it("names the maximum below its minimum", async () => {
    const pairs: Array<[TCompanyFilters, string]> = [
      [{ minHeadcount: 50, maxHeadcount: 10 }, "filters.maxHeadcount"],
      [{ minHeadcountGrowth: 5, maxHeadcountGrowth: -5 }, "filters.maxHeadcountGrowth"],
      [{ minYearFounded: 2010, maxYearFounded: 2000 }, "filters.maxYearFounded"],
      [{ minLastRoundDate: "2024-02-01", maxLastRoundDate: "2024-01-31" }, "filters.maxLastRoundDate"],
      [{ minTotalFundingUsd: 2, maxTotalFundingUsd: 1 }, "filters.maxTotalFundingUsd"],
      [{ minLastRoundUsd: 2, maxLastRoundUsd: 1 }, "filters.maxLastRoundUsd"],
      [{ minRevenueUsd: 2, maxRevenueUsd: 1 }, "filters.maxRevenueUsd"],
    ];
    for (const [filters, field] of pairs) expect((await invalidInput({ filters })).fields).toEqual([field]);
    expect(await allPages({ filters: { minHeadcount: 40, maxHeadcount: 40 }, limit: 100 })).toEqual(expectedIds({ minHeadcount: 40, maxHeadcount: 40 }));
  });

  it("refuses a made-up cursor, and a cursor of another search", async () => {
    for (const cursor of ["garbage!", Buffer.from("{}").toString("base64url"), Buffer.from('{"f":"x","v":1,"i":-1}').toString("base64url")]) {
      expect((await invalidInput({ filters: { minHeadcount: 1 }, cursor })).fields).toEqual(["cursor"]);
    }
    // The fingerprint is no secret: a hand-made cursor that passes it must still fit the sort.
    const handMade = (sortKey: string, dir: string, value: string | number | null, id = 1) =>
      encodeSearchCursor(searchFingerprint("companies", { minHeadcount: 1 }, sortKey, dir), { value, id });
    for (const [sort, value, id] of [
      [{ key: "headcount" }, "many", 1],
      [{ key: "headcount" }, 1e12, 1],
      [{ key: "headcount" }, 5, 1e12],
      [{ key: "lastRoundDate" }, "2024-02-30", 1],
      [{ key: "lastRoundDate" }, 7, 1],
      [{ key: "name" }, null, 1],
      [{ key: "name" }, "a\u0000b", 1],
      [{ key: "relevance" }, "high", 1],
    ] as const) {
      const cursor = handMade(sort.key, sort.key === "name" ? "asc" : "desc", value, id);
      expect((await invalidInput({ filters: { minHeadcount: 1 }, sort, cursor })).fields, JSON.stringify([sort, value, id])).toEqual(["cursor"]);
    }
    const fitting = await searchCompanies(actor, { filters: { minHeadcount: 1 }, sort: { key: "lastRoundDate" }, limit: 3, cursor: handMade("lastRoundDate", "desc", "2024-02-29") });
    expect(fitting.data.every((company) => company.funding.lastRoundDate === null || company.funding.lastRoundDate <= "2024-02-29")).toBe(true);

    const first = await searchCompanies(actor, { filters: { countries: ["germany"] }, limit: 5 });
    const cursor = first.paging.nextCursor!;
    expect((await invalidInput({ filters: { countries: ["france"] }, limit: 5, cursor })).fields).toEqual(["cursor"]);
    expect((await invalidInput({ filters: { countries: ["germany"] }, sort: { key: "name" }, limit: 5, cursor })).fields).toEqual(["cursor"]);
    expect((await invalidInput({ filters: { countries: ["germany"] }, sort: { key: "relevance", dir: "asc" }, limit: 5, cursor })).fields).toEqual(["cursor"]);
    // The same search with another page size may go on from it.
    const next = await searchCompanies(actor, { filters: { countries: ["germany"] }, limit: 7, cursor });
    expect(next.data.map((company) => company.id)).toEqual(expectedIds({ countries: ["germany"] }).slice(5, 12));
  });
});

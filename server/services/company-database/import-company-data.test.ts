import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { importCompanyData, ImportFileError, type ImportCompanyDataInput } from "./import-company-data";

const fixtures = path.resolve(import.meta.dirname, "../../test/fixtures/company-database");
const COMPANIES_CSV = path.join(fixtures, "pdl-companies.csv");
const COMPANIES_JSONL = path.join(fixtures, "pdl-companies.jsonl");
const PEOPLE_JSONL = path.join(fixtures, "pdl-people.jsonl");
const PEOPLE_CSV = path.join(fixtures, "pdl-people.csv");

const run = (input: ImportCompanyDataInput) => importCompanyData({ refreshValues: false, ...input });

beforeEach(async () => {
  await db.person.deleteMany();
  await db.company.deleteMany();
  await db.companyDataImport.deleteMany();
});

/** The stored rows without database ids and times: what two imports must agree on. */
async function companyTable() {
  const rows = await db.company.findMany({ orderBy: { externalId: "asc" } });
  return rows.map(({ id, createdAt, updatedAt, ...row }) => (void id, void createdAt, void updatedAt, row));
}

describe("importing People Data Labs companies", () => {
  it("imports the CSV sample: quoted commas and newlines kept, malformed rows reported by line and skipped", async () => {
    const result = await run({ path: COMPANIES_CSV, kind: "companies" });
    expect(result).toMatchObject({ status: "completed", imported: 27, skipped: 5, lines: 35, fileSize: statSync(COMPANIES_CSV).size, resumedFrom: 0 });
    expect(result.problems).toEqual([
      { line: 29, reason: "the row has 4 values, the header has 19" },
      { line: 30, reason: "the company has no name" },
      { line: 31, reason: 'founded is not a year: "19x5"' },
      { line: 33, reason: expect.stringMatching(/^size is not one of 1-10, 11-50, .* "lots"$/) },
      { line: 35, reason: 'a quoted value is never closed (a missing ")' },
    ]);
    expect(await db.company.count()).toBe(27);

    const harbor = await db.company.findUniqueOrThrow({ where: { externalId: "pdl-c-001" } });
    expect(harbor).toMatchObject({
      name: "Harbor Analytics, Inc.",
      description: "Harbor Analytics helps retailers, banks and insurers\nforecast demand.",
      website: "https://harboranalytics.example",
      domain: "harboranalytics.example",
      linkedinUrl: "https://linkedin.com/company/harbor-analytics",
      industry: "computer software",
      industries: ["computer software"],
      headcount: 120,
      headcountRange: "51-200",
      headcountGrowth12m: 12,
      followers: 8400,
      yearFounded: 2015,
      city: "san francisco",
      region: "california",
      country: "united states",
      continent: "north america",
      companyType: "private",
      fundingTotalUsd: 42_000_000n,
      lastRoundType: "series_b",
      revenueMinUsd: 10_000_000n,
      revenueMaxUsd: 25_000_000n,
    });
    expect(harbor.lastRoundDate?.toISOString().slice(0, 10)).toBe("2023-03-14");
    expect(await db.company.findUniqueOrThrow({ where: { externalId: "pdl-c-002" } })).toMatchObject({
      website: "https://www.northwind.example/about",
      domain: "northwind.example",
      linkedinUrl: "https://www.linkedin.com/company/northwind-traders",
      description: 'Importer of "specialty" foods.',
      companyType: "public",
      headcountGrowth12m: -5,
    });
    const kestrel = await db.company.findUniqueOrThrow({ where: { externalId: "pdl-c-003" } });
    expect(kestrel.lastRoundDate?.toISOString().slice(0, 10)).toBe("2022-11-01");
    // A row without an id is known by its LinkedIn address, so a re-import finds it again.
    expect(await db.company.findUniqueOrThrow({ where: { externalId: "li:linkedin.com/company/blue-maple-bakery" } })).toMatchObject({
      name: "Blue Maple Bakery",
      revenueMinUsd: 0n,
      revenueMaxUsd: 1_000_000n,
      headcountGrowth12m: null,
    });
    expect(await db.company.findUniqueOrThrow({ where: { externalId: "pdl-c-904" } })).toMatchObject({ industry: "health, wellness and fitness" });

    const stored = await db.companyDataImport.findUniqueOrThrow({ where: { id: result.importId } });
    expect(stored).toMatchObject({ status: "completed", byteOffset: BigInt(result.fileSize), lines: 35, imported: 27, skipped: 5, resumedFromId: null });
    expect(stored.problems).toEqual(result.problems);
    expect(stored.completedAt).not.toBeNull();
  });

  it("imports the JSON Lines sample: nested location, growth, funding rounds and revenue bands", async () => {
    const result = await run({ path: COMPANIES_JSONL, kind: "companies" });
    expect(result).toMatchObject({ status: "completed", imported: 6, skipped: 5, lines: 12 });
    expect(result.problems.map((problem) => problem.line)).toEqual([4, 6, 8, 9, 11]);
    expect(result.problems[0]!.reason).toMatch(/^the line is not valid JSON \(/);
    expect(result.problems.slice(1).map((problem) => problem.reason)).toEqual([
      "the company has no name",
      'employee_count is not a whole number: "many"',
      "the line is not a JSON object",
      'inferred_revenue is not a range such as $1M-$10M: "lots"',
    ]);

    const pdl = await db.company.findUniqueOrThrow({ where: { externalId: "pdl-j-001" } });
    expect(pdl).toMatchObject({
      name: "People Data Labs",
      domain: "peopledatalabs.com",
      headcount: 84,
      headcountRange: "51-200",
      headcountGrowth12m: 11.39,
      followers: 7442,
      continent: "north america",
      fundingTotalUsd: 55_250_000n,
      lastRoundUsd: 45_000_000n,
      lastRoundType: "series_b",
      revenueMinUsd: 50_000_000n,
      revenueMaxUsd: 100_000_000n,
      technologies: ["python", "amazon web services"],
    });
    expect([...pdl.investors].sort()).toEqual(["ada lovelace", "atlas seed fund", "northgate ventures", "ridgeline ventures"]);
    expect(await db.company.findUniqueOrThrow({ where: { externalId: "pdl-j-002" } })).toMatchObject({
      companyType: "public",
      country: "norway",
      revenueMinUsd: 1_000_000_000n,
      revenueMaxUsd: 10_000_000_000n,
    });
    const tiny = await db.company.findUniqueOrThrow({ where: { externalId: "pdl-j-003" } });
    expect(tiny).toMatchObject({ city: "austin", country: "united states", continent: "north america", fundingTotalUsd: 500_000n, lastRoundType: "pre_seed" });
    expect(tiny.lastRoundDate?.toISOString().slice(0, 10)).toBe("2024-06-01");
    // `location` as PDL's "locality, region, country" text; a stage outside the filter's set is left out.
    expect(await db.company.findUniqueOrThrow({ where: { externalId: "pdl-j-004" } })).toMatchObject({
      city: "armonk",
      region: "new york",
      country: "united states",
      headcountRange: "10001+",
      revenueMinUsd: 10_000_000_000n,
      revenueMaxUsd: null,
      lastRoundType: null,
    });
    // No size: the range comes from the headcount.
    expect(await db.company.findUniqueOrThrow({ where: { externalId: "pdl-j-005" } })).toMatchObject({ headcountRange: "501-1000", continent: "europe" });
  });

  it("is idempotent: importing again keeps one row per id and takes the file's newer values", async () => {
    await run({ path: COMPANIES_CSV, kind: "companies" });
    const first = await companyTable();
    // The JSON Lines sample has pdl-c-001 again, with its display name and a new headcount.
    await run({ path: COMPANIES_JSONL, kind: "companies" });
    expect(await db.company.count()).toBe(27 + 5);
    expect(await db.company.findUniqueOrThrow({ where: { externalId: "pdl-c-001" } })).toMatchObject({ name: "Harbor Analytics", headcount: 125 });

    const again = await run({ path: COMPANIES_CSV, kind: "companies" });
    expect(again).toMatchObject({ status: "completed", imported: 27, skipped: 5, resumedFrom: 0 });
    expect(await db.company.count()).toBe(27 + 5);
    expect((await companyTable()).filter((row) => first.some((before) => before.externalId === row.externalId))).toEqual(first);
    expect(await db.companyDataImport.count()).toBe(3);
  });

  it.each([
    ["CSV", COMPANIES_CSV],
    ["JSON Lines", COMPANIES_JSONL],
  ])("continues an interrupted %s import from the stored offset and ends with the table a clean import gives", async (_format, file) => {
    let calls = 0;
    const interrupted = run({
      path: file,
      kind: "companies",
      batchSize: 4,
      onProgress: (step) => {
        if (step.imported + step.skipped === 0) return;
        calls += 1;
        throw new Error("the power went out");
      },
    });
    await expect(interrupted).rejects.toThrow("the power went out");
    expect(calls).toBe(1);
    const stopped = await db.companyDataImport.findFirstOrThrow();
    expect(stopped).toMatchObject({ status: "failed", error: "the power went out" });
    expect(stopped.byteOffset).toBeGreaterThan(0n);
    expect(stopped.byteOffset).toBeLessThan(stopped.fileSize);
    const partial = await db.company.count();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBe(stopped.imported);

    const progress: number[] = [];
    const resumed = await run({ path: file, kind: "companies", batchSize: 4, onProgress: (step) => progress.push(step.bytesRead) });
    expect(resumed.resumedFrom).toBe(Number(stopped.byteOffset));
    expect(progress[0]).toBe(Number(stopped.byteOffset));
    expect(progress[1]).toBeGreaterThan(Number(stopped.byteOffset));
    const resumedRun = await db.companyDataImport.findUniqueOrThrow({ where: { id: resumed.importId } });
    expect(resumedRun).toMatchObject({ status: "completed", resumedFromId: stopped.id, resumedFromByte: stopped.byteOffset });
    const afterResume = await companyTable();

    await db.company.deleteMany();
    const clean = await run({ path: file, kind: "companies", restart: true });
    expect(resumed).toMatchObject({ imported: clean.imported, skipped: clean.skipped, lines: clean.lines, problems: clean.problems });
    expect(afterResume).toEqual(await companyTable());
  });

  it("stores what PostgreSQL cannot hold without failing the import: NUL left out, half characters replaced, huge revenue skipped", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "herald-import-")), "odd.jsonl");
    const lines = [
      { id: "odd-nul", name: "Nul\u0000 Works", industry: "soft\u0000ware" },
      { id: "odd-half", name: "Half \ud83d Co", technologies: ["react\udc00"] },
      // 299 characters then an emoji: the 300-character name limit cuts it in two.
      { id: "odd-cut", name: `${"x".repeat(299)}\u{1F600}` },
      { id: "odd-revenue", name: "Huge", inferred_revenue: "$99999999999T+" },
      { id: "odd-reason", name: "Reason", founded: "19\u0000\ud800" },
      { id: "odd-fine", name: "Fine Co" },
    ];
    writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n{"id": "broken\u0000\n`);
    const result = await run({ path: file, kind: "companies" });
    expect(result).toMatchObject({ status: "completed", imported: 4, skipped: 3 });
    expect(result.problems.map((problem) => problem.line)).toEqual([4, 5, 7]);
    const stored = await db.company.findMany({ orderBy: { externalId: "asc" }, select: { externalId: true, name: true, industries: true, technologies: true } });
    expect(stored).toEqual([
      { externalId: "odd-cut", name: `X${"x".repeat(298)}\ufffd`, industries: [], technologies: [] },
      { externalId: "odd-fine", name: "Fine Co", industries: [], technologies: [] },
      { externalId: "odd-half", name: "Half \ufffd Co", industries: [], technologies: ["react\ufffd"] },
      { externalId: "odd-nul", name: "Nul Works", industries: ["software"], technologies: [] },
    ]);
  });

  it("refuses a file it cannot read, or a CSV without the columns of the kind asked for, before writing anything", async () => {
    await expect(run({ path: path.join(fixtures, "missing.csv"), kind: "companies" })).rejects.toThrow(ImportFileError);
    await expect(run({ path: path.join(fixtures, "pdl-companies.txt"), kind: "companies" })).rejects.toThrow(/cannot tell the format/);
    await expect(run({ path: COMPANIES_CSV, kind: "people" })).rejects.toThrow(/has no first_name or last_name or full_name column/);
    expect(await db.companyDataImport.count()).toBe(0);
  });
});

describe("importing People Data Labs people", () => {
  it("links people to companies imported before by their PDL id and maps the person schema", async () => {
    await run({ path: COMPANIES_CSV, kind: "companies" });
    await run({ path: COMPANIES_JSONL, kind: "companies" });
    const result = await run({ path: PEOPLE_JSONL, kind: "people" });
    expect(result).toMatchObject({ status: "completed", imported: 5, skipped: 4 });
    expect(result.problems).toEqual([
      { line: 3, reason: expect.stringMatching(/^the line is not valid JSON/) },
      { line: 5, reason: "the person has no name" },
      { line: 7, reason: "the person has no id, LinkedIn address or e-mail to tell them apart" },
      { line: 8, reason: expect.stringMatching(/^the line is not valid JSON/) },
    ]);

    const sean = await db.person.findUniqueOrThrow({ where: { externalId: "pdl-p-001" }, include: { company: true } });
    expect(sean).toMatchObject({
      firstName: "Sean",
      lastName: "Thorne",
      // PDL writes job titles and company names in lower case: the import writes them as people do.
      title: "Co-Founder and Chief Executive Officer",
      headline: "CEO at People Data Labs",
      seniority: "founder",
      department: "operations",
      function: "executive",
      country: "united states",
      region: "california",
      city: "san francisco",
      continent: "north america",
      languages: ["english", "spanish"],
      skills: ["data science", "start-ups", "entrepreneurship"],
      schools: ["university of oregon", "stanford university"],
      degrees: ["bachelors", "masters"],
      fieldsOfStudy: ["economics", "business"],
      linkedinUrl: "https://linkedin.com/in/seanthorne",
      email: "sean@peopledatalabs.com",
    });
    expect(sean.company?.externalId).toBe("pdl-j-001");
    // PDL writes `true` for an e-mail the plan does not include: no e-mail.
    expect(await db.person.findUniqueOrThrow({ where: { externalId: "pdl-p-002" } })).toMatchObject({
      lastName: "O'Neill-Berg",
      seniority: "head",
      email: null,
      languages: ["norwegian", "english"],
      continent: null,
    });
    const priya = await db.person.findUniqueOrThrow({ where: { externalId: "pdl-p-003" }, include: { company: true } });
    expect(priya).toMatchObject({ firstName: "Priya", seniority: "senior", email: "priya.raman@harboranalytics.example", continent: "asia" });
    expect(priya.company?.externalId).toBe("pdl-c-001");
    // A company that is not in the database: the person is kept, without one.
    expect(await db.person.findUniqueOrThrow({ where: { externalId: "pdl-p-004" } })).toMatchObject({
      firstName: "Lee",
      lastName: "Min-Jun",
      seniority: "intern",
      companyId: null,
    });
    const noId = await db.person.findUniqueOrThrow({ where: { externalId: "li:linkedin.com/in/no-id" }, include: { company: true } });
    expect(noId.company?.externalId).toBe("pdl-j-003");
  });

  it("keeps people imported before their companies without a company until they are imported again", async () => {
    await run({ path: PEOPLE_JSONL, kind: "people" });
    expect(await db.person.count({ where: { companyId: { not: null } } })).toBe(0);
    await run({ path: COMPANIES_JSONL, kind: "companies" });
    expect(await db.person.count({ where: { companyId: { not: null } } })).toBe(0);
    await run({ path: PEOPLE_JSONL, kind: "people" });
    expect(await db.person.count()).toBe(5);
    expect(await db.person.count({ where: { companyId: { not: null } } })).toBe(4);
  });

  it("imports people from a CSV with flat columns, lists separated by semicolons or as JSON", async () => {
    await run({ path: COMPANIES_CSV, kind: "companies" });
    const result = await run({ path: PEOPLE_CSV, kind: "people" });
    expect(result).toMatchObject({ imported: 2, skipped: 2 });
    expect(result.problems).toEqual([
      { line: 4, reason: "the person has no name" },
      { line: 5, reason: "the row has 9 values, the header has 18" },
    ]);
    const maria = await db.person.findUniqueOrThrow({ where: { externalId: "pdl-pc-001" }, include: { company: true } });
    expect(maria).toMatchObject({
      firstName: "Maria",
      lastName: "García",
      seniority: "vp",
      languages: ["spanish", "english"],
      skills: ["negotiation", "b2b", "saas sales"],
      schools: ["universidad complutense de madrid"],
      degrees: ["mba"],
      fieldsOfStudy: ["business administration"],
    });
    expect(maria.company?.externalId).toBe("pdl-c-001");
    expect(await db.person.findUniqueOrThrow({ where: { externalId: "pdl-pc-002" } })).toMatchObject({ lastName: "", languages: ["german", "english"] });
  });
});

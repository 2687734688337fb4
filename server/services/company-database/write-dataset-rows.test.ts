import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { generateCompany } from "./generator/generate-dataset";
import { generateCompanyData } from "./generate-company-data";
import { keysetPageSql, type KeysetSort } from "./keyset-page";

const options = { seed: "rows", companies: 300, people: 620 };

describe("the generated company data set", () => {
  it("is the same for the same seed and differs for another", () => {
    expect(generateCompany(options, 17)).toEqual(generateCompany(options, 17));
    expect(generateCompany({ ...options, seed: "other" }, 17).company.name).not.toBe(undefined);
    expect(generateCompany({ ...options, seed: "other" }, 17)).not.toEqual(generateCompany(options, 17));
  });

  it("is written once however often it runs, every person linked to their company", async () => {
    const first = await generateCompanyData({ ...options, refreshValues: false });
    expect(first).toEqual({ companies: 300, people: 620, total: 300 });
    await generateCompanyData({ ...options, refreshValues: false });
    expect(await db.company.count()).toBe(300);
    expect(await db.person.count()).toBe(620);
    expect(await db.person.count({ where: { companyId: null } })).toBe(0);
    const sample = generateCompany(options, 42);
    const stored = await db.company.findUniqueOrThrow({ where: { externalId: sample.company.externalId }, include: { people: true } });
    expect(stored.name).toBe(sample.company.name);
    expect(stored.industries).toEqual(sample.company.industries);
    expect(stored.people.map((person) => person.externalId).sort()).toEqual(sample.people.map((person) => person.externalId).sort());
  });

  it("pages by keyset with unknown values last in both directions", async () => {
    await generateCompanyData({ ...options, refreshValues: false });
    await db.company.updateMany({ where: { id: { in: [3, 9, 27, 81] } }, data: { yearFounded: null } });
    for (const dir of ["asc", "desc"] as const) {
      const sort: KeysetSort = { expr: Prisma.sql`c."yearFounded"`, dir, nullable: true, type: "int" };
      const all = await db.company.findMany({ select: { id: true, yearFounded: true } });
      const expected = [...all]
        .sort((a, b) =>
          a.yearFounded === b.yearFounded
            ? (a.id - b.id) * (dir === "asc" ? 1 : -1)
            : a.yearFounded === null
              ? 1
              : b.yearFounded === null
                ? -1
                : (a.yearFounded - b.yearFounded) * (dir === "asc" ? 1 : -1),
        )
        .map((row) => row.id);
      const seen: number[] = [];
      let cursor: { value: number | null; id: number } | null = null;
      for (;;) {
        const page: Array<{ id: number; sort_value: number | null }> = await db.$queryRaw(
          keysetPageSql({ select: Prisma.sql`c.id`, from: Prisma.sql`"Company" c`, where: Prisma.sql`TRUE`, sort, id: Prisma.sql`c.id`, cursor, limit: 37 }),
        );
        if (!page.length) break;
        seen.push(...page.map((row) => row.id));
        const last = page[page.length - 1]!;
        cursor = { value: last.sort_value, id: last.id };
      }
      expect(seen).toEqual(expected);
    }
  });
});

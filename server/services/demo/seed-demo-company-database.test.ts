import { expect, it } from "vitest";
import { db } from "../../db/client";
import { seedDemoCompanyDatabase } from "./seed-demo-company-database";

const size = { companies: 40, people: 90 };

it("fills an empty company database with the generated demo set once, completes a half-written one, and leaves other data alone", async () => {
  expect(await seedDemoCompanyDatabase(size)).toBe(40);
  expect(await db.company.count()).toBe(40);
  expect(await db.person.count()).toBe(90);
  expect(await db.company.count({ where: { externalId: { startsWith: "gen-demo-" } } })).toBe(40);

  // A second start finds the set whole and writes nothing.
  expect(await seedDemoCompanyDatabase(size)).toBe(0);

  // A first start stopped mid-way: the next one completes the set without doubling anything.
  const written = await db.company.findMany({ orderBy: { id: "asc" }, skip: 25, select: { id: true } });
  await db.person.deleteMany({ where: { companyId: { in: written.map((row) => row.id) } } });
  await db.company.deleteMany({ where: { id: { in: written.map((row) => row.id) } } });
  expect(await seedDemoCompanyDatabase(size)).toBe(40);
  expect(await db.company.count()).toBe(40);
  expect(await db.person.count()).toBe(90);
  expect(await db.person.count({ where: { companyId: null } })).toBe(0);

  // Someone's own data: the demo set is not mixed in, however incomplete it is.
  await db.company.deleteMany({ where: { externalId: { startsWith: "gen-demo-" } } });
  await db.company.create({ data: { externalId: "pdl-own-1", name: "Own Data Ltd" } });
  expect(await seedDemoCompanyDatabase(size)).toBe(0);
  expect(await db.company.count()).toBe(1);
});

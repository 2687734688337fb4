import { expect, it } from "vitest";
import { db } from "../../db/client";
import { seedDemoCompanyDatabase } from "./seed-demo-company-database";

it("fills an empty company database with the generated demo set once, and leaves a filled one alone", async () => {
  expect(await seedDemoCompanyDatabase({ companies: 40, people: 90 })).toBe(40);
  expect(await db.company.count()).toBe(40);
  expect(await db.person.count()).toBe(90);
  expect(await db.company.count({ where: { externalId: { startsWith: "gen-demo-" } } })).toBe(40);

  expect(await seedDemoCompanyDatabase({ companies: 60, people: 120 })).toBe(0);
  expect(await db.company.count()).toBe(40);
});

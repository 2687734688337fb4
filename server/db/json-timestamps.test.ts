import { readFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { modelColumns } from "../../scripts/model-columns.mjs";
import { modelRow, rowFromJson, timestampFromJson } from "./json-timestamps";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

it("reads a timestamp column's JSON text as UTC, whatever the host's time zone", () => {
  process.env.TZ = "America/New_York";
  expect(timestampFromJson("2026-11-25T00:43:46.123").toISOString()).toBe("2026-11-25T00:43:46.123Z");
  expect(timestampFromJson("2026-11-25T00:43:46.123Z").toISOString()).toBe("2026-11-25T00:43:46.123Z");
  expect(timestampFromJson("2026-11-25T01:43:46.123+01:00").toISOString()).toBe("2026-11-25T00:43:46.123Z");
});

it("turns the named columns of a JSON row back into Dates and leaves the rest", () => {
  process.env.TZ = "Asia/Tokyo";
  const row = rowFromJson<{ id: string; createdAt: Date; finishedAt: Date | null }>({ id: "cmp_1", createdAt: "2026-03-04T22:30:00", finishedAt: null }, ["createdAt", "finishedAt"]);
  expect(row).toEqual({ id: "cmp_1", createdAt: new Date("2026-03-04T22:30:00Z"), finishedAt: null });
});

it("knows each model's columns from the schema, and reads a packed Lead with them", () => {
  process.env.TZ = "Asia/Tokyo";
  const packed = Object.fromEntries(MODEL_LEAD_FIELDS.map((field) => [field, null]));
  const lead = modelRow("Lead", { ...packed, id: "lead_1", createdAt: "2026-03-04T22:30:00", enrichedAt: "2026-03-05T08:00:00", firstName: "2026-03-04T22:30:00" });
  expect(lead.createdAt).toEqual(new Date("2026-03-04T22:30:00Z"));
  expect(lead.enrichedAt).toEqual(new Date("2026-03-05T08:00:00Z"));
  expect(lead.lastActivityAt).toBeNull();
  // A text column keeps its text, even one that looks like a time.
  expect(lead.firstName).toBe("2026-03-04T22:30:00");
  // A row without one of the model's columns is a defect of its statement.
  const { email: _email, ...withoutEmail } = packed;
  expect(() => modelRow("Lead", withoutEmail)).toThrow(/lacks email/);
});

it("restores a big integer packed as a number", () => {
  const packed = Object.fromEntries(modelColumns(readFileSync("prisma/schema.prisma", "utf8")).CampaignLead!.fields.map((field) => [field, null]));
  expect(modelRow("CampaignLead", { ...packed, seq: 42 }).seq).toBe(42n);
});

it("reads the scalar fields, timestamps and big integers of each model of a schema, and refuses a mapped field", () => {
  const schema = [
    "enum Role {", "  admin", "}",
    "model Campaign {", "  id String @id", "  finishedAt DateTime?", "  seq BigInt @default(autoincrement())", "  role Role", "  leads CampaignLead[]", "  owner User @relation(fields: [ownerId], references: [id])", "  ownerId String", "  @@index([ownerId])", "}",
  ].join("\n");
  expect(modelColumns(schema)).toEqual({ Campaign: { fields: ["id", "finishedAt", "seq", "role", "ownerId"], timestamps: ["finishedAt"], bigints: ["seq"] } });
  expect(() => modelColumns("model A {\n  at DateTime @map(\"at_time\")\n}")).toThrow(/maps to another column/);
});

const MODEL_LEAD_FIELDS = modelColumns(readFileSync("prisma/schema.prisma", "utf8")).Lead!.fields;

// Erasure leaves no trace: a person seeded across every table Herald keeps about people, erased by
// address, and then every text, JSON and array column of every table of the database is searched
// for their address, name, LinkedIn identifier and lead id. A table added later that keeps a copy of
// a person fails this test until erasure covers it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { entryHash } from "@/server/domain/do-not-contact/entries";
import { useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { createTestWorkspace } from "@/server/test/factories";
import { ADDRESS, FIRST, LAST, seedPerson } from "@/server/test/privacy-seed";
import { erasePerson } from "./erase-person";

let storageRoot = "";
beforeEach(() => {
  setClock(new ManualClock(new Date("2026-12-03T10:00:00Z")));
  storageRoot = useTemporaryFileStorage();
});
afterEach(() => setClock(systemClock));

/** The rows of every table whose text, JSON or array columns contain one of the needles (Sandbox* tables are the simulated LinkedIn and mail servers, the outside world). */
async function traces(needles: string[]): Promise<Array<{ table: string; count: number }>> {
  const columns = await db.$queryRaw<Array<{ table: string; column: string }>>`
    SELECT table_name AS table, column_name AS column FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name NOT LIKE 'Sandbox%' AND table_name <> '_prisma_migrations'
      AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
      AND udt_name <> 'tsvector' ORDER BY table_name, column_name`;
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  const found: Array<{ table: string; count: number }> = [];
  for (const [table, names] of byTable) {
    const text = names.map((name) => `coalesce("${name}"::text, '')`).join(" || ' ' || ");
    const [row] = await db.$queryRawUnsafe<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM "${table}" WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n WHERE lower(${text}) LIKE '%' || n || '%')`,
      needles.map((needle) => needle.toLowerCase()),
    );
    if (row!.count > 0) found.push({ table, count: row!.count });
  }
  return found;
}

it("erases a person from every table, keeps others, and lists them by hash only", async () => {
  const { actor, lead, other, voiceKey, verificationJob } = await seedPerson();
  const needles = [ADDRESS, FIRST, LAST, lead.publicIdentifier!, lead.id];
  // The seed reaches the tables it means to: the search finds the person before erasure.
  const before = (await traces(needles)).map((trace) => trace.table);
  expect(before).toEqual(expect.arrayContaining(["Lead", "EmailMessage", "LinkedinMessage", "Conversation", "WebhookDelivery", "OutboxEvent", "DeadEmailAddress", "AddressVerification", "DoNotContactEntry", "Person", "PendingComment", "PendingVoiceNote", "ManualTask", "StoredFile", "SenderAction", "VerificationJob"]));
  expect(existsSync(join(storageRoot, voiceKey))).toBe(true);

  const result = await erasePerson(actor, { email: ADDRESS.toUpperCase() });

  expect(await traces(needles)).toEqual([]);
  expect(existsSync(join(storageRoot, voiceKey))).toBe(false);
  // A verification job keeps its positions (a running job reads by position): the address is replaced in place.
  expect((await db.verificationJob.findUniqueOrThrow({ where: { id: verificationJob.id } })).addresses).toEqual(["first@keep.example", "(erased)", "last@keep.example"]);
  expect(result.found).toBe(true);
  expect(result.removed).toMatchObject({ leads: 1, campaignParticipations: 4, emailMessages: 3, deadAddresses: 1, addressVerifications: 1, companyDatabasePeople: 1, doNotContactEntries: 2 });
  expect(result.summary).toMatch(/^Removed 1 lead, 4 campaign participations, 3 e-mail messages/);
  // The list keeps one entry per key, by hash, without the value.
  const entries = await db.doNotContactEntry.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { kind: "asc" } });
  expect(entries.map(({ kind, value, reason, note }) => ({ kind, value, reason, note }))).toEqual([
    { kind: "email", value: null, reason: "erased", note: null },
    { kind: "linkedin", value: null, reason: "erased", note: null },
  ]);
  expect(entries[0]!.hash).toBe(entryHash("email", ADDRESS));
  expect(entries[1]!.hash).toBe(entryHash("linkedin", lead.publicIdentifier!.toLowerCase()));
  // The other person stays, with what hangs off them.
  expect(await db.lead.findUnique({ where: { id: other.id } })).not.toBeNull();
});

it("lists an unknown person by hash and says nothing was found", async () => {
  const { actor } = await createTestWorkspace({ role: "admin" });
  const result = await erasePerson(actor, { linkedinUrl: "https://www.linkedin.com/in/nobody-here/" });
  expect(result.found).toBe(false);
  expect(result.summary).toMatch(/^Herald held nothing about this person/);
  const entries = await db.doNotContactEntry.findMany({ where: { workspaceId: actor.workspaceId } });
  expect(entries).toEqual([expect.objectContaining({ kind: "linkedin", value: null, reason: "erased", hash: entryHash("linkedin", "nobody-here") })]);
});

it("refuses members and approvers", async () => {
  for (const role of ["member", "approver"] as const) {
    const { actor } = await createTestWorkspace({ role });
    await expect(erasePerson(actor, { email: ADDRESS })).rejects.toMatchObject({ code: "forbidden" });
  }
});

it("erases in the actor's workspace only", async () => {
  const { actor } = await createTestWorkspace();
  const { actor: neighbour } = await createTestWorkspace();
  const at = new Date("2026-12-03T10:00:00Z");
  for (const workspaceId of [actor.workspaceId, neighbour.workspaceId]) {
    await db.lead.create({ data: { workspaceId, email: ADDRESS, firstName: FIRST, source: "api", createdAt: at, updatedAt: at } });
  }
  const result = await erasePerson(actor, { email: ADDRESS });
  expect(result.removed.leads).toBe(1);
  expect(await db.lead.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  expect(await db.lead.count({ where: { workspaceId: neighbour.workspaceId, email: ADDRESS } })).toBe(1);
  expect(await db.doNotContactEntry.count({ where: { workspaceId: neighbour.workspaceId } })).toBe(0);
});

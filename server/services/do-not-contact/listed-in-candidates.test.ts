// The do-not-contact list joined into a statement (listed-in-candidates.ts) answers as
// findListedPeople does for every lead: the common forms matched in SQL, the forms SQL cannot hash as
// personKeys does (an internationalized domain, an encoded profile URL, odd spaces) looked up again
// in one query for all of them, and none when there are none; sharing between workspaces honoured.
import { expect, it } from "vitest";
import { db, Prisma } from "@/server/db/client";
import { now } from "@/server/lib/clock";
import { createTestWorkspace } from "@/server/test/factories";
import { countStatements } from "@/server/test/statement-counter";
import { addToDoNotContactList } from "./add-do-not-contact-entries";
import { findListedPeople } from "./find-listed-people";
import { listedJoin, matchOf, settleListed } from "./listed-in-candidates";

async function joined(workspaceId: string) {
  const leads = await db.lead.findMany({ where: { workspaceId }, orderBy: { createdAt: "asc" } });
  const rows = await db.$queryRaw<Array<{ id: string; keyHashes: unknown; kind: unknown; value: unknown }>>`
    SELECT l.id, dnc."keyHashes", dnc.kind, dnc.value FROM "Lead" l ${listedJoin("l", Prisma.sql`l."workspaceId"`, "dnc")} WHERE l."workspaceId" = ${workspaceId}`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { leads, rows: leads.map((lead) => ({ person: lead, keyHashes: byId.get(lead.id)!.keyHashes, match: matchOf(byId.get(lead.id)!.kind, byId.get(lead.id)!.value) })) };
}

/** What the decision core reads of a match: the kind and the value (the lead page's reason and date aside). */
const kindAndValue = (match: { kind: string; value: string | null } | undefined) => (match ? { kind: match.kind, value: match.value } : null);

const lead = (workspaceId: string, fields: { email?: string; profileUrl?: string; publicIdentifier?: string; company?: string }, index: number) =>
  db.lead.create({ data: { workspaceId, ...fields, source: "api", createdAt: new Date(now().getTime() + index), updatedAt: now() } });

it("finds in SQL what findListedPeople finds, and asks it again only for the forms SQL cannot hash alike", async () => {
  const { workspace } = await createTestWorkspace();
  const people = [
    { email: "Ann@Acme.example" },
    { email: "bob@acme.example", company: "  Big   Corp " },
    { profileUrl: "https://www.linkedin.com/in/Cy-Lee/" },
    { publicIdentifier: "di-ng", email: "di@free.example" },
    { email: "ed@other.example", company: "Nobody" },
  ];
  for (const [index, fields] of people.entries()) await lead(workspace.id, fields, index);
  await addToDoNotContactList({
    workspaceId: workspace.id,
    entries: [
      { kind: "domain", value: "acme.example", reason: "manual" },
      { kind: "email", value: "bob@acme.example", reason: "manual" },
      { kind: "linkedin", value: "cy-lee", reason: "manual" },
      { kind: "company", value: "big corp", reason: "manual" },
      { kind: "linkedin", value: "https://linkedin.com/in/di-ng", reason: "manual" },
    ],
    at: now(),
  });
  const { leads, rows } = await joined(workspace.id);
  const counter = countStatements();
  const settled = await settleListed(workspace.id, rows);
  expect(counter.stop().statements).toBe(0);
  const expected = await findListedPeople(workspace.id, leads);
  expect(Object.fromEntries(leads.map((row) => [row.id, settled.get(row.id) ?? null]))).toEqual(Object.fromEntries(leads.map((row) => [row.id, kindAndValue(expected.get(row.id))])));
  // The narrowest entry names the refusal: bob's address before his domain and his company.
  expect(settled.get(leads[1]!.id)).toEqual({ kind: "email", value: "bob@acme.example" });
  expect(settled.get(leads[4]!.id)).toBeNull();

  // An internationalized domain and an encoded profile URL: one more query for both, and the same answer.
  const idn = await lead(workspace.id, { email: "zoe@bücher.example" }, 10);
  const encoded = await lead(workspace.id, { profileUrl: "https://www.linkedin.com/in/j%C3%A9r%C3%B4me-x" }, 11);
  await addToDoNotContactList({ workspaceId: workspace.id, entries: [{ kind: "domain", value: "bücher.example", reason: "manual" }, { kind: "linkedin", value: "linkedin.com/in/j%C3%A9r%C3%B4me-x", reason: "manual" }], at: now() });
  const again = await joined(workspace.id);
  const second = countStatements();
  const resettled = await settleListed(workspace.id, again.rows);
  expect(second.stop().statements).toBe(1);
  expect(resettled.get(idn.id)).toMatchObject({ kind: "domain", value: "xn--bcher-kva.example" });
  expect(resettled.get(encoded.id)).toMatchObject({ kind: "linkedin", value: "jérôme-x" });
});

it("honours a list shared between workspaces, as findListedPeople does", async () => {
  const mine = await createTestWorkspace();
  const theirs = await createTestWorkspace();
  await lead(mine.workspace.id, { email: "ann@shared.example" }, 0);
  await addToDoNotContactList({ workspaceId: theirs.workspace.id, entries: [{ kind: "domain", value: "shared.example", reason: "manual" }], at: now() });
  expect((await settleListed(mine.workspace.id, (await joined(mine.workspace.id)).rows)).get((await joined(mine.workspace.id)).leads[0]!.id)).toBeNull();
  await db.workspace.updateMany({ where: { id: { in: [mine.workspace.id, theirs.workspace.id] } }, data: { shareDoNotContact: true } });
  const { leads, rows } = await joined(mine.workspace.id);
  expect((await settleListed(mine.workspace.id, rows)).get(leads[0]!.id)).toEqual({ kind: "domain", value: "shared.example" });
});

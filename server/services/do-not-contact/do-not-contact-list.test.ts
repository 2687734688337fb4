// The do-not-contact list's operations against PostgreSQL: adding (normalized, refused by name,
// duplicates reported), listing by page and search, removing (admins), the CSV import's line
// numbers and the export's formula-safe cells, an entry outliving its lead, and sharing.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { entryHash } from "@/server/domain/do-not-contact/entries";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { HeraldError } from "@/server/lib/errors";
import { createTestUser, createTestWorkspace } from "@/server/test/factories";
import { checkDoNotContact } from "./check-do-not-contact";
import { createDoNotContactEntries } from "./create-do-not-contact-entries";
import { exportDoNotContactCsv } from "./export-do-not-contact-csv";
import { findLeadListing } from "./find-lead-listing";
import { findListedPeople } from "./find-listed-people";
import { getDoNotContactSharing } from "./get-do-not-contact-sharing";
import { importDoNotContactCsv } from "./import-do-not-contact-csv";
import { listDoNotContactEntries } from "./list-do-not-contact-entries";
import { removeDoNotContactEntry } from "./remove-do-not-contact-entry";
import { setDoNotContactSharing } from "./set-do-not-contact-sharing";

afterEach(() => setClock(systemClock));

async function refusal(promise: Promise<unknown>): Promise<HeraldError> {
  const error = await promise.then(() => null, (failure: unknown) => failure);
  if (!(error instanceof HeraldError)) throw new Error(`expected a HeraldError, got ${String(error)}`);
  return error;
}

describe("the do-not-contact list", () => {
  it("adds values normalized, reports those already listed, and refuses a value not of its kind by name", async () => {
    const { actor } = await createTestWorkspace();
    const first = await createDoNotContactEntries(actor, { entries: [{ kind: "domain", value: "https://www.Acme.com/about", note: "Competitor" }, { kind: "email", value: " Jane@Globex.IO " }] }, "manual");
    expect(first.added.map((entry) => [entry.kind, entry.value, entry.reason, entry.note])).toEqual([
      ["domain", "acme.com", "manual", "Competitor"],
      ["email", "jane@globex.io", "manual", null],
    ]);
    expect(first.added[0]!.addedBy).toMatch(/^User /);
    expect(first.alreadyListed).toEqual([]);

    const again = await createDoNotContactEntries(actor, { entries: [{ kind: "domain", value: "acme.com" }, { kind: "company", value: "Acme" }, { kind: "company", value: " ACME " }] }, "api");
    expect(again.added.map((entry) => [entry.kind, entry.value, entry.reason])).toEqual([["company", "acme", "api"]]);
    expect(again.alreadyListed).toEqual([{ kind: "domain", value: "acme.com" }, { kind: "company", value: "acme" }]);
    // The first reason is the one kept.
    expect((await db.doNotContactEntry.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, value: "acme.com" } })).reason).toBe("manual");

    const refused = await refusal(createDoNotContactEntries(actor, { entries: [{ kind: "email", value: "jane@" }] }, "manual"));
    expect(refused.code).toBe("invalid-input");
    expect(refused.message).toBe('Invalid entries.0.value: is not an e-mail address: "jane@"');
    expect((await refusal(createDoNotContactEntries(actor, { entries: [{ kind: "domain", value: "not a domain" }] }, "manual"))).message).toContain("is not a domain");
  });

  it("lists newest first by pages, filters by kind and finds values by their start; shows an erased entry without a value", async () => {
    const clock = new ManualClock("2026-12-01T09:00:00Z");
    setClock(clock);
    const { actor } = await createTestWorkspace();
    for (const value of ["a@acme.com", "b@acme.com", "c@globex.io"]) {
      await createDoNotContactEntries(actor, { entries: [{ kind: "email", value }] }, "manual");
      clock.advance(60_000);
    }
    await db.doNotContactEntry.create({ data: { workspaceId: actor.workspaceId, kind: "email", value: null, hash: entryHash("email", "gone@x.io"), reason: "erased", createdAt: clock.now() } });
    clock.advance(60_000);
    await createDoNotContactEntries(actor, { entries: [{ kind: "domain", value: "acme.com" }] }, "manual");

    const firstPage = await listDoNotContactEntries(actor, { limit: 2 });
    expect(firstPage.data.map((entry) => entry.value)).toEqual(["acme.com", null]);
    expect(firstPage.data[1]).toMatchObject({ reason: "erased", kind: "email" });
    const secondPage = await listDoNotContactEntries(actor, { limit: 2, cursor: firstPage.paging.nextCursor! });
    expect(secondPage.data.map((entry) => entry.value)).toEqual(["c@globex.io", "b@acme.com"]);
    const last = await listDoNotContactEntries(actor, { limit: 2, cursor: secondPage.paging.nextCursor! });
    expect(last.data.map((entry) => entry.value)).toEqual(["a@acme.com"]);
    expect(last.paging.nextCursor).toBeNull();

    expect((await listDoNotContactEntries(actor, { kind: "domain" })).data.map((entry) => entry.value)).toEqual(["acme.com"]);
    expect((await listDoNotContactEntries(actor, { search: "A" })).data.map((entry) => entry.value)).toEqual(["acme.com", "a@acme.com"]);
    expect((await refusal(listDoNotContactEntries(actor, { cursor: "nonsense!" }))).message).toContain("cursor");
  });

  it("lets an admin remove an entry, erased ones too, and no one else's", async () => {
    const owner = await createTestWorkspace();
    const member = await createTestWorkspace({ role: "member" });
    const { added } = await createDoNotContactEntries(owner.actor, { entries: [{ kind: "email", value: "a@acme.com" }] }, "manual");
    const erased = await db.doNotContactEntry.create({ data: { workspaceId: owner.actor.workspaceId, kind: "email", value: null, hash: entryHash("email", "gone@x.io"), reason: "erased", createdAt: new Date() } });
    expect((await refusal(removeDoNotContactEntry({ ...owner.actor, role: "member" }, added[0]!.id))).code).toBe("forbidden");
    expect((await refusal(removeDoNotContactEntry({ ...member.actor, role: "admin" }, added[0]!.id))).code).toBe("not-found");
    await removeDoNotContactEntry(owner.actor, added[0]!.id);
    await removeDoNotContactEntry(owner.actor, erased.id);
    expect(await db.doNotContactEntry.count({ where: { workspaceId: owner.actor.workspaceId } })).toBe(0);
  });

  it("imports a CSV file: added, already listed and refused rows by line number", async () => {
    const { actor } = await createTestWorkspace();
    await createDoNotContactEntries(actor, { entries: [{ kind: "email", value: "old@acme.com" }] }, "manual");
    const result = await importDoNotContactCsv(actor, { csv: "value\nOld@Acme.com\nnew@acme.com\nglobex.io\nAcme Corp\nnew@acme.com\nlinkedin.com/in/jane\n" });
    expect(result).toEqual({
      rows: 6,
      added: 3,
      alreadyListed: { count: 2, rows: [{ line: 2, value: "Old@Acme.com" }, { line: 6, value: "new@acme.com" }] },
      refused: { count: 1, rows: [{ line: 5, value: "Acme Corp", reason: expect.stringContaining("Not an e-mail address") }] },
    });
    const rows = await db.doNotContactEntry.findMany({ where: { workspaceId: actor.workspaceId, reason: "csv" }, orderBy: { value: "asc" } });
    expect(rows.map((row) => [row.kind, row.value])).toEqual([["domain", "globex.io"], ["linkedin", "jane"], ["email", "new@acme.com"]]);
  });

  it("imports 100,000 rows in one go", async () => {
    const { actor } = await createTestWorkspace();
    const csv = ["value", ...Array.from({ length: 100_000 }, (_, index) => `person${index}@bulk-${index % 97}.example`)].join("\n");
    const result = await importDoNotContactCsv(actor, { csv });
    expect(result.added).toBe(100_000);
    expect(await db.doNotContactEntry.count({ where: { workspaceId: actor.workspaceId } })).toBe(100_000);
  }, 60_000);

  it("exports every entry with formula-safe cells, an erased entry by its hash", async () => {
    setClock(new ManualClock("2026-12-03T10:00:00Z"));
    const user = await createTestUser({ name: "=HYPERLINK(\"x\")" });
    const { actor } = await createTestWorkspace({ userId: user.id });
    await createDoNotContactEntries(actor, { entries: [{ kind: "company", value: "+Acme, Inc" , note: "@boss said so" }] }, "manual");
    const hash = entryHash("email", "gone@x.io");
    await db.doNotContactEntry.create({ data: { workspaceId: actor.workspaceId, kind: "email", value: null, hash, reason: "erased", createdAt: new Date("2026-12-01T00:00:00Z") } });
    const csv = await exportDoNotContactCsv(actor);
    expect(csv.split("\r\n")).toEqual([
      "kind,value,reason,note,added at,added by",
      `company,"'+acme, inc",Added by hand,'@boss said so,2026-12-03T10:00:00.000Z,"'=HYPERLINK(""x"")"`,
      `email (erased),${hash},Erased on request,,2026-12-01T00:00:00.000Z,Herald`,
      "",
    ]);
  });

  it("still refuses a person after their lead is deleted and imported again", async () => {
    const { actor } = await createTestWorkspace();
    const lead = await db.lead.create({ data: { workspaceId: actor.workspaceId, email: "jane@acme.com", source: "api", createdAt: new Date(), updatedAt: new Date() } });
    await createDoNotContactEntries(actor, { entries: [{ kind: "email", value: "jane@acme.com" }] }, "manual");
    expect((await findLeadListing(actor, lead.id))?.value).toBe("jane@acme.com");
    await db.lead.delete({ where: { id: lead.id } });
    const again = await db.lead.create({ data: { workspaceId: actor.workspaceId, email: "JANE@acme.com", source: "csv", createdAt: new Date(), updatedAt: new Date() } });
    const listed = await findListedPeople(actor.workspaceId, [again]);
    expect(listed.get(again.id)).toMatchObject({ kind: "email", value: "jane@acme.com", reason: "manual", shared: false });
    expect(await findLeadListing(actor, again.id)).toMatchObject({ kind: "email", reason: "manual" });
  });

  it("shares the list across two workspaces only when both share", async () => {
    const listing = await createTestWorkspace();
    const other = await createTestWorkspace();
    await createDoNotContactEntries(listing.actor, { entries: [{ kind: "domain", value: "acme.com" }] }, "manual");
    const check = () => checkDoNotContact(other.actor, { email: "jane@acme.com" });

    expect((await check()).listed).toBe(false);
    await setDoNotContactSharing(other.actor, { shared: true });
    expect((await check()).listed).toBe(false);
    await setDoNotContactSharing(listing.actor, { shared: true });
    expect(await getDoNotContactSharing(listing.actor)).toEqual({ shared: true });
    expect(await check()).toMatchObject({ listed: true, entry: { kind: "domain", value: "acme.com", reason: null, createdAt: null, shared: true }, refusal: expect.stringContaining("The domain acme.com is on the do-not-contact list") });
    await setDoNotContactSharing(other.actor, { shared: false });
    expect((await check()).listed).toBe(false);
    expect((await refusal(setDoNotContactSharing({ ...other.actor, role: "member" }, { shared: true }))).code).toBe("forbidden");
  });
});

// The export of everything held about a person: what it holds, that it finds them by either key, and
// that nobody held is a plain "not found".
import { afterEach, beforeEach, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { createTestWorkspace } from "@/server/test/factories";
import { ADDRESS, FIRST, seedPerson } from "@/server/test/privacy-seed";
import { ZPersonExport } from "@/server/schemas/privacy";
import { erasePerson } from "./erase-person";
import { exportPerson } from "./export-person";

beforeEach(() => {
  setClock(new ManualClock(new Date("2026-12-03T10:00:00Z")));
  useTemporaryFileStorage();
});
afterEach(() => setClock(systemClock));

it("exports the person's leads with provenance, campaigns, messages, conversations and list entries", async () => {
  const { actor, lead, other } = await seedPerson();
  const exported = ZPersonExport.parse(await exportPerson(actor, { linkedinUrl: lead.profileUrl! }));

  expect(exported.about).toEqual({ email: null, linkedinUrl: `https://www.linkedin.com/in/${lead.publicIdentifier!.toLowerCase()}` });
  expect(exported.leads).toHaveLength(1);
  const [held] = exported.leads;
  expect(held!.lead).toMatchObject({ id: lead.id, firstName: FIRST, email: ADDRESS });
  expect(held!.provenance).toEqual({ source: "api", sourceDetail: "CSV file zephyrine.csv", addedAt: lead.createdAt.toISOString() });
  expect(held!.campaigns.map((entry) => entry.campaign.name).sort()).toEqual(["E-mail outreach", "LinkedIn outreach", "Voice", "Warm intros"]);
  expect(held!.campaigns.find((entry) => entry.campaign.name === "LinkedIn outreach")!.steps).toEqual([expect.objectContaining({ stepId: "hello" })]);
  expect(held!.linkedinMessages.map((message) => message.text)).toEqual(expect.arrayContaining([`Hello ${FIRST}`]));
  expect(held!.emailMessages.map((message) => message.direction).sort()).toEqual(["inbound", "outbound"]);
  expect(held!.conversations.length).toBeGreaterThanOrEqual(2);
  expect(held!.listEntries).toEqual([expect.objectContaining({ list: "Fair contacts" })]);
  // An e-mail from the address that no lead owns is still theirs.
  expect(exported.unmatchedEmailMessages.map((message) => message.subject)).toEqual(["Out of office"]);
  expect(exported.addressVerification).toMatchObject({ status: "invalid" });
  expect(exported.deadAddress).toMatchObject({ address: ADDRESS });
  expect(exported.doNotContactEntries).toEqual([expect.objectContaining({ kind: "email", value: ADDRESS, reason: "manual" })]);
  expect(exported.companyDatabasePeople).toEqual([expect.objectContaining({ email: ADDRESS })]);
  // Nothing of someone else.
  expect(JSON.stringify(exported)).not.toContain(other.email!);
});

it("answers not found in plain words for nobody; after an erasure it shows the hashed entries, all that is left", async () => {
  const { actor } = await createTestWorkspace();
  await expect(exportPerson(actor, { email: "nobody@nowhere.example" })).rejects.toMatchObject({ code: "not-found", message: expect.stringMatching(/^Nobody with this e-mail address/) });
  const { actor: holder } = await seedPerson();
  await erasePerson(holder, { email: ADDRESS });
  // Herald still holds a hash of their keys: an access request is told so.
  const after = await exportPerson(holder, { email: ADDRESS });
  expect(after.leads).toEqual([]);
  expect(after.unmatchedEmailMessages).toEqual([]);
  expect(after.doNotContactEntries).toEqual([expect.objectContaining({ kind: "email", value: null, reason: "erased" })]);
});

it("refuses approvers", async () => {
  const { actor } = await createTestWorkspace({ role: "approver" });
  await expect(exportPerson(actor, { email: ADDRESS })).rejects.toMatchObject({ code: "forbidden" });
});

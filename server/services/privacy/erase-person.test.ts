// Erasure leaves no trace: a person seeded across every table Herald keeps about people, erased by
// address, and then every text, JSON and array column of every table of the database is searched
// for their address, name, LinkedIn identifier and lead id. A table added later that keeps a copy of
// a person fails this test until erasure covers it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { encryptSecret } from "@/server/lib/encryption";
import { entryHash } from "@/server/domain/do-not-contact/entries";
import { addToDoNotContactList } from "@/server/services/do-not-contact/add-do-not-contact-entries";
import { approvalCampaign, seedPendingComment, seedPendingVoiceNote, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { createTestWorkspace } from "@/server/test/factories";
import { campaignMessage, connectedProspect, emailCampaignLead, emailLead, prospectReplies, receivedEmail, sandboxMailbox, sandboxSender, sentCampaignEmail } from "@/server/test/inbox-seed";
import { erasePerson } from "./erase-person";

const ADDRESS = "zephyrine.quackenbush@erase-me.example";
const FIRST = "Zephyrine";
const LAST = "Quackenbush";

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

async function seedPerson() {
  const { actor, workspace } = await createTestWorkspace();
  await db.workspace.update({ where: { id: workspace.id }, data: { seatLimit: 20 } });
  // LinkedIn: a connected prospect, a campaign message and their answer, and a LinkedIn action.
  const { sender, memberId } = await sandboxSender(actor);
  const prospect = await connectedProspect(actor, memberId);
  const lead = await db.lead.update({ where: { id: prospect.id }, data: { firstName: FIRST, lastName: LAST, email: ADDRESS, notes: `Met ${FIRST} at a fair`, sourceDetail: "CSV file zephyrine.csv" } });
  const linkedin = await campaignMessage({ actor, sender, lead, text: `Hello ${FIRST}` });
  await prospectReplies(actor, memberId, lead, `Hi, ${FIRST} ${LAST} here`);
  await db.senderAction.create({
    data: { workspaceId: actor.workspaceId, accountId: sender.id, leadId: lead.id, type: "visit", source: "campaign", status: "done", profileUrl: lead.profileUrl, publicIdentifier: lead.publicIdentifier, campaignLeadId: linkedin.campaignLead.id, createdAt: now(), updatedAt: now() },
  });
  await db.linkedinMessage.create({
    data: { workspaceId: actor.workspaceId, accountId: sender.id, leadId: lead.id, chatId: linkedin.chatId, providerMessageId: `voice-${lead.id}`, direction: "outbound", source: "campaign", text: "", voice: { audioKey: `sent-voice/${lead.id.toLowerCase()}`, mimeType: "audio/wav", durationMs: 1000 }, at: now(), createdAt: now() },
  });
  // E-mail: a campaign e-mail, the person's reply, a bounce record and the address's verification.
  const mailbox = await sandboxMailbox(actor.workspaceId);
  const { campaign, campaignLead } = await emailCampaignLead(actor, mailbox.id, lead.id);
  const thread = { workspaceId: actor.workspaceId, mailboxId: mailbox.id, mailboxEmail: mailbox.email, leadId: lead.id, campaignId: campaign.id, campaignLeadId: campaignLead.id };
  const first = await sentCampaignEmail(thread, { subject: `A question for ${FIRST}`, text: `Hi ${FIRST}`, to: ADDRESS });
  await receivedEmail(thread, { kind: "reply", text: `Regards, ${FIRST} ${LAST}`, from: ADDRESS, root: first.messageId, inReplyTo: first.messageId });
  await db.emailMessage.create({
    data: { workspaceId: actor.workspaceId, mailboxId: mailbox.id, direction: "inbound", source: "unmatched", status: "received", messageId: "<loose@erase-me.example>", threadRootId: "<loose@erase-me.example>", fromAddress: `${FIRST} <${ADDRESS.toUpperCase()}>`, toAddress: mailbox.email, subject: "Out of office", text: "Away", createdAt: now(), updatedAt: now() },
  });
  await db.deadEmailAddress.create({ data: { workspaceId: actor.workspaceId, address: ADDRESS, message: `550 ${ADDRESS} unknown`, createdAt: now() } });
  await db.addressVerification.create({ data: { workspaceId: actor.workspaceId, address: ADDRESS, status: "invalid", check: "dead-address", reason: "An earlier e-mail bounced", checkedAt: now() } });
  await addToDoNotContactList({ workspaceId: actor.workspaceId, entries: [{ kind: "email", value: ADDRESS, reason: "manual", note: `${FIRST} asked` }], at: now() });
  // Approvals and tasks: a pending comment, a voice note with its audio, a manual task.
  const approvals = await approvalCampaign(actor);
  const { campaignLead: commented } = await seedPendingComment({ actor, campaign: approvals, sender, lead, comment: `Great post, ${FIRST}!` });
  const { draft: voice } = await seedPendingVoiceNote({ actor, campaign: await approvalCampaign(actor, "Voice"), sender, lead });
  await db.storedFile.create({ data: { workspaceId: actor.workspaceId, name: `${FIRST}.wav`, key: voice.audioKey, mimeType: "audio/wav", size: 10, createdAt: now() } });
  await db.manualTask.create({
    data: { workspaceId: actor.workspaceId, campaignId: approvals.id, campaignLeadId: commented.id, leadId: lead.id, stepId: "call", kind: "call", instructions: `Call ${FIRST}`, dueAt: now(), createdAt: now(), updatedAt: now() },
  });
  // A list, the company database, and a webhook delivery whose payload names the person.
  const list = await db.leadList.create({ data: { workspaceId: actor.workspaceId, name: "Fair contacts", createdAt: now(), updatedAt: now() } });
  await db.leadListEntry.create({ data: { listId: list.id, leadId: lead.id, addedAt: now() } });
  await db.person.create({ data: { externalId: `p-${lead.id}`, firstName: FIRST, lastName: LAST, email: ADDRESS, linkedinUrl: lead.profileUrl } });
  const endpoint = await db.webhookEndpoint.create({
    data: { workspaceId: actor.workspaceId, url: "https://hooks.example/herald", events: ["*"], secretEncrypted: encryptSecret("whsec_test"), createdAt: now(), updatedAt: now() },
  });
  const payload = { event: "lead.replied", data: { lead: { email: ADDRESS, firstName: FIRST, lastName: LAST } } };
  const event = await db.outboxEvent.create({ data: { workspaceId: actor.workspaceId, event: "lead.replied", data: payload.data, createdAt: now() } });
  await db.webhookDelivery.create({ data: { workspaceId: actor.workspaceId, webhookId: endpoint.id, outboxEventId: event.id, event: "lead.replied", url: endpoint.url, payload, createdAt: now() } });
  // Someone else in the same workspace, who must stay.
  const other = await emailLead(actor.workspaceId, { firstName: "Bartholomew", lastName: "Other", email: "bart@keep.example" });
  return { actor, lead, other, voiceKey: voice.audioKey };
}

it("erases a person from every table, keeps others, and lists them by hash only", async () => {
  const { actor, lead, other, voiceKey } = await seedPerson();
  const needles = [ADDRESS, FIRST, LAST, lead.publicIdentifier!, lead.id];
  // The seed reaches the tables it means to: the search finds the person before erasure.
  const before = (await traces(needles)).map((trace) => trace.table);
  expect(before).toEqual(expect.arrayContaining(["Lead", "EmailMessage", "LinkedinMessage", "Conversation", "WebhookDelivery", "OutboxEvent", "DeadEmailAddress", "AddressVerification", "DoNotContactEntry", "Person", "PendingComment", "PendingVoiceNote", "ManualTask", "StoredFile", "SenderAction"]));
  expect(existsSync(join(storageRoot, voiceKey))).toBe(true);

  const result = await erasePerson(actor, { email: ADDRESS.toUpperCase() });

  expect(await traces(needles)).toEqual([]);
  expect(existsSync(join(storageRoot, voiceKey))).toBe(false);
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

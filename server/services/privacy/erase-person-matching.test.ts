// Erasure and export find the person by exact values only: an address's `_` and `%` are characters,
// a LinkedIn identifier is the whole identifier (not a prefix), a header's address is the whole
// address, a JSON payload names someone by a whole string. And the lookup follows the person across
// their leads: a lead found by address gives a profile, whose other leads are found too.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { encryptSecret } from "@/server/lib/encryption";
import { useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { createTestWorkspace } from "@/server/test/factories";
import { sandboxMailbox } from "@/server/test/inbox-seed";
import { erasePerson } from "./erase-person";
import { exportPerson } from "./export-person";

beforeEach(() => {
  setClock(new ManualClock(new Date("2026-12-03T10:00:00Z")));
  useTemporaryFileStorage();
});
afterEach(() => setClock(systemClock));

/** A tag making installation-wide values (the company database's people) this test's own. */
const tag = () => randomUUID().slice(0, 8);

async function lead(workspaceId: string, data: { email?: string; publicIdentifier?: string; profileUrl?: string }) {
  return db.lead.create({ data: { workspaceId, firstName: "Someone", source: "api", createdAt: now(), updatedAt: now(), ...data } });
}

const remaining = async (workspaceId: string) => (await db.lead.findMany({ where: { workspaceId }, select: { id: true } })).map((row) => row.id).sort();

it("treats an address's _ and % as characters", async () => {
  const { actor } = await createTestWorkspace();
  const domain = `x-${tag()}.example`;
  await lead(actor.workspaceId, { email: `a_b@${domain}` });
  const other = await lead(actor.workspaceId, { email: `axb@${domain}` });
  const oneLetter = await lead(actor.workspaceId, { email: `z@${domain}` });
  await db.person.create({ data: { externalId: `p-${tag()}`, firstName: "A", lastName: "X", email: `axb@${domain}` } });
  const result = await erasePerson(actor, { email: `A_B@${domain}` });
  expect(result.removed).toMatchObject({ leads: 1, companyDatabasePeople: 0 });
  expect(await remaining(actor.workspaceId)).toEqual([other.id, oneLetter.id].sort());
  await erasePerson(actor, { email: `_@${domain}` });
  expect(await remaining(actor.workspaceId)).toEqual([other.id, oneLetter.id].sort());
  expect(await db.person.count({ where: { email: `axb@${domain}` } })).toBe(1);
});

it("matches a LinkedIn identifier whole, never as a prefix, and /in/%25 erases nobody else", async () => {
  const { actor } = await createTestWorkspace();
  const id = `jane-doe-${tag()}`;
  const target = await lead(actor.workspaceId, { publicIdentifier: id, profileUrl: `https://www.linkedin.com/in/${id}` });
  const byUrl = await lead(actor.workspaceId, { profileUrl: `https://linkedin.com/in/${id.toUpperCase()}/?trk=x` });
  const longer = await lead(actor.workspaceId, { publicIdentifier: `${id}-123`, profileUrl: `https://www.linkedin.com/in/${id}-123` });
  const urlOnly = await lead(actor.workspaceId, { profileUrl: `https://www.linkedin.com/in/${id}-4b21a/` });
  await db.person.create({ data: { externalId: `p-${tag()}`, firstName: "J", lastName: "D", linkedinUrl: `https://www.linkedin.com/in/${id}-123` } });

  const endpoint = await db.webhookEndpoint.create({
    data: { workspaceId: actor.workspaceId, url: "https://hooks.example/h", events: ["*"], secretEncrypted: encryptSecret("whsec_x"), createdAt: now(), updatedAt: now() },
  });
  await db.webhookDelivery.create({ data: { workspaceId: actor.workspaceId, webhookId: endpoint.id, event: "lead.replied", url: endpoint.url, payload: { unit: "%", profileUrl: `https://www.linkedin.com/in/${id}` }, createdAt: now() } });
  const wildcard = await erasePerson(actor, { linkedinUrl: "https://www.linkedin.com/in/%25" });
  expect(wildcard.removed).toMatchObject({ leads: 0, companyDatabasePeople: 0, events: 0 });
  expect(await remaining(actor.workspaceId)).toHaveLength(4);

  const result = await erasePerson(actor, { linkedinUrl: `https://www.linkedin.com/in/${id}` });
  expect(result.removed.leads).toBe(2);
  expect(await remaining(actor.workspaceId)).toEqual([longer.id, urlOnly.id].sort());
  expect(await db.lead.count({ where: { id: { in: [target.id, byUrl.id] } } })).toBe(0);
  expect(await db.person.count({ where: { linkedinUrl: `https://www.linkedin.com/in/${id}-123` } })).toBe(1);
});

it("erases and exports the e-mails from or to the address only, not those of an address containing it", async () => {
  const { actor } = await createTestWorkspace();
  const domain = `x-${tag()}.example`;
  const mailbox = await sandboxMailbox(actor.workspaceId);
  const email = (n: number, fromAddress: string, toAddress: string) =>
    db.emailMessage.create({
      data: { workspaceId: actor.workspaceId, mailboxId: mailbox.id, direction: "inbound", source: "unmatched", status: "received", messageId: `<m${n}@${domain}>`, threadRootId: `<m${n}@${domain}>`, fromAddress, toAddress, subject: "Hi", text: "Hi", createdAt: now(), updatedAt: now() },
    });
  const ann = [await email(1, `Ann <ANN@${domain}>`, mailbox.email), await email(2, mailbox.email, `ann@${domain}`)];
  const joann = [await email(3, `Jo Ann <joann@${domain}>`, mailbox.email), await email(4, mailbox.email, `joann@${domain}`)];

  const exported = await exportPerson(actor, { email: `ann@${domain}` });
  expect(exported.unmatchedEmailMessages.map((message) => message.id)).toEqual(ann.map((message) => message.id));

  const result = await erasePerson(actor, { email: `ann@${domain}` });
  expect(result.removed.emailMessages).toBe(2);
  const kept = await db.emailMessage.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { messageId: "asc" } });
  expect(kept.map((message) => message.id)).toEqual(joann.map((message) => message.id));
});

it("deletes or redacts the records naming the person as a whole JSON string, and keeps those naming someone else", async () => {
  const { actor, userId } = await createTestWorkspace();
  const domain = `x-${tag()}.example`;
  const endpoint = await db.webhookEndpoint.create({
    data: { workspaceId: actor.workspaceId, url: "https://hooks.example/h", events: ["*"], secretEncrypted: encryptSecret("whsec_x"), createdAt: now(), updatedAt: now() },
  });
  const deliver = (payload: { email: string; profileUrl: string }) =>
    db.webhookDelivery.create({ data: { workspaceId: actor.workspaceId, webhookId: endpoint.id, event: "lead.replied", url: endpoint.url, payload, createdAt: now() } });
  const id = `jane-${tag()}`;
  await deliver({ email: `ann@${domain}`, profileUrl: `https://www.linkedin.com/in/${id}` });
  const joann = await deliver({ email: `joann@${domain}`, profileUrl: `https://www.linkedin.com/in/${id}-doe` });
  const key = await db.apiKey.create({ data: { workspaceId: actor.workspaceId, createdById: userId, name: "k", prefix: "hk_", hashedKey: `h-${tag()}` } });
  const record = (n: number, email: string) =>
    db.idempotencyRecord.create({
      data: { apiKeyId: key.id, workspaceId: actor.workspaceId, key: `k${n}`, method: "POST", path: "/v1/leads", requestHash: "x", responseStatus: 201, responseBody: { leads: [{ email }] }, expiresAt: new Date("2026-12-04T10:00:00Z") },
    });
  const annRecord = await record(1, `ann@${domain}`);
  const joannRecord = await record(2, `joann@${domain}`);

  const result = await erasePerson(actor, { email: `ann@${domain}` });
  expect(result.removed.events).toBe(1);
  expect((await db.webhookDelivery.findMany({ where: { workspaceId: actor.workspaceId } })).map((row) => row.id)).toEqual([joann.id]);
  // A stored response stays (a retry must not run again), without the person.
  expect((await db.idempotencyRecord.findUnique({ where: { id: annRecord.id } }))?.responseBody).toEqual({ erased: true });
  expect((await db.idempotencyRecord.findUnique({ where: { id: joannRecord.id } }))?.responseBody).toEqual({ leads: [{ email: `joann@${domain}` }] });
});

it("follows the person across their leads: an address gives a profile, a profile another address", async () => {
  const { actor } = await createTestWorkspace();
  const domain = `x-${tag()}.example`;
  const id = `jane-${tag()}`;
  const byAddress = await lead(actor.workspaceId, { email: `jane@${domain}` });
  const both = await lead(actor.workspaceId, { email: `Jane@${domain}`, publicIdentifier: id });
  const linkedinOnly = await lead(actor.workspaceId, { profileUrl: `https://www.linkedin.com/in/${id}` });
  const otherAddress = await lead(actor.workspaceId, { email: `jane.private@${domain}`, profileUrl: `https://www.linkedin.com/in/${id}/` });
  const otherAddressOnly = await lead(actor.workspaceId, { email: `jane.private@${domain}` });
  const someoneElse = await lead(actor.workspaceId, { email: `john@${domain}`, publicIdentifier: `${id}-2` });

  const exported = await exportPerson(actor, { email: `jane@${domain}` });
  const found = [byAddress, both, linkedinOnly, otherAddress, otherAddressOnly].map((row) => row.id);
  expect(exported.leads.map((entry) => entry.lead.id).sort()).toEqual([...found].sort());

  const result = await erasePerson(actor, { email: `jane@${domain}` });
  expect(result.removed.leads).toBe(5);
  expect(await remaining(actor.workspaceId)).toEqual([someoneElse.id]);
});

it("deletes finished jobs whose memoized steps name the person and redacts their job events, keeping someone else's", async () => {
  const { actor } = await createTestWorkspace();
  const domain = `x-${tag()}.example`;
  const run = (email: string) =>
    db.jobRun.create({
      data: {
        functionId: "herald-verify", functionName: "Verify", status: "completed", eventName: "leads/added", event: { data: { workspaceId: actor.workspaceId } }, events: [],
        memo: { step1: { data: { email } } }, workspaceId: actor.workspaceId, createdAt: now(), updatedAt: now(),
      },
    });
  const annRun = await run(`ann@${domain}`);
  const joannRun = await run(`joann@${domain}`);
  const event = (email: string) => db.jobEvent.create({ data: { id: `ev-${tag()}`, name: "leads/added", data: { workspaceId: actor.workspaceId, emails: [email] }, receivedAt: now() } });
  const annEvent = await event(`ann@${domain}`);
  const joannEvent = await event(`joann@${domain}`);

  await erasePerson(actor, { email: `ann@${domain}` });
  expect(await db.jobRun.findUnique({ where: { id: annRun.id } })).toBeNull();
  expect(await db.jobRun.findUnique({ where: { id: joannRun.id } })).not.toBeNull();
  expect((await db.jobEvent.findUniqueOrThrow({ where: { id: annEvent.id } })).data).toEqual({ workspaceId: actor.workspaceId, erased: true });
  expect((await db.jobEvent.findUniqueOrThrow({ where: { id: joannEvent.id } })).data).toEqual({ workspaceId: actor.workspaceId, emails: [`joann@${domain}`] });
});

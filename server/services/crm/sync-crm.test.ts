// The sync's behaviour against a real database and an in-memory CRM: push matches by e-mail, then
// LinkedIn URL, and creates nothing twice; activities are logged once across retries; an
// interested reply makes one deal; pulled exclusions land on the do-not-contact list; a revoked
// connection stops alone; a rate-limited batch is retried later and resumes.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { isCrmError } from "@/server/providers/crm/types";
import { createTestWorkspace } from "@/server/test/factories";
import { configureHubspot, connectDouble, lookupOf } from "@/server/test/crm-sync-setup";
import { createCrmDouble, type CrmDouble } from "@/server/test/fakes/crm-double";
import type { Actor } from "@/server/lib/actor";
import { openCrmTokens, sealCrmTokens } from "./crm-tokens";
import { listCrmSyncLog } from "./list-crm-sync-log";
import { runCrmSyncStage, type CrmSyncStage } from "./run-crm-sync-stage";
import { updateCrmSettings } from "./update-crm-settings";

beforeEach(configureHubspot);

let at = Date.UTC(2026, 10, 1, 9);
const tick = () => new Date((at += 1000));

async function lead(actor: Actor, data: { email?: string; firstName?: string; publicIdentifier?: string; company?: string }) {
  const time = tick();
  return db.lead.create({
    data: {
      workspaceId: actor.workspaceId,
      source: "api",
      email: data.email ?? null,
      firstName: data.firstName ?? null,
      company: data.company ?? null,
      publicIdentifier: data.publicIdentifier ?? null,
      profileUrl: data.publicIdentifier ? `https://www.linkedin.com/in/${data.publicIdentifier}` : null,
      lastActivityAt: time,
      createdAt: time,
      updatedAt: time,
    },
  });
}

async function event(actor: Actor, name: string, data: Record<string, unknown>) {
  return db.outboxEvent.create({ data: { workspaceId: actor.workspaceId, event: name, data: data as object, createdAt: tick(), dispatchedAt: tick() } });
}

/** Runs a stage to its end, as the Inngest function does batch after batch. */
async function runStage(id: string, stage: CrmSyncStage, double: CrmDouble) {
  for (let batch = 0; batch < 20; batch++) {
    const result = await runCrmSyncStage(id, stage, lookupOf(double));
    if (result.done || result.stopped) return result;
  }
  throw new Error("the stage did not finish");
}

describe("pushing leads", () => {
  it("matches by e-mail, then by LinkedIn URL, creates the rest, and creates nothing twice", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const byEmail = double.addContact({ email: "ada@acme.example", firstname: "Ada" });
    const byLinkedin = double.addContact({ linkedin_url: "https://www.linkedin.com/in/grace-hopper", firstname: "Grace" });
    const id = await connectDouble(actor, double);
    await lead(actor, { email: "ada@acme.example", firstName: "Ada", company: "Acme" });
    await lead(actor, { publicIdentifier: "grace-hopper", firstName: "Grace" });
    await lead(actor, { email: "alan@example.com", firstName: "Alan" });

    const result = await runStage(id, "push-leads", double);
    expect(result.counts).toMatchObject({ matched: 2, created: 1 });
    expect(double.contacts.size).toBe(3);
    expect(byEmail.properties).toMatchObject({ company: "Acme" });
    expect(byLinkedin.properties.firstname).toBe("Grace");
    expect(await db.crmRecordLink.count({ where: { connectionId: id } })).toBe(3);

    // A rerun from the start (cursor lost) finds the links and creates nothing.
    await db.crmConnection.update({ where: { id }, data: { leadCursor: null } });
    const again = await runStage(id, "push-leads", double);
    expect(again.counts).toMatchObject({ created: 0, matched: 0 });
    expect(double.contacts.size).toBe(3);
    expect(double.calls.filter((call) => call === "createContact")).toHaveLength(1);
  });
});

describe("pushing activities", () => {
  it("logs each activity once across a failed batch's retry, and makes one deal for an interested reply", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const id = await connectDouble(actor, double);
    await updateCrmSettings(actor, id, { deals: { createDeals: true, pipelineId: "default", pipelineName: "Sales pipeline", stageId: "qualified", stageName: "Qualified" } });
    const ada = await lead(actor, { email: "ada@acme.example", firstName: "Ada" });
    await event(actor, "email.sent", { leadId: ada.id, email: { subject: "Hello" }, message: { text: "Hi Ada" } });
    await event(actor, "email.received", { leadId: ada.id, email: { subject: "Re: Hello" }, message: { text: "Sounds good" }, classification: { interest: "interested" } });
    await event(actor, "email.received", { leadId: ada.id, message: { text: "Also, Thursday?" }, classification: { interest: "interested" } });
    await event(actor, "webhook.test", { leadId: ada.id });

    // The second activity fails: the first is logged, the cursor stops before the second.
    double.failNext("unavailable", { method: "logActivity" });
    double.failNext("unavailable", { method: "logActivity" });
    await runCrmSyncStage(id, "push-activities", lookupOf(double)).then(
      () => expect.unreachable(),
      (error) => expect(isCrmError(error) && error.kind).toBe("unavailable"),
    );
    expect(double.activities).toHaveLength(0);
    expect((await db.crmConnection.findUniqueOrThrow({ where: { id } })).status).toBe("error");
    await runCrmSyncStage(id, "push-activities", lookupOf(double)).catch(() => undefined);

    const result = await runStage(id, "push-activities", double);
    expect(result.stopped).toBeNull();
    expect(double.activities.map((entry) => entry.activity.subject)).toEqual([
      "Herald: e-mail sent — Hello",
      "Herald: reply received — Re: Hello (interested)",
      "Herald: reply received (interested)",
    ]);
    expect(double.deals).toEqual([{ contactId: double.activities[0]!.contactId, name: "Ada — interested reply via Herald", pipelineId: "default", stageId: "qualified" }]);

    // Rerun from the start: nothing is logged twice, no second deal.
    await db.crmConnection.update({ where: { id }, data: { activityCursor: {} } });
    await runStage(id, "push-activities", double);
    expect(double.activities).toHaveLength(3);
    expect(double.deals).toHaveLength(1);
    expect(await db.crmSyncedActivity.count({ where: { connectionId: id } })).toBe(3);
  });
});

describe("pulling exclusions", () => {
  it("puts the CRM's customers and owned contacts on the do-not-contact list, with a note naming the CRM", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const id = await connectDouble(actor, double);
    double.addContact({ email: "buyer@customer.example" }, { customer: true });
    double.addContact({ linkedin_url: "https://www.linkedin.com/in/owned-person" }, { owner: "owner-1" });
    double.addContact({ email: "someone@else.example" });
    double.addContact({ email: "member@list.example" }, { lists: ["vip"] });

    expect(await runStage(id, "pull", double)).toMatchObject({ counts: { read: 0, exclusions: 0 } });
    await updateCrmSettings(actor, id, { exclusionRules: { customers: true, owned: true, listIds: ["vip"] } });
    const first = await runCrmSyncStage(id, "pull", lookupOf(double));
    expect(first.done).toBe(false);
    const rest = await runStage(id, "pull", double);
    expect(rest.done).toBe(true);
    const entries = await db.doNotContactEntry.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { value: "asc" } });
    expect(entries.map((entry) => [entry.kind, entry.value, entry.reason])).toEqual([
      ["email", "buyer@customer.example", "crm"],
      ["email", "member@list.example", "crm"],
      ["linkedin", "owned-person", "crm"],
    ]);
    expect(entries[0]!.note).toMatch(/^HubSpot: a customer/);
    expect((await db.crmConnection.findUniqueOrThrow({ where: { id } })).exclusionsSince).not.toBeNull();
  });

  it("never turns a contact Herald pushed into a do-not-contact entry for being owned", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const id = await connectDouble(actor, double);
    await lead(actor, { email: "pushed@lead.example", firstName: "Pat" });
    await runStage(id, "push-leads", double);
    const link = await db.crmRecordLink.findFirstOrThrow({ where: { connectionId: id } });
    // The CRM assigns an owner to the contact Herald made (as HubSpot does to the connecting user).
    double.contacts.get(link.crmId)!.owner = "owner-1";
    double.addContact({ email: "colleague@owned.example" }, { owner: "owner-2" });
    await updateCrmSettings(actor, id, { exclusionRules: { customers: false, owned: true, listIds: [] } });
    await runStage(id, "pull", double);
    const entries = await db.doNotContactEntry.findMany({ where: { workspaceId: actor.workspaceId } });
    expect(entries.map((entry) => entry.value)).toEqual(["colleague@owned.example"]);
  });
});

describe("a connection the CRM revoked, or that is asked to slow down", () => {
  it("stops only that connection's sync and says so; other workspaces go on", async () => {
    const first = await createTestWorkspace();
    const second = await createTestWorkspace();
    const revokedDouble = createCrmDouble();
    const okDouble = createCrmDouble();
    const revokedId = await connectDouble(first.actor, revokedDouble);
    const okId = await connectDouble(second.actor, okDouble);
    await lead(first.actor, { email: "a@one.example" });
    await lead(second.actor, { email: "b@two.example" });

    revokedDouble.failNext("revoked");
    const stopped = await runCrmSyncStage(revokedId, "push-leads", lookupOf(revokedDouble));
    expect(stopped.stopped).toBe("HubSpot is disconnected: reconnect it under Settings → Integrations.");
    const row = await db.crmConnection.findUniqueOrThrow({ where: { id: revokedId } });
    expect(row.status).toBe("revoked");
    expect(row.lastError).toMatch(/^Disconnected — reconnect: HubSpot refused Herald's access/);
    // Later runs stop at once, asking the CRM nothing.
    const calls = revokedDouble.calls.length;
    expect((await runCrmSyncStage(revokedId, "push-leads", lookupOf(revokedDouble))).stopped).toMatch(/disconnected/);
    expect(revokedDouble.calls.length).toBe(calls);

    expect(await runStage(okId, "push-leads", okDouble)).toMatchObject({ stopped: null, counts: { created: 1 } });
    expect((await db.crmConnection.findUniqueOrThrow({ where: { id: okId } })).status).toBe("connected");
  });

  it("throws a rate-limited batch back for a later retry, logs it, and resumes", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const id = await connectDouble(actor, double);
    await lead(actor, { email: "a@one.example" });
    double.failNext("rate-limited", { retryAfterSeconds: 10 });
    const error = await runCrmSyncStage(id, "push-leads", lookupOf(double)).catch((caught: unknown) => caught);
    expect(isCrmError(error) && [error.kind, error.retryAfterSeconds]).toEqual(["rate-limited", 10]);
    expect((await db.crmConnection.findUniqueOrThrow({ where: { id } })).status).toBe("connected");
    const log = await listCrmSyncLog(actor, id, { limit: 1, offset: 0 });
    expect(log[0]).toMatchObject({ kind: "push", outcome: "skipped", message: "HubSpot asked Herald to slow down; the sync goes on in 10 seconds." });
    expect(await runStage(id, "push-leads", double)).toMatchObject({ counts: { created: 1 } });
  });
});

describe("tokens", () => {
  it("are renewed before they expire and stored encrypted, the refresh token kept when the CRM sends none", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const id = await connectDouble(actor, double);
    const soon = new Date(Date.now() + 60_000);
    await db.crmConnection.update({ where: { id }, data: { tokensEncrypted: sealCrmTokens({ accessToken: "old", refreshToken: "refresh-1", expiresAt: soon, instanceUrl: null }) } });
    await runStage(id, "push-leads", double);
    expect(double.calls).toContain("refresh");
    const tokens = openCrmTokens((await db.crmConnection.findUniqueOrThrow({ where: { id } })).tokensEncrypted!);
    expect(tokens).toMatchObject({ accessToken: "old-renewed", refreshToken: "refresh-1" });
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(soon.getTime());
  });

  it("refused on refresh mark the connection disconnected", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const id = await connectDouble(actor, double);
    await db.crmConnection.update({ where: { id }, data: { tokensEncrypted: sealCrmTokens({ accessToken: "old", refreshToken: "refresh-1", expiresAt: new Date(Date.now() - 1000), instanceUrl: null }) } });
    double.failNext("revoked", { method: "refresh" });
    expect((await runCrmSyncStage(id, "pull", lookupOf(double))).stopped).toBe("HubSpot is disconnected: reconnect it under Settings → Integrations.");
    expect((await db.crmConnection.findUniqueOrThrow({ where: { id } })).status).toBe("revoked");
  });
});

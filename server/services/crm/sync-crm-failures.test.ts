// One record the CRM refuses or lost must not stop the sync, and a deal the CRM failed to make once
// is made later, never lost (the real HubSpot provider against the HubSpot stand-in: real HTTP on
// loopback, HubSpot's documented shapes; a wrapper makes chosen calls fail as HubSpot would).
import { expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { crmProvider } from "@/server/providers/crm/registry";
import { CrmError, type CrmClient, type CrmProvider, type CrmProviderName } from "@/server/providers/crm/types";
import { stateOf, useHubspotStandIn } from "@/server/test/crm-sync-setup";
import { createTestWorkspace } from "@/server/test/factories";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { createCampaign } from "../campaigns/create-campaign";
import { setCampaignLeadInterest } from "../campaigns/set-campaign-lead-interest";
import { completeCrmConnect } from "./complete-crm-connect";
import { listCrmSyncLog } from "./list-crm-sync-log";
import { runCrmSyncStage } from "./run-crm-sync-stage";
import { startCrmConnect } from "./start-crm-connect";
import { updateCrmSettings } from "./update-crm-settings";

const hubspot = useHubspotStandIn();

async function connect(actor: Actor): Promise<string> {
  const { authorizeUrl, browserNonce } = await startCrmConnect(actor, "hubspot");
  const back = new URL((await fetch(authorizeUrl, { redirect: "manual" })).headers.get("location")!);
  const outcome = await completeCrmConnect({ browserNonce, sessionUserId: actor.userId, state: stateOf(authorizeUrl), code: back.searchParams.get("code"), error: null, errorDescription: null });
  return outcome.connectionId!;
}

/** The real provider, with `fail` deciding (per call) to throw as HubSpot's refusal would. */
function failing(fail: (call: keyof CrmClient, args: unknown[]) => CrmError | null) {
  return async (name: CrmProviderName): Promise<CrmProvider> => {
    const real = await crmProvider(name);
    return {
      ...real,
      client: (tokens, config) => {
        const client = real.client(tokens, config);
        return new Proxy(client, {
          get(target, key: keyof CrmClient) {
            const original = target[key];
            if (typeof original !== "function") return original;
            return async (...args: unknown[]) => {
              const error = fail(key, args);
              if (error) throw error;
              return (original as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            };
          },
        });
      },
    };
  };
}

const old = (minutes: number) => new Date(Date.now() - minutes * 60_000);

it("passes a lead the CRM refuses, finds a deleted contact again, and goes on with the others", async () => {
  const { actor } = await createTestWorkspace();
  const id = await connect(actor);
  const a = await db.lead.create({ data: { workspaceId: actor.workspaceId, source: "api", email: "a@x.example", firstName: "Ann", lastActivityAt: old(30), createdAt: old(30), updatedAt: old(30) } });
  expect((await runCrmSyncStage(id, "push-leads")).done).toBe(true);
  const first = await db.crmRecordLink.findFirstOrThrow({ where: { leadId: a.id } });
  hubspot.fake.deleteContact(first.crmId);
  await db.lead.update({ where: { id: a.id }, data: { firstName: "Anna", updatedAt: old(20) } });
  const b = await db.lead.create({ data: { workspaceId: actor.workspaceId, source: "api", email: "b@x.example", firstName: "Bob", lastName: "Refused", lastActivityAt: old(19), createdAt: old(19), updatedAt: old(19) } });
  const c = await db.lead.create({ data: { workspaceId: actor.workspaceId, source: "api", email: "c@x.example", firstName: "Cy", lastActivityAt: old(18), createdAt: old(18), updatedAt: old(18) } });
  const refuseBob = failing((call, args) =>
    call === "createContact" && JSON.stringify(args).includes("Refused") ? new CrmError("rejected", "Property values were not valid: lastname") : null,
  );
  const result = await runCrmSyncStage(id, "push-leads", refuseBob);
  expect(result.done).toBe(true);
  expect(result.counts).toMatchObject({ created: 2, failed: 1 });
  // Ann's contact was made again; Cy's too; Bob's refusal is in the log with his name and HubSpot's words.
  const again = await db.crmRecordLink.findFirstOrThrow({ where: { leadId: a.id } });
  expect(again.crmId).not.toBe(first.crmId);
  expect(hubspot.fake.contacts().find((contact) => contact.id === again.crmId)?.properties.firstname).toBe("Anna");
  expect(await db.crmRecordLink.count({ where: { leadId: c.id } })).toBe(1);
  expect(await db.crmRecordLink.count({ where: { leadId: b.id } })).toBe(0);
  const log = await listCrmSyncLog(actor, id, { limit: 10, offset: 0 });
  expect(log.map((entry) => entry.message)).toContain("HubSpot refused the contact for Bob Refused: Property values were not valid: lastname");
  expect((await db.crmConnection.findUniqueOrThrow({ where: { id } })).status).toBe("connected");

  // A slow-down still stops the batch (for a retry) without moving the cursor past the lead.
  await db.lead.update({ where: { id: c.id }, data: { firstName: "Cyd", updatedAt: old(10) } });
  const slowDown = failing((call) => (call === "updateContact" ? new CrmError("rate-limited", "429", { retryAfterSeconds: 1 }) : null));
  await expect(runCrmSyncStage(id, "push-leads", slowDown)).rejects.toMatchObject({ kind: "rate-limited" });
  expect((await runCrmSyncStage(id, "push-leads")).counts).toMatchObject({ updated: 1 });
  // Unchanged since: nothing is sent again.
  expect((await runCrmSyncStage(id, "push-leads")).counts).toMatchObject({ updated: 0, created: 0 });
});

it("keeps a deal owed when HubSpot fails to make it, and makes it on the next sync", async () => {
  const { actor } = await createTestWorkspace();
  const id = await connect(actor);
  await updateCrmSettings(actor, id, { deals: { createDeals: true, pipelineId: "default", pipelineName: "Sales", stageId: "appointmentscheduled", stageName: "Appointment" } });
  const a = await db.lead.create({ data: { workspaceId: actor.workspaceId, source: "api", email: "d@x.example", firstName: "Dee", lastActivityAt: old(30), createdAt: old(30), updatedAt: old(30) } });
  await db.outboxEvent.create({ data: { workspaceId: actor.workspaceId, event: "email.received", data: { leadId: a.id, message: { text: "yes!" }, classification: { interest: "interested" } }, createdAt: old(10) } });
  let fail = true;
  const flaky = failing((call) => {
    if (call !== "createDeal" || !fail) return null;
    fail = false;
    return new CrmError("rate-limited", "429", { retryAfterSeconds: 1 });
  });
  await expect(runCrmSyncStage(id, "push-activities", flaky)).rejects.toMatchObject({ kind: "rate-limited" });
  const owed = await db.crmRecordLink.findFirstOrThrow({ where: { leadId: a.id } });
  expect(owed).toMatchObject({ dealWanted: true, dealId: null });
  await runCrmSyncStage(id, "push-activities", flaky);
  const made = await db.crmRecordLink.findFirstOrThrow({ where: { leadId: a.id } });
  expect(made.dealId).toBeTruthy();
  expect(hubspot.fake.dealsFor(made.crmId)).toHaveLength(1);
  expect(hubspot.fake.notesFor(made.crmId)).toHaveLength(1);
  // Another sync makes no second deal.
  await runCrmSyncStage(id, "push-activities");
  expect(hubspot.fake.dealsFor(made.crmId)).toHaveLength(1);
});

it("makes a deal for interest set by hand", async () => {
  const { actor } = await createTestWorkspace();
  const id = await connect(actor);
  await updateCrmSettings(actor, id, { deals: { createDeals: true, pipelineId: "default", pipelineName: "Sales", stageId: "appointmentscheduled", stageName: "Appointment" } });
  const lead = await db.lead.create({ data: { workspaceId: actor.workspaceId, source: "api", email: "e@x.example", firstName: "Eve", lastActivityAt: old(30), createdAt: old(30), updatedAt: old(30) } });
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Hand" }));
  const member = await db.campaignLead.create({ data: { workspaceId: actor.workspaceId, campaignId: campaign.id, leadId: lead.id, status: "running", createdAt: old(30), updatedAt: old(30) } });
  await setCampaignLeadInterest(actor, member.id, "interested");
  // Set just now: it waits out the read lag.
  await runCrmSyncStage(id, "push-activities");
  expect(await db.crmRecordLink.count({ where: { leadId: lead.id, dealId: { not: null } } })).toBe(0);
  await db.campaignLead.update({ where: { id: member.id }, data: { updatedAt: old(5) } });
  await runCrmSyncStage(id, "push-activities");
  const link = await db.crmRecordLink.findFirstOrThrow({ where: { leadId: lead.id } });
  expect(link.dealId).toBeTruthy();
  expect(hubspot.fake.dealsFor(link.crmId)).toHaveLength(1);
});

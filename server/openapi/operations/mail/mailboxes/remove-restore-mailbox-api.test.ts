// Removing a mailbox and connecting its address again: it leaves every campaign pool and its leads
// move to the remaining mailboxes; within the restore window a reconnect brings back its settings,
// pools and the leads nobody else has e-mailed since, under a new id; after the window it is new.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { callApi } from "@/server/test/call-api";
import { fakeMailProvider } from "@/server/test/fakes/fake-mail-provider";
import { createTestApiKey, createTestWorkspace, outboxEvents } from "@/server/test/factories";

afterEach(() => {
  setClock(systemClock);
  setMailProvider("sandbox", undefined);
});

const DAY = 86_400_000;

async function keyFor() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

function sandboxMailbox(workspaceId: string, email: string) {
  return saveConnectedMailbox({ workspaceId, email, provider: "sandbox", authType: "sandbox", connectedVia: "dashboard", settings: null, credentials: { kind: "sandbox" } });
}

async function campaignWithPool(actor: Actor, name: string, pool: string[]) {
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name }));
  await db.campaign.update({ where: { id: campaign.id }, data: { emailAccountIds: pool } });
  return campaign.id;
}

let leadNumber = 0;
async function campaignLead(
  workspaceId: string,
  campaignId: string,
  fields: { emailAccountId: string | null; status?: "pending" | "running" | "done"; emailContacted?: boolean },
) {
  leadNumber += 1;
  const at = new Date();
  const lead = await db.lead.create({ data: { workspaceId, email: `lead${leadNumber}@example.org`, source: "api", createdAt: at, updatedAt: at } });
  const row = await db.campaignLead.create({
    data: {
      workspaceId,
      campaignId,
      leadId: lead.id,
      emailAccountId: fields.emailAccountId,
      status: fields.status ?? "pending",
      emailContacted: fields.emailContacted ?? false,
      createdAt: at,
      updatedAt: at,
    },
  });
  return row.id;
}

async function mailboxOf(campaignLeadId: string) {
  return (await db.campaignLead.findUniqueOrThrow({ where: { id: campaignLeadId } })).emailAccountId;
}

async function poolOf(campaignId: string) {
  return (await db.campaign.findUniqueOrThrow({ where: { id: campaignId } })).emailAccountIds;
}

function remove(key: string, id: string) {
  return callApi("DELETE", `/email-accounts/${id}`, { key });
}

describe("removing a mailbox", () => {
  it("needs the email channel on (403) and refuses a managed mailbox (409 managed-mailbox)", async () => {
    const { key, workspace } = await keyFor();
    const mailbox = await sandboxMailbox(workspace.id, "keep@example.com");
    await db.workspace.update({ where: { id: workspace.id }, data: { emailChannelEnabled: false } });
    const disabled = await remove(key, mailbox.id);
    expect(disabled.status).toBe(403);
    expect(disabled.body!.error.code).toBe("email-channel-disabled");

    await db.workspace.update({ where: { id: workspace.id }, data: { emailChannelEnabled: true } });
    await db.mailbox.update({ where: { id: mailbox.id }, data: { connectedVia: "managed" } });
    const managed = await remove(key, mailbox.id);
    expect(managed.status).toBe(409);
    expect(managed.body!.error.code).toBe("managed-mailbox");
    expect(managed.body!.error.message).toMatch(/cancel-managed/);
    expect(await db.mailbox.count({ where: { id: mailbox.id } })).toBe(1);
    expect(await db.removedMailbox.count()).toBe(0);
  });

  it("takes it out of every pool, moves its leads to the remaining mailboxes, deletes its e-mails, and is restorable", async () => {
    const clock = new ManualClock("2026-03-02T10:00:00Z");
    setClock(clock);
    const { key, workspace, actor } = await keyFor();
    const gone = await sandboxMailbox(workspace.id, "gone@example.com");
    const stays = await sandboxMailbox(workspace.id, "stays@example.com");
    const third = await sandboxMailbox(workspace.id, "third@example.com");
    await db.mailbox.update({ where: { id: gone.id }, data: { dailyLimit: 77, signature: "-- Gone", timezone: "Europe/Paris", trackClicks: false, label: "Old box", fromName: "Gina" } });
    const shared = await campaignWithPool(actor, "Shared", [gone.id, stays.id]);
    const alone = await campaignWithPool(actor, "Alone", [gone.id]);
    const elsewhere = await campaignWithPool(actor, "Elsewhere", [stays.id, third.id]);
    const doomed = await campaignWithPool(actor, "Doomed", [gone.id]);
    const pending = await campaignLead(workspace.id, shared, { emailAccountId: gone.id });
    const threaded = await campaignLead(workspace.id, shared, { emailAccountId: gone.id, status: "running", emailContacted: true });
    const finished = await campaignLead(workspace.id, shared, { emailAccountId: gone.id, status: "done", emailContacted: true });
    const kept = await campaignLead(workspace.id, shared, { emailAccountId: stays.id });
    const lonely = await campaignLead(workspace.id, alone, { emailAccountId: gone.id });
    const pinned = await campaignLead(workspace.id, elsewhere, { emailAccountId: gone.id, status: "running", emailContacted: true });
    await db.emailMessage.create({
      data: {
        workspaceId: workspace.id,
        mailboxId: gone.id,
        direction: "outbound",
        source: "campaign",
        status: "sent",
        messageId: "<gone-1@example.com>",
        threadRootId: "<gone-1@example.com>",
        fromAddress: gone.email,
        toAddress: "lead@example.org",
        subject: "Hi",
        text: "Hi",
        sentAt: clock.now(),
        createdAt: clock.now(),
        updatedAt: clock.now(),
      },
    });

    const response = await remove(key, gone.id);
    expect(response.status).toBe(200);
    expect(response.body!.data).toEqual({ id: gone.id, deleted: true });
    expect(await db.mailbox.count({ where: { id: gone.id } })).toBe(0);
    expect(await db.emailMessage.count({ where: { mailboxId: gone.id } })).toBe(0);
    expect(await poolOf(shared)).toEqual([stays.id]);
    expect(await poolOf(alone)).toEqual([]);
    expect(await poolOf(elsewhere)).toEqual([stays.id, third.id]);
    expect(await mailboxOf(pending)).toBe(stays.id);
    expect(await mailboxOf(threaded)).toBe(stays.id);
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: threaded } })).emailContacted).toBe(false);
    expect(await mailboxOf(finished)).toBeNull();
    expect(await mailboxOf(kept)).toBe(stays.id);
    expect(await mailboxOf(lonely)).toBeNull();
    expect([stays.id, third.id]).toContain(await mailboxOf(pinned));
    const events = await outboxEvents(workspace.id, "account.status_changed");
    expect(events.at(-1)!.data).toMatchObject({ channel: "email", removed: true, previousStatus: "connected", account: { id: gone.id, status: "disconnected" } });
    const removed = await db.removedMailbox.findFirstOrThrow({ where: { mailboxId: gone.id } });
    expect(removed.restorableUntil.toISOString()).toBe("2026-03-17T10:00:00.000Z");

    // Ten days later: one lead finished, another was e-mailed by its new mailbox, a campaign was deleted.
    clock.advance(10 * DAY);
    await db.campaignLead.update({ where: { id: pending }, data: { status: "done" } });
    await db.campaignLead.update({ where: { id: threaded }, data: { emailContacted: true } });
    await db.campaign.delete({ where: { id: doomed } });
    setMailProvider("sandbox", fakeMailProvider("sandbox"));
    const back = await callApi("POST", "/email-accounts", { key, body: { provider: "sandbox", email: "Gone@example.com", label: "Typed now" } });
    expect(back.status).toBe(200);
    const restored = back.body!.data;
    expect(restored.id).not.toBe(gone.id);
    expect(restored).toMatchObject({
      restoredFrom: gone.id,
      label: "Old box",
      fromName: "Gina",
      limits: { daily: 77 },
      signature: "-- Gone",
      timezone: "Europe/Paris",
      trackClicks: false,
      trackOpens: true,
      status: "connected",
    });
    expect(await poolOf(shared)).toEqual([stays.id, restored.id]);
    expect(await poolOf(alone)).toEqual([restored.id]);
    expect(await poolOf(elsewhere)).toEqual([stays.id, third.id]);
    expect(await db.campaign.count({ where: { id: doomed } })).toBe(0);
    expect(await mailboxOf(lonely)).toBe(restored.id);
    expect(await mailboxOf(pending)).toBe(stays.id);
    expect(await mailboxOf(threaded)).toBe(stays.id);
    expect([stays.id, third.id]).toContain(await mailboxOf(pinned));
    expect((await db.removedMailbox.findUniqueOrThrow({ where: { id: removed.id } })).restoredAt?.toISOString()).toBe(clock.now().toISOString());
    const connected = await outboxEvents(workspace.id, "account.connected");
    expect(connected.at(-1)!.data).toMatchObject({ channel: "email", account: { id: restored.id, restoredFrom: gone.id } });
  });

  it("after the restore window, the same address is a new mailbox with defaults and no campaigns", async () => {
    const clock = new ManualClock("2026-03-02T10:00:00Z");
    setClock(clock);
    const { key, workspace, actor } = await keyFor();
    const gone = await sandboxMailbox(workspace.id, "late@example.com");
    await db.mailbox.update({ where: { id: gone.id }, data: { dailyLimit: 77 } });
    const campaign = await campaignWithPool(actor, "Late", [gone.id]);
    const lead = await campaignLead(workspace.id, campaign, { emailAccountId: gone.id });
    expect((await remove(key, gone.id)).status).toBe(200);

    clock.advance(15 * DAY + 1);
    const again = await sandboxMailbox(workspace.id, "late@example.com");
    expect(again.id).not.toBe(gone.id);
    expect(again).toMatchObject({ restoredFrom: null, dailyLimit: 50, label: "late@example.com" });
    expect(await poolOf(campaign)).toEqual([]);
    expect(await mailboxOf(lead)).toBeNull();
    expect((await db.removedMailbox.findFirstOrThrow({ where: { mailboxId: gone.id } })).restoredAt).toBeNull();
  });
});

// The campaign side of e-mail: the mailbox pool is validated like the sender pool, leads get a
// mailbox balanced as they are enrolled or when the pool changes, what an active campaign needs
// depends on its steps, and the tracking and unsubscribe settings have sensible defaults.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { setClock, systemClock, now } from "@/server/lib/clock";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { updateCampaign } from "./update-campaign";
import { DEFAULT_UNSUBSCRIBE_TEXT, ZCreateCampaignInput, ZUpdateCampaignInput } from "../../schemas/campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZLeadsInput } from "../../schemas/lead";

afterEach(() => setClock(systemClock));

let mailboxCount = 0;
async function mailbox(actor: Actor, label = "Sales"): Promise<string> {
  mailboxCount++;
  const at = now();
  const row = await db.mailbox.create({
    data: {
      workspaceId: actor.workspaceId,
      label,
      email: `${label.toLowerCase()}-${mailboxCount}@example.com`,
      provider: "sandbox",
      authType: "sandbox",
      connectedVia: "api",
      createdAt: at,
      updatedAt: at,
    },
  });
  return row.id;
}

async function sender(actor: Actor): Promise<string> {
  await ensureSandboxDirectory();
  const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `pool-${Math.random().toString(36).slice(2)}@example.com`, password: "x" }), { via: "api" });
  return account.account.id;
}

const emails = (count: number, from = 0) => ZLeadsInput.parse({ leads: Array.from({ length: count }, (_, index) => ({ email: `person-${from + index}@example.com` })) });
const EMAIL_ONLY = { steps: [{ type: "email" as const, config: { subject: "Hello", text: "A short note" } }] };
const MIXED = { steps: [{ type: "visit_profile" as const }, { type: "email" as const, config: { subject: "Hi", text: "Hello" } }] };

async function mailboxesOf(campaignId: string) {
  const rows = await db.campaignLead.findMany({ where: { campaignId }, orderBy: { seq: "asc" }, select: { emailAccountId: true } });
  return rows.map((row) => row.emailAccountId);
}

describe("the mailbox pool", () => {
  it("refuses a mailbox that is not the workspace's, naming the field and the id", async () => {
    const { actor } = await createTestWorkspace();
    const { actor: other } = await createTestWorkspace();
    const mine = await mailbox(actor);
    const theirs = await mailbox(other, "Theirs");
    const refused = createCampaign(actor, ZCreateCampaignInput.parse({ emailAccountIds: [mine, theirs, "mbx_nope"] }));
    await expect(refused).rejects.toMatchObject({
      status: 400,
      details: {
        fields: [
          { field: "emailAccountIds.1", message: `names no mailbox of this workspace: ${theirs}` },
          { field: "emailAccountIds.2", message: "names no mailbox of this workspace: mbx_nope" },
        ],
      },
    });
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Mail" }));
    await expect(updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ emailAccountIds: [theirs] }))).rejects.toMatchObject({
      status: 400,
      details: { fields: [{ field: "emailAccountIds.0" }] },
    });
  });

  it("keeps each mailbox once, in the order first named", async () => {
    const { actor } = await createTestWorkspace();
    const [a, b] = [await mailbox(actor, "A"), await mailbox(actor, "B")];
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ emailAccountIds: [b, a, b, a] }));
    expect(campaign.emailAccountIds).toEqual([b, a]);
    const updated = await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ emailAccountIds: [a, a] }));
    expect(updated.emailAccountIds).toEqual([a]);
  });

  it("gives enrolled leads the least loaded mailbox, and none when the campaign has no mailboxes", async () => {
    const { actor } = await createTestWorkspace();
    const [a, b] = [await mailbox(actor, "A"), await mailbox(actor, "B")];
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ emailAccountIds: [a, b], sequence: EMAIL_ONLY }));
    await addCampaignLeads(actor, campaign.id, emails(3));
    expect(await mailboxesOf(campaign.id)).toEqual([a, b, a]);
    // The next batch evens the loads out first.
    await addCampaignLeads(actor, campaign.id, emails(3, 3));
    expect(await mailboxesOf(campaign.id)).toEqual([a, b, a, b, a, b]);

    const plain = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "No mailboxes" }));
    await addCampaignLeads(actor, plain.id, emails(2));
    expect(await mailboxesOf(plain.id)).toEqual([null, null]);
  });

  it("gives a list's leads mailboxes when a campaign is created on it", async () => {
    const { actor } = await createTestWorkspace();
    const [a, b] = [await mailbox(actor, "A"), await mailbox(actor, "B")];
    const list = await db.leadList.create({ data: { workspaceId: actor.workspaceId, name: "Prospects", createdAt: now(), updatedAt: now() } });
    const holder = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Holder" }));
    const added = await addCampaignLeads(actor, holder.id, emails(4));
    await db.leadListEntry.createMany({ data: added.leadIds.map((leadId) => ({ listId: list.id, leadId, addedAt: now() })) });
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ listId: list.id, emailAccountIds: [a, b] }));
    expect(await mailboxesOf(campaign.id)).toEqual([a, b, a, b]);
  });

  it("gives existing leads mailboxes when the pool changes; a lead already e-mailed keeps its mailbox", async () => {
    const { actor } = await createTestWorkspace();
    const [a, b, c] = [await mailbox(actor, "A"), await mailbox(actor, "B"), await mailbox(actor, "C")];
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Later" }));
    await addCampaignLeads(actor, campaign.id, emails(4));
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ emailAccountIds: [a, b] }));
    expect(await mailboxesOf(campaign.id)).toEqual([a, b, a, b]);

    const first = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id }, orderBy: { seq: "asc" } });
    await db.campaignLead.update({ where: { id: first.id }, data: { emailContacted: true } });
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ emailAccountIds: [c] }));
    expect(await mailboxesOf(campaign.id)).toEqual([a, c, c, c]);
    // Not changing the pool leaves the leads alone.
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ name: "Renamed" }));
    expect(await mailboxesOf(campaign.id)).toEqual([a, c, c, c]);
  });
});

describe("what an active campaign needs", () => {
  it("an e-mail-only sequence needs a mailbox and no sender", async () => {
    const { actor } = await createTestWorkspace();
    const box = await mailbox(actor);
    await expect(createCampaign(actor, ZCreateCampaignInput.parse({ status: "active", sequence: EMAIL_ONLY }))).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("needs at least one mailbox"),
      details: { fields: [{ field: "emailAccountIds", message: "must name at least one mailbox for an active campaign with e-mail steps" }] },
    });
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ status: "active", sequence: EMAIL_ONLY, emailAccountIds: [box] }));
    expect(campaign).toMatchObject({ status: "active", linkedinAccountIds: [], emailAccountIds: [box] });
    // Emptying the pool of a running e-mail campaign is refused.
    await expect(updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ emailAccountIds: [] }))).rejects.toMatchObject({
      status: 400,
      details: { fields: [{ field: "emailAccountIds" }] },
    });
  });

  it("a sequence with LinkedIn and e-mail steps needs both pools; LinkedIn steps alone need no mailbox", async () => {
    const { actor } = await createTestWorkspace();
    const box = await mailbox(actor);
    const account = await sender(actor);
    await expect(createCampaign(actor, ZCreateCampaignInput.parse({ status: "active", sequence: MIXED, emailAccountIds: [box] }))).rejects.toMatchObject({
      status: 400,
      message: "Invalid linkedinAccountIds: an active campaign needs at least one sender for its LinkedIn steps",
      details: { fields: [{ field: "linkedinAccountIds" }] },
    });
    const draft = await createCampaign(actor, ZCreateCampaignInput.parse({ sequence: MIXED, linkedinAccountIds: [account] }));
    await expect(updateCampaign(actor, draft.id, ZUpdateCampaignInput.parse({ status: "active" }))).rejects.toMatchObject({
      status: 400,
      details: { fields: [{ field: "emailAccountIds" }] },
    });
    expect((await updateCampaign(actor, draft.id, ZUpdateCampaignInput.parse({ status: "active", emailAccountIds: [box] }))).status).toBe("active");

    const linkedinOnly = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "LinkedIn", status: "active", linkedinAccountIds: [account], sequence: { steps: [{ type: "visit_profile" }] } }));
    expect(linkedinOnly.status).toBe("active");
    // Appending an e-mail step to it asks for a mailbox.
    await expect(
      updateCampaign(actor, linkedinOnly.id, ZUpdateCampaignInput.parse({ sequence: { steps: [{ type: "visit_profile" }, { type: "email", config: { subject: "Hi", text: "Hello" } }] } })),
    ).rejects.toMatchObject({ status: 400, details: { fields: [{ field: "emailAccountIds" }] } });
  });

  it("an empty sequence still needs a sender, as before e-mail", async () => {
    const { actor } = await createTestWorkspace();
    await expect(createCampaign(actor, ZCreateCampaignInput.parse({ status: "active" }))).rejects.toMatchObject({
      status: 400,
      message: "Invalid linkedinAccountIds: an active campaign needs at least one sender",
      details: { fields: [{ field: "linkedinAccountIds", message: "must name at least one sender for an active campaign" }] },
    });
  });
});

describe("tracking and unsubscribe", () => {
  it("default to tracking off and the unsubscribe line on; a change keeps the fields it leaves out", async () => {
    const { actor } = await createTestWorkspace();
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Settings" }));
    expect(campaign.tracking).toEqual({ opens: "off", clicks: "off" });
    expect(campaign.unsubscribe).toEqual({ enabled: true, text: DEFAULT_UNSUBSCRIBE_TEXT });
    expect(DEFAULT_UNSUBSCRIBE_TEXT).toContain("{{unsubscribe}}");

    const tracked = await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ tracking: { opens: "on" } }));
    expect(tracked.tracking).toEqual({ opens: "on", clicks: "off" });
    const reworded = await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ unsubscribe: { text: "  Not for you? {{unsubscribe}}  " } }));
    expect(reworded.unsubscribe).toEqual({ enabled: true, text: "Not for you? {{unsubscribe}}" });
    const off = await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ unsubscribe: { enabled: false } }));
    expect(off.unsubscribe).toEqual({ enabled: false, text: "Not for you? {{unsubscribe}}" });
    expect(off.tracking).toEqual({ opens: "on", clicks: "off" });

    const custom = await createCampaign(actor, ZCreateCampaignInput.parse({ tracking: { clicks: "on" }, unsubscribe: { enabled: false } }));
    expect(custom).toMatchObject({ tracking: { opens: "off", clicks: "on" }, unsubscribe: { enabled: false, text: DEFAULT_UNSUBSCRIBE_TEXT } });
  });

  it("refuses an empty unsubscribe line while it is on", async () => {
    const { actor } = await createTestWorkspace();
    await expect(createCampaign(actor, ZCreateCampaignInput.parse({ unsubscribe: { text: " " } }))).rejects.toMatchObject({
      status: 400,
      details: { fields: [{ field: "unsubscribe.text", message: "must not be empty while the unsubscribe line is on" }] },
    });
    const quiet = await createCampaign(actor, ZCreateCampaignInput.parse({ unsubscribe: { enabled: false, text: "" } }));
    expect(quiet.unsubscribe).toEqual({ enabled: false, text: "" });
    await expect(updateCampaign(actor, quiet.id, ZUpdateCampaignInput.parse({ unsubscribe: { enabled: true } }))).rejects.toMatchObject({
      status: 400,
      details: { fields: [{ field: "unsubscribe.text" }] },
    });
  });
});

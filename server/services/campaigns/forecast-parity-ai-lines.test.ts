// The campaign forecast against the real executor for per-lead AI lines, lead by lead: both ask the
// same core rule (ai-lines.ts). The forecast takes every line as written for a lead something is
// known of, and as missing for a lead nothing is known of, which is what the executor's writer does:
// here the first e-mail's line has no fallback and the step skips leads it would leave empty.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { sandboxDirectory } from "@/server/providers/linkedin/sandbox/directory";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { addTestCredits } from "@/server/test/factories";
import { campaignWith, connectBeforehand, forecastAll } from "@/server/test/forecast-parity-campaigns";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { updateCampaign } from "./update-campaign";
import { copySeed, fieldSeed, spinForFilling } from "../../domain/sequence/spintax";
import { sequenceOf } from "./executor/load-campaign-sequence";

const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setMailProvider("sandbox", undefined);
  setClock(systemClock);
});

describe("the forecast against the executor for AI lines, lead by lead", () => {
  it("k. an AI line without a fallback: leads nothing is known of skip the e-mail in both, the others get it", async () => {
    const { clock, actor, workspace } = await world("ailines", "2026-06-07T10:00:00Z", []);
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 100 } });
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Lines", email: "lines@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    const sequence: TSequenceInput = {
      steps: [
        {
          id: "hello",
          type: "email",
          nextDelayHours: 24,
          config: { subject: "Hello", text: "Hi,\n\n{{ai.icebreaker}}", whenValueMissing: "skip", aiVariables: [{ name: "icebreaker", prompt: "One line about their company" }] },
        },
        { id: "again", type: "email", parent: "hello", branch: "no", config: { text: "Any thoughts? {{ai.icebreaker|}}", aiVariables: [{ name: "icebreaker", prompt: "One line about their company" }] } },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Lines", emailAccountIds: [box.id], sequence, schedule: SCHEDULE }));
    const leads = Array.from({ length: 6 }, (_, index) => ({ email: `reader-line-${index}@lines.example`, ...(index % 2 === 0 ? { company: `Company ${index}` } : {}) }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 6);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: the three leads without a company skipped the first e-mail.
    const skipped = await db.campaignLeadStep.findMany({ where: { campaignId: campaign.id, stepId: "hello", status: "skipped" } });
    expect(skipped).toHaveLength(3);
    const written = await db.aiLine.findMany({ where: { campaignId: campaign.id, stepId: "hello", status: "ready" } });
    expect(written).toHaveLength(3);
    await expectParity(forecast, before);
  }, 180_000);

  it("l. AI lines that wait for approval: held once and approved at once in both, lead by lead", async () => {
    const { clock, actor, workspace } = await world("ailinesok", "2026-06-07T10:00:00Z", []);
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 100 } });
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Approved", email: "approved@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    const line = { name: "icebreaker", prompt: "One line about their company" };
    const sequence: TSequenceInput = {
      steps: [
        { id: "hello", type: "email", nextDelayHours: 24, config: { subject: "Hello", text: "Hi,\n\n{{ai.icebreaker|A short note.}}", aiVariables: [line], aiApproval: "required" } },
        { id: "again", type: "email", parent: "hello", branch: "no", config: { text: "Any thoughts?" } },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Approved lines", emailAccountIds: [box.id], sequence, schedule: SCHEDULE }));
    const leads = Array.from({ length: 5 }, (_, index) => ({ email: `reader-approved-${index}@lines.example`, ...(index !== 2 ? { company: `Company ${index}` } : {}) }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 6);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd), { approveAs: actor });

    // The scenario did what it is for: four lines waited for approval and were approved; the lead nothing is known of took the fallback.
    expect(await db.aiLine.count({ where: { campaignId: campaign.id, status: "approved" } })).toBe(4);
    expect(await db.aiLine.count({ where: { campaignId: campaign.id, status: "failed" } })).toBe(1);
    expect(await db.emailMessage.count({ where: { campaignId: campaign.id, status: "sent" } })).toBeGreaterThanOrEqual(5);
    await expectParity(forecast, before);
  }, 180_000);

  it("n. an AI line inside a spintax choice: only the leads whose version has it wait for its approval, in both", async () => {
    const { clock, actor, workspace } = await world("ailinesspin", "2026-06-07T10:00:00Z", []);
    await db.workspace.update({ where: { id: workspace.id }, data: { aiCreditBalance: 100 } });
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Spun", email: "spun@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    const text = "Hi,\n\n{{{ai.icebreaker}}|Hope all is well.}";
    const sequence: TSequenceInput = {
      steps: [
        { id: "hello", type: "email", nextDelayHours: 24, config: { subject: "Hello", text, fallbackText: "Hi, a short note.", aiVariables: [{ name: "icebreaker", prompt: "One line about their company" }], aiApproval: "required" } },
        { id: "again", type: "email", parent: "hello", branch: "no", config: { text: "Any thoughts?" } },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Spun lines", emailAccountIds: [box.id], sequence, schedule: SCHEDULE }));
    const leads = Array.from({ length: 8 }, (_, index) => ({ email: `reader-spun-${index}@lines.example`, company: `Company ${index}` }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));

    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 6);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd), { approveAs: actor });

    // The scenario did what it is for: some leads' version has the line (written, approved), the others' not (nothing written).
    const rows = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, select: { id: true } });
    const variantId = sequenceOf(campaign).steps[0]!.config.variants[0]!.id;
    const using = rows.filter((row) => spinForFilling(text, fieldSeed(copySeed(row.id, "hello", variantId), "body")).text.includes("ai.icebreaker")).length;
    expect(using).toBeGreaterThan(0);
    expect(using).toBeLessThan(8);
    expect(await db.aiLine.count({ where: { campaignId: campaign.id, status: "approved" } })).toBe(using);
    expect(await db.aiLine.count({ where: { campaignId: campaign.id } })).toBe(using);
    await expectParity(forecast, before);
  }, 180_000);

  it("m. AI lines in LinkedIn messages that wait for approval: held once, using no turn, in both", async () => {
    const { clock, actor, senders } = await world("ailinesli", "2026-06-07T10:00:00Z", ["rep0"]);
    await addTestCredits(actor.workspaceId, 100, "parity");
    const sequence: TSequenceInput = {
      steps: [
        {
          id: "hello",
          type: "message",
          nextDelayHours: 48,
          config: { text: "Hi {{firstName}}, {{ai.icebreaker|hope all is well.}}", aiVariables: [{ name: "icebreaker", prompt: "One line about their latest post" }], aiApproval: "required" },
        },
        { id: "visit", type: "visit_profile", parent: "hello", branch: "no" },
      ],
    };
    const campaign = await campaignWith(actor, { name: "Approved messages", pool: senders, sequence, prospects: sandboxDirectory().slice(40, 46) });
    for (const lead of campaign.leads) await connectBeforehand(actor, lead.senderId, lead.prospect);

    clock.set("2026-06-08T07:00:00Z");
    await updateCampaign(actor, campaign.id, { status: "active" });
    const { forecast, before } = (await forecastAll(actor, [campaign.id], 6))[0]!;
    await driveCampaigns(clock, new Date(forecast.horizonEnd), { approveAs: actor });

    expect(await db.aiLine.count({ where: { campaignId: campaign.id, status: "approved" } })).toBe(6);
    expect(await db.campaignLeadStep.count({ where: { campaignId: campaign.id, stepId: "hello", status: "done" } })).toBe(6);
    await expectParity(forecast, before);
  }, 180_000);
});

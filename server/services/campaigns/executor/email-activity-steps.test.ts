// The executor's side of the conditions on e-mail opens and clicks, beyond what the parity scenarios
// compare: an open recorded while the lead is paused at the condition moves it to the yes branch
// (it stays paused there), as an accepted invitation does; a lead back at a manual task step it
// reached before gets its task again.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { world } from "@/server/test/forecast-parity";
import { recordEmailOpen } from "../record-email-open";
import { addCampaignLeads } from "../add-campaign-leads";
import { createCampaign } from "../create-campaign";
import { pauseCampaignLead } from "../pause-campaign-lead";
import { updateCampaign } from "../update-campaign";
import { runExecutorPass } from "./run-executor-pass";

const SCHEDULE = { timezone: "UTC", activeHours: { from: "00:00", to: "24:00" }, activeDays: [1, 2, 3, 4, 5, 6, 7] };

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setClock(systemClock);
});

describe("conditions on e-mail opens in the executor", () => {
  it("moves a lead paused at the condition to the yes branch when the e-mail is opened, keeping it paused", async () => {
    const { clock, actor, workspace, senders } = await world("paused-open", "2026-06-08T08:00:00Z", ["rep0"]);
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Box", email: "paused-open@parity.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "UTC", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    const sequence: TSequenceInput = {
      steps: [
        { id: "hello", type: "email", nextDelayHours: 0, config: { subject: "Hello", text: "A note" } },
        { id: "opened", type: "if_email_opened", parent: "hello", config: { windowHours: 48 } },
        { id: "look", type: "visit_profile", parent: "opened", branch: "yes" },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Paused", linkedinAccountIds: senders, emailAccountIds: [box.id], sequence, schedule: SCHEDULE, tracking: { opens: "on", clicks: "off" } }));
    const prospect = sandboxDirectory()[150]!;
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), email: "nobody-opens-this@quiet.example" }] }));
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date("2026-06-08T08:30:00Z"));
    const waiting = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect([waiting.currentStepId, waiting.phase]).toEqual(["opened", "waiting"]);

    await pauseCampaignLead(actor, campaign.id, waiting.leadId);
    const email = await db.emailMessage.findFirstOrThrow({ where: { campaignLeadId: waiting.id, direction: "outbound" } });
    clock.set("2026-06-08T10:00:00Z");
    expect(await recordEmailOpen(email.trackingToken!, now())).toBe(true);
    const moved = await db.campaignLead.findUniqueOrThrow({ where: { id: waiting.id } });
    expect([moved.status, moved.currentStepId, moved.phase, moved.waitUntil?.toISOString()]).toEqual(["paused", "look", "ready", "2026-06-08T10:00:00.000Z"]);
    expect(await db.campaignLeadStep.findFirst({ where: { campaignLeadId: waiting.id, stepId: "opened" } })).toMatchObject({ outcome: "yes", detail: "Opened the e-mail" });
  }, 60_000);

  it("gives a lead back at a manual task step its task again", async () => {
    const { clock, actor, senders } = await world("task-again", "2026-06-08T08:00:00Z", ["rep0"]);
    const sequence: TSequenceInput = { steps: [{ id: "call", type: "task", config: { text: "Call them" } }, { id: "look", type: "visit_profile", parent: "call" }] };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Again", linkedinAccountIds: senders, sequence, schedule: SCHEDULE }));
    await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(sandboxDirectory()[151]!.publicIdentifier) }] }));
    await updateCampaign(actor, campaign.id, { status: "active" });
    await runExecutorPass({ parallelism: 1 });
    const lead = await db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id } });
    const first = await db.manualTask.findFirstOrThrow({ where: { campaignLeadId: lead.id } });
    // The task was cancelled meanwhile (say the lead failed, then was resumed at the step).
    await db.manualTask.update({ where: { id: first.id }, data: { status: "cancelled" } });
    await db.campaignLead.update({ where: { id: lead.id }, data: { phase: "ready", waitUntil: now() } });
    clock.set("2026-06-08T09:00:00Z");
    await runExecutorPass({ parallelism: 1 });
    const again = await db.manualTask.findUniqueOrThrow({ where: { id: first.id } });
    expect([again.status, again.dueAt.toISOString()]).toEqual(["pending", "2026-06-09T09:00:00.000Z"]);
    expect((await db.campaignLead.findUniqueOrThrow({ where: { id: lead.id } })).phase).toBe("approval");
  }, 60_000);
});

// The campaign forecast against the real executor for a lead run on both channels as one person:
// a reply on either channel ends the whole sequence, its other channel's steps too (q), and a spam
// complaint stops the lead altogether, or, where the workspace keeps LinkedIn steps going after an
// opt-out (optOutStopsLinkedin false), only its e-mails, while its LinkedIn steps run on (r).
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { updateCampaign } from "./update-campaign";

const CLOSED = sandboxDirectory().filter((prospect) => !prospect.openProfile);
const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setClock(systemClock);
});

async function campaignOf(label: string, sequence: TSequenceInput, leads: Array<{ profileUrl: string; email: string }>, options: { optOutStopsLinkedin?: boolean } = {}) {
  const { clock, actor, workspace, senders } = await world(label, "2026-06-07T10:00:00Z", ["rep0"]);
  if (options.optOutStopsLinkedin !== undefined) await db.workspace.update({ where: { id: workspace.id }, data: { optOutStopsLinkedin: options.optOutStopsLinkedin } });
  const box = await db.mailbox.create({
    data: { workspaceId: workspace.id, label, email: `${label}@parity.test`, provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 30, createdAt: now(), updatedAt: now() },
  });
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({ name: label, linkedinAccountIds: senders, emailAccountIds: [box.id], sequence, schedule: SCHEDULE, tracking: { opens: "on", clicks: "off" } }),
  );
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads }));
  return { clock, actor, campaign };
}

describe("the forecast against the executor for one person across both channels, lead by lead", () => {
  it("q. a reply on LinkedIn ends the lead's e-mails, and a reply by e-mail its LinkedIn steps", async () => {
    // Invite; once connected, a message with an hour's reply window, then e-mails (a late LinkedIn reply comes while they run);
    // not connected in time, e-mails, then a visit (an e-mail reply ends it before the visit).
    const sequence: TSequenceInput = {
      steps: [
        { id: "invite", type: "invite", branchDelays: { no: 120 } },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", nextDelayHours: 1, config: { text: "Thanks for connecting, {{firstName|there}}" } },
        { id: "mail", type: "email", parent: "thanks", branch: "no", nextDelayHours: 48, config: { subject: "Following up", text: "A short note" } },
        { id: "again", type: "email", parent: "mail", branch: "no", nextDelayHours: 48, config: { text: "Any thoughts?" } },
        { id: "cold", type: "email", parent: "invite", branch: "no", nextDelayHours: 48, config: { subject: "Hello", text: "We have not met" } },
        { id: "look", type: "visit_profile", parent: "cold", branch: "no" },
      ],
    };
    // The network's most responsive prospects, so that some connect, get the message and answer it late.
    const prospects = [...CLOSED].sort((a, b) => b.acceptRate * b.replyRate - a.acceptRate * a.replyRate).slice(0, 24);
    const leads = prospects.map((prospect, index) => ({
      profileUrl: sandboxProfileUrl(prospect.publicIdentifier),
      email: `${index % 4 === 0 ? "reply" : "reader"}-${prospect.publicIdentifier}@crossed.example`,
    }));
    const { clock, actor, campaign } = await campaignOf("crossed", sequence, leads);
    clock.set("2026-06-08T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 14);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for: leads replied on LinkedIn while on e-mail steps, and by e-mail while LinkedIn steps were ahead.
    const replied = await db.campaignLead.findMany({ where: { campaignId: campaign.id, status: "replied" }, select: { id: true, leadId: true, currentStepId: true } });
    const onLinkedin = new Set((await db.linkedinMessage.findMany({ where: { direction: "inbound", leadId: { in: replied.map((row) => row.leadId) } }, select: { leadId: true } })).map((row) => row.leadId));
    const byEmail = new Set((await db.emailMessage.findMany({ where: { campaignLeadId: { in: replied.map((row) => row.id) }, direction: "inbound", kind: "reply" }, select: { campaignLeadId: true } })).map((row) => row.campaignLeadId));
    const onEmailStep = (row: (typeof replied)[number]) => row.currentStepId === "mail" || row.currentStepId === "again";
    expect(replied.filter((row) => onEmailStep(row) && onLinkedin.has(row.leadId) && !byEmail.has(row.id)).length).toBeGreaterThan(0);
    expect(replied.filter((row) => row.currentStepId === "cold" && byEmail.has(row.id)).length).toBeGreaterThan(0);
    // No step of either channel after the reply.
    const after = await db.campaignLeadStep.count({ where: { campaignLeadId: { in: replied.map((row) => row.id) }, stepId: "look" } });
    expect(after).toBe(0);
    await expectParity(forecast, before);
  }, 180_000);

  it("r. a spam complaint stops the lead, unless the workspace keeps LinkedIn steps going: then only its e-mails stop", async () => {
    const sequence: TSequenceInput = {
      steps: [
        { id: "mail", type: "email", nextDelayHours: 24, config: { subject: "Hello {{firstName|there}}", text: "A short note" } },
        { id: "again", type: "email", parent: "mail", branch: "no", nextDelayHours: 24, config: { text: "Following up" } },
        { id: "look", type: "visit_profile", parent: "again", branch: "no", nextDelayHours: 1 },
        { id: "invite", type: "invite", parent: "look", branchDelays: { no: 48 } },
      ],
    };
    const leadsOf = (from: number) =>
      CLOSED.slice(from, from + 6).map((prospect, index) => ({
        profileUrl: sandboxProfileUrl(prospect.publicIdentifier),
        email: `${index < 2 ? "complain" : "reader"}-${prospect.publicIdentifier}@crossed.example`,
      }));
    for (const [label, keep, from] of [["stopping", true, 100], ["keeping", false, 110]] as const) {
      const { clock, actor, campaign } = await campaignOf(label, sequence, leadsOf(from), { optOutStopsLinkedin: keep });
      clock.set("2026-06-08T06:00:00Z");
      const { forecast, before } = await forecastOne(actor, campaign.id, 8);
      await updateCampaign(actor, campaign.id, { status: "active" });
      await driveCampaigns(clock, new Date(forecast.horizonEnd));
      const complained = await db.campaignLead.findMany({ where: { campaignId: campaign.id, lead: { email: { startsWith: "complain-" } } }, include: { journal: true } });
      expect(complained).toHaveLength(2);
      for (const row of complained) {
        if (keep) {
          expect(row.status).toBe("stopped");
          expect(row.journal.map((step) => step.stepId)).toEqual(["mail"]);
        } else {
          // The follow-up e-mail is skipped for the opted-out address; the visit and the invitation go out.
          expect(row.status).not.toBe("stopped");
          expect(Object.fromEntries(row.journal.map((step) => [step.stepId, step.status]))).toMatchObject({ mail: "done", again: "skipped", look: "done", invite: "done" });
        }
      }
      await expectParity(forecast, before);
    }
  }, 240_000);
});
